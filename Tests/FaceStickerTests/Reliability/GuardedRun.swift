import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `facesticker` as CLIRun does, but guarded: a run that does
/// not end within `deadline` seconds is killed and reported as hung (so a
/// hang fails the test instead of stalling the suite), a signal is reported
/// as a crash, and the child's peak memory is measured (its VmHWM, polled;
/// see `peakBytes`).
struct GuardedRun {
    let status: Int32
    /// The signal that ended the run, if one did (a crash, or our kill when hung).
    let signal: Int32?
    let hung: Bool
    let stdout: String
    let stderr: String
    /// Peak resident memory of the child, in bytes.
    let peakBytes: Int

    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }

    /// The deadline is generous on purpose (debug build, two shared cores): it
    /// tells a hang from a slow run, it measures no speed.
    init(_ arguments: [String], environment: [String: String] = [:], directory: String,
         deadline: Double = 300) throws {
        var env = ProcessInfo.processInfo.environment
        // scripts/check-memory.sh gives the sanitized CLI its own options.
        if let options = env["FACESTICKER_CLI_ASAN_OPTIONS"] { env["ASAN_OPTIONS"] = options }
        env.merge(environment) { $1 }
        let out = try Self.pipe(), err = try Self.pipe()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, out.write, 1)
        posix_spawn_file_actions_adddup2(&actions, err.write, 2)
        // posix_spawn cannot change folder here (Swift does not see addchdir_np),
        // so a shell does and then becomes the CLI: same process, same rusage.
        let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", directory, Fixtures.cli]
        let argv = (shell + arguments).map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, envp)
        close(out.write)
        close(err.write)
        guard spawned == 0 else {
            close(out.read)
            close(err.read)
            throw SpawnFailure(code: spawned)
        }
        let outData = Drain(out.read), errData = Drain(err.read)
        var raw: Int32 = 0
        var usage = rusage()
        var hung = false
        var polledPeak = 0
        let start = Date()
        while wait4(pid, &raw, WNOHANG, &usage) == 0 {
            polledPeak = max(polledPeak, Self.highWater(pid))
            if Date().timeIntervalSince(start) > deadline {
                hung = true
                kill(pid, SIGKILL)
                _ = wait4(pid, &raw, 0, &usage)
                break
            }
            usleep(5_000)
        }
        self.hung = hung
        let termination = raw & 0x7F
        signal = termination == 0 ? nil : termination
        status = termination == 0 ? (raw >> 8) & 0xFF : 128 + termination
        // wait4's maxrss starts from the RSS of the process that spawned it (posix_spawn
        // execs from our own address space): with the suite running, that is this test
        // runner's hundreds of MB. The child's own high-water mark (VmHWM, reset at exec),
        // polled every 5 ms, is its peak; a run too short to be polled keeps wait4's figure.
        peakBytes = polledPeak > 0 ? polledPeak : usage.ru_maxrss * 1024
        stdout = String(decoding: outData.wait(), as: UTF8.self)
        stderr = String(decoding: errData.wait(), as: UTF8.self)
    }

    /// The peak resident memory of `pid`'s current program (VmHWM), in bytes; 0 when unknown.
    private static func highWater(_ pid: pid_t) -> Int {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return (Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? 0) * 1024
    }

    /// A one-way channel whose ends are closed in every child but the one we
    /// hand them to (tests spawn in parallel: a write end leaked into another
    /// child would keep our reader waiting). A socket pair, because it can be
    /// made close-on-exec atomically, which Swift's Glibc offers no pipe2 for.
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw SpawnFailure(code: errno) }
        shutdown(fds[0], Int32(SHUT_WR))
        return (fds[0], fds[1])
    }

    struct SpawnFailure: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot start \(Fixtures.cli): \(String(cString: strerror(code)))" }
    }
}

/// Reads a pipe to its end on another thread, then closes it.
private final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ fd: Int32) {
        Thread.detachNewThread { [self] in
            data = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
            done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}
