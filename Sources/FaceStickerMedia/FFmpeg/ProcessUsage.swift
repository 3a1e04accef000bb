import Foundation

/// This process's own resource use (its threads, not its children): what
/// `--stats` and the video benchmark report.
package enum ProcessUsage {
    /// The peak resident set size so far (VmHWM in `/proc/self/status`), in bytes; nil where unavailable.
    package static func peakResident() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { $0 * 1024 }
    }

    /// CPU seconds (user and system) used so far by all of this process's threads.
    package static func cpuSeconds() -> Double {
        var usage = rusage()
        guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }
}
