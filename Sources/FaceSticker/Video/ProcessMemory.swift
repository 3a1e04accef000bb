import Foundation

/// This process's memory use, as Linux reports it in `/proc/self/status`.
public enum ProcessMemory {
    /// The peak resident set size so far (VmHWM), in bytes; nil where unavailable.
    public static func peakResident() -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return nil }
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first
        return kilobytes.map { $0 * 1024 }
    }
}
