import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import FaceSticker

/// The one way the tests run a program: the built `facesticker` (`CLIRun(arguments)`), a
/// shell script around it (`CLIRun(shell:)`), or a tool such as ffmpeg (`CLIRun(program:)`);
/// `CLIRun.Running` is a run the test acts on while it goes (a signal, a key, its stderr so far).
///
/// Every run is guarded: one that does not end within `deadline` seconds is killed and
/// reported as `hung` (a hang fails its test instead of stalling the suite), a signal that
/// ended it is reported, and the child's peak memory is measured (`peakBytes`). Its stdout
/// and stderr are read while it runs, so a chatty child cannot block on a full pipe.
struct CLIRun {
    /// The exit status; 128 + the signal when a signal ended the run (as a shell reports it).
    let status: Int32
    /// The signal that ended the run, if one did (a crash, or our kill when hung).
    let signal: Int32?
    /// Still running at the deadline, and killed.
    let hung: Bool
    let stdout: String
    /// Raw stdout, for binary output (an image on `-o -`).
    let stdoutData: Data
    let stderr: String
    /// Peak resident memory of the child, in bytes.
    let peakBytes: Int

    var stdoutLines: [String] { stdout.split(separator: "\n").map(String.init) }
    var stderrLines: [String] { stderr.split(separator: "\n").map(String.init) }
    /// stdout, then stderr (not interleaved).
    var output: String { stdout + stderr }

    /// Generous on purpose (debug build, two shared cores): it tells a hang from a slow run,
    /// it measures no speed.
    static let deadline: Double = 600

    private init(status: Int32, signal: Int32?, hung: Bool, stdout: Data, stderr: Data, peakBytes: Int) {
        self.status = status
        self.signal = signal
        self.hung = hung
        self.stdout = String(decoding: stdout, as: UTF8.self)
        stdoutData = stdout
        self.stderr = String(decoding: stderr, as: UTF8.self)
        self.peakBytes = peakBytes
    }

    /// Runs the built `facesticker`. `stdin`: bytes fed to standard input (default: none,
    /// /dev/null); `environment`: added to the test runner's; `directory`: where it runs
    /// (default: the package root).
    init(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil, directory: String? = nil,
         deadline: Double = CLIRun.deadline) throws {
        self = try Running(arguments, environment: environment, stdin: stdin, directory: directory)
            .finish(deadline: deadline)
    }

    /// Runs `sh -c script` with the CLI as `$0` (and as `$FS`) and `arguments` as `$@`.
    init(shell script: String, _ arguments: [String] = [], environment: [String: String] = [:],
         directory: String? = nil, deadline: Double = CLIRun.deadline) throws {
        self = try Running(program: "/bin/sh", ["-c", script, Fixtures.cli] + arguments,
                           environment: ["FS": Fixtures.cli].merging(environment) { $1 }, directory: directory)
            .finish(deadline: deadline)
    }

    /// Runs another program by its path. `inherit: false`: `environment` is the whole environment.
    init(program: String, _ arguments: [String], environment: [String: String] = [:], inherit: Bool = true,
         directory: String? = nil, deadline: Double = CLIRun.deadline) throws {
        self = try Running(program: program, arguments, environment: environment, inherit: inherit,
                           directory: directory).finish(deadline: deadline)
    }

    /// A started run. It starts with an empty signal mask and every signal at its default (a
    /// thread of the test runner may block or ignore some), in `directory` through a shell that
    /// then becomes the program (posix_spawn cannot change folder here: Swift does not see
    /// addchdir_np), so the pid, the rusage and the memory are the program's own. Dropped
    /// while still running, it is killed.
    final class Running {
        let pid: pid_t
        private let output: Capture
        private let errors: Capture
        private var ended: (raw: Int32, usage: rusage)?
        private var polledPeak = 0

        /// The built `facesticker`, as `CLIRun(arguments)` runs it.
        convenience init(_ arguments: [String], environment: [String: String] = [:], stdin: Data? = nil,
                         directory: String? = nil) throws {
            try self.init(program: Fixtures.cli, arguments, environment: environment, stdin: stdin, directory: directory)
        }

        init(program: String, _ arguments: [String], environment: [String: String] = [:], inherit: Bool = true,
             stdin: Data? = nil, directory: String? = nil) throws {
            var env = inherit ? ProcessInfo.processInfo.environment : [:]
            // scripts/check-memory.sh gives the sanitized CLI its own options.
            if let options = env["FACESTICKER_CLI_ASAN_OPTIONS"] { env["ASAN_OPTIONS"] = options }
            env.merge(environment) { $1 }
            let out = try Self.channel(), err = try Self.channel()
            let input = try stdin.map { _ in try Self.channel() }
            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            if let input {
                posix_spawn_file_actions_adddup2(&actions, input.theirs, 0)
            } else {
                posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            }
            posix_spawn_file_actions_adddup2(&actions, out.theirs, 1)
            posix_spawn_file_actions_adddup2(&actions, err.theirs, 2)
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var none = sigset_t(), all = sigset_t()
            sigemptyset(&none)
            sigfillset(&all)
            sigdelset(&all, SIGKILL)
            sigdelset(&all, SIGSTOP)
            posix_spawnattr_setsigmask(&attributes, &none)
            posix_spawnattr_setsigdefault(&attributes, &all)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
            let folder = directory ?? Fixtures.root.path
            let shell = ["/bin/sh", "-c", "cd \"$0\" && exec \"$@\"", folder, program]
            let argv = (shell + arguments).map { strdup($0) } + [nil]
            let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
            defer { (argv + envp).forEach { free($0) } }
            var pid: pid_t = 0
            let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, envp)
            for channel in [out, err] + (input.map { [$0] } ?? []) { close(channel.theirs) }
            guard spawned == 0 else {
                for channel in [out, err] + (input.map { [$0] } ?? []) { close(channel.ours) }
                throw SpawnFailure(program: program, code: spawned)
            }
            self.pid = pid
            output = Capture(out.ours)
            errors = Capture(err.ours)
            if let input, let stdin {
                // Fed from another thread: the child may fill stdout before it has read all of stdin.
                // MSG_NOSIGNAL: a child that stops reading must not end the test run.
                let fd = input.ours
                Thread.detachNewThread {
                    stdin.withUnsafeBytes { bytes in
                        var offset = 0
                        while offset < bytes.count {
                            let n = send(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
                            if n < 0 && errno == EINTR { continue }
                            if n <= 0 { break }
                            offset += n
                        }
                    }
                    close(fd)
                }
            }
        }

