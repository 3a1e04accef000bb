import FaceSticker
import Foundation
import Testing

/// One boot of the real-driver guest (scripts/vm/run.sh running scripts/vm/guest.sh) for the
/// whole `RealDriverTests` suite, and what its checks left in `.build/vm/results` (kept for
/// a person to look at: the pictures from the guest, each command's output).
final class RealDriverGuest: Sendable {
    /// What one guest check left: its exit status and output.
    struct Check {
        let name: String
        let status: Int32
        let stdout: String
        let stderr: String

        var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
        /// What the command printed after its start note ("... Ctrl-C stops"): for a failure, its one line.
        var linesAfterStart: [String] {
            let lines = stderrLines
            guard let start = lines.lastIndex(where: { $0.hasSuffix("Ctrl-C stops") }) else { return lines }
            return Array(lines[(start + 1)...])
        }
    }

    /// Where the results are.
    let results: URL
    /// Why the guest could not run here (no QEMU, the pinned packages gone from Debian's
    /// pool, no network), when it could not: the suite is skipped with this line.
    let unavailable: String?
    /// The run's own failure (a guest that hung, a job that failed), when the guest ran.
    let failure: String?

    static let shared = RealDriverGuest()

    private init() {
        results = Fixtures.root.appendingPathComponent(".build/vm/results")
        // FACESTICKER_VM_REUSE=1: assert on the last run's results again, without booting
        // (for work on these tests; `make test` always boots).
        if ProcessInfo.processInfo.environment["FACESTICKER_VM_REUSE"] == "1",
           FileManager.default.fileExists(atPath: results.appendingPathComponent("job.status").path) {
            unavailable = nil
            failure = nil
            return
        }
        try? FileManager.default.removeItem(at: results)
        try? FileManager.default.createDirectory(at: results, withIntermediateDirectories: true)
        let tests = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        let run: CLIRun
        do {
            run = try CLIRun(program: Fixtures.root.appendingPathComponent("scripts/vm/run.sh").path,
                             [results.path, "\(Self.guestLimit)", "scripts/vm/guest.sh", Fixtures.cli, tests],
                             deadline: Double(Self.guestLimit + 240))
        } catch {
            unavailable = "cannot start scripts/vm/run.sh: \(error)"
            failure = nil
            return
        }
        let why = run.stderrLines.last ?? "exit \(run.status)"
        switch run.status {
        case 0: unavailable = nil; failure = nil
        case 3: unavailable = why; failure = nil
        default: unavailable = nil; failure = "the guest run failed (exit \(run.status)): \(why)"
        }
    }

    /// The guest's own time limit, boot included (scripts/vm/run.sh kills it after).
    /// Generous (a run takes about 4 minutes alone on 2 cores, 8.5 beside two busy loops, 11 to
    /// 19 alone on a host where the emulation is three times slower): it tells a hang from a slow run.
    static let guestLimit = 2700

    /// The guest, booted on first use; the calling test is skipped with the reason when it
    /// cannot run on this machine, and fails when it ran and broke. Under `CI=true` the
    /// guest must run (set-up installs QEMU and what builds v4l2loopback): one that cannot
    /// is a failure with its reason, not a skip (issue #41).
    static func booted() throws -> RealDriverGuest {
        let guest = shared
        if let why = guest.unavailable {
            try #require(!Fixtures.underCI, "CI=true: the real-driver guest must run, and cannot: \(why)")
            try Test.cancel("the real-driver guest cannot run here: \(why)")
        }
        if let failure = guest.failure { Issue.record("\(failure)") }
        return guest
    }

    func path(_ name: String) -> String { results.appendingPathComponent(name).path }

    func text(_ name: String) -> String {
        (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
    }

    /// The check `name`, which must have run.
    func check(_ name: String) throws -> Check {
        let status = try #require(Int32(text("\(name).status").trimmingCharacters(in: .whitespacesAndNewlines)),
                                  "the guest did not run \(name): see \(path("job.log"))")
        return Check(name: name, status: status, stdout: text("\(name).out"), stderr: text("\(name).err"))
    }
}