        deinit {
            if ended == nil {
                kill(pid, SIGKILL)
                _ = reap(blocking: true)
            }
        }

        /// What it wrote so far.
        var stdout: String { String(decoding: output.soFar, as: UTF8.self) }
        var stderr: String { String(decoding: errors.soFar, as: UTF8.self) }

        /// Waits until stderr holds `text`; false after `seconds`.
        func waitFor(_ text: String, seconds: Double = 10) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while Date() < deadline {
                if stderr.contains(text) { return true }
                Thread.sleep(forTimeInterval: 0.1)
            }
            return false
        }

        /// Waits up to `seconds` for it to end: its status, or nil while it still runs (it goes on).
        func wait(seconds: Double) -> Int32? {
            let deadline = Date().addingTimeInterval(seconds)
            while !reap(blocking: false) {
                if Date() > deadline { return nil }
                usleep(5_000)
            }
            return Self.status(ended?.raw ?? 0)
        }

        /// Waits for the end, killing it after `deadline` seconds (then `hung`), and reads its
        /// output to the end (what a grandchild still holding it open writes later is not waited for).
        func finish(deadline: Double = CLIRun.deadline) -> CLIRun {
            let start = Date()
            var hung = false
            while !reap(blocking: false) {
                if Date().timeIntervalSince(start) > deadline {
                    hung = true
                    kill(pid, SIGKILL)
                    _ = reap(blocking: true)
                    break
                }
                usleep(5_000)
            }
            let raw = ended?.raw ?? 0
            let termination = raw & 0x7F
            // wait4's maxrss starts from the RSS of the process that spawned it (posix_spawn
            // execs from our own address space): with the suite running, that is this test
            // runner's hundreds of MB. The child's own high-water mark (VmHWM, reset at exec),
            // polled every 5 ms, is its peak; a run too short to be polled keeps wait4's figure.
            let maxrss = Int(ended?.usage.ru_maxrss ?? 0) * 1024
            let outData = output.wait(seconds: 30), errData = errors.wait(seconds: 30)
            return CLIRun(status: Self.status(raw), signal: termination == 0 ? nil : termination, hung: hung,
                          stdout: outData, stderr: errData, peakBytes: polledPeak > 0 ? polledPeak : maxrss)
        }

        /// Reaps the child if it ended (or waits for it when `blocking`); true once it has.
        private func reap(blocking: Bool) -> Bool {
            if ended != nil { return true }
            var raw: Int32 = 0
            var usage = rusage()
            while true {
                let reaped = wait4(pid, &raw, blocking ? 0 : WNOHANG, &usage)
                if reaped == pid {
                    ended = (raw, usage)
                    return true
                }
                if reaped == 0 {
                    polledPeak = max(polledPeak, Self.highWater(pid))
                    return false
                }
                if errno == EINTR { continue }
                // Not our child any more (reaped elsewhere): nothing more to learn.
                ended = (0x7F00, usage)
                return true
            }
        }

        private static func status(_ raw: Int32) -> Int32 {
            let termination = raw & 0x7F
            return termination == 0 ? (raw >> 8) & 0xFF : 128 + termination
        }

        /// The peak resident memory of `pid`'s current program (VmHWM), in bytes; 0 when unknown.
        private static func highWater(_ pid: pid_t) -> Int {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                  let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
            return (Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") ?? 0) * 1024
        }

        /// A one-way channel whose ends are closed in every child but the one we hand
        /// `theirs` to (tests spawn in parallel: a write end leaked into another child would
        /// keep our reader waiting). A socket pair, because it can be made close-on-exec
        /// atomically, which Swift's Glibc offers no pipe2 for.
        private static func channel() throws -> (ours: Int32, theirs: Int32) {
            var fds: [Int32] = [0, 0]
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            guard socketpair(AF_UNIX, type, 0, &fds) == 0 else { throw SpawnFailure(program: "a socket pair", code: errno) }
            return (fds[0], fds[1])
        }
    }

    struct SpawnFailure: Error, CustomStringConvertible {
        let program: String
        let code: Int32
        var description: String { "cannot start \(program): \(Errno(code).description)" }
    }
}

/// One stream of a child, read to its end on a thread of its own.
private final class Capture: Sendable {
    private let fd: Int32
    private let bytes = Mutex(Data())
    private let done = DispatchSemaphore(value: 0)

    init(_ fd: Int32) {
        self.fd = fd
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                bytes.withLock { $0.append(contentsOf: chunk[0..<n]) }
            }
            done.signal()
        }
    }

    deinit { close(fd) }

    /// What arrived so far.
    var soFar: Data { bytes.withLock { $0 } }

    /// Everything, once the stream ends; after `seconds`, what arrived by then (the stream is
    /// shut, which ends the read).
    func wait(seconds: Double) -> Data {
        if done.wait(timeout: .now() + seconds) == .timedOut {
            shutdown(fd, Int32(SHUT_RDWR))
            done.wait()
        }
        done.signal() // for a later wait
        return soFar
    }
}
