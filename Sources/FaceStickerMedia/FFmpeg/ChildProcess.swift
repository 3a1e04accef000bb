import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative

/// A child process (ffmpeg, ffprobe) with raw pipe ends for its stdin and
/// stdout. Its stderr is drained on a thread of its own so the child can never
/// block on a full pipe; the first and last lines are kept for error messages.
///
/// Children start with every signal at its default (whatever we ignore), in a
/// process group of their own that `Cleanup` kills when a signal ends us, and
/// die with us even when we are killed outright (`proc_spawn`'s death signal).
package final class ChildProcess: Sendable {
    /// The program's name, for messages.
    package let name: String
    /// Write end of the child's stdin (nil when not requested).
    package let input: FileHandle?
    /// Read end of the child's stdout (nil when not requested: it goes to /dev/null).
    package let output: FileHandle?
    /// The process id, also its process group's.
    package let pid: Int32
    private let exited = DispatchSemaphore(value: 0)
    private let status = ExitCode()
    private let log = LogTail()
    private let drained = DispatchSemaphore(value: 0)
    private let cleanupToken: Int

    /// Starts `program` (looked up in PATH) with `arguments`.
    package init(_ program: String, _ arguments: [String], input wantsInput: Bool = false, output wantsOutput: Bool = true) throws {
        name = program
        guard let path = Self.find(program) else {
            throw FaceStickerError.internal("\(program) not found in PATH (install Debian's ffmpeg package)")
        }
        let inPipe = wantsInput ? try Self.pipe(program) : nil
        let outPipe = wantsOutput ? try Self.pipe(program) : nil
        let errPipe = try Self.pipe(program)
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        let started = Result { () throws(Errno) in
            try ProcessCalls.spawn(path, arguments: [path] + arguments, environment: environment,
                                     input: inPipe?.read ?? -1, output: outPipe?.write ?? -1, error: errPipe.write)
        }
        // The child's ends are the child's now.
        [inPipe?.read, outPipe?.write, errPipe.write].compactMap { $0 }.forEach { close($0) }
        let spawned: Int32
        switch started {
        case .success(let child): spawned = child
        case .failure(let failure):
            [inPipe?.write, outPipe?.read, errPipe.read].compactMap { $0 }.forEach { close($0) }
            throw FaceStickerError.internal("cannot start \(program): \(failure.description)")
        }
        pid = spawned
        cleanupToken = Cleanup.group(spawned)
        input = inPipe.map { FileHandle(fileDescriptor: $0.write, closeOnDealloc: true) }
        output = outPipe.map { FileHandle(fileDescriptor: $0.read, closeOnDealloc: true) }
        // Bigger pipes mean fewer wake-ups per frame (F_SETPIPE_SZ; capped by the kernel, failure is harmless).
        for handle in [input, output].compactMap({ $0 }) { _ = fcntl(handle.fileDescriptor, 1031, 1 << 20) }
        let errors = FileHandle(fileDescriptor: errPipe.read, closeOnDealloc: true)
        Thread.detachNewThread { [log, drained] in
            while true {
                let chunk = (try? errors.read(upToCount: 65536)) ?? Data()
                if chunk.isEmpty { break }
                log.append(chunk)
            }
            drained.signal()
        }
        Thread.detachNewThread { [exited, status, cleanupToken] in
            // A child that cannot be waited for (already reaped) reads as a clean exit, as it always has.
            let code = (try? ProcessCalls.wait(spawned)) ?? 0
            status.value.withLock { $0 = code }
            Cleanup.forget(cleanupToken)
            exited.signal()
        }
    }

    /// Kills the child and its group at once (used when the job is cancelled or fails).
    package func kill() {
        status.value.withLock { code in
            if code == nil { _ = Glibc.kill(-pid, SIGKILL) }
        }
    }

    /// Closes our end of the child's stdin, which tells ffmpeg the input ended.
    package func closeInput() {
        try? input?.close()
    }

    /// Waits for the child to end and for its stderr to be read; returns its
    /// exit status, or 128 + the signal number when a signal ended it.
    @discardableResult
    package func wait() -> Int32 {
        exited.wait()
        exited.signal()
        drained.wait()
        drained.signal()
        return status.value.withLock { $0 } ?? 1
    }

    /// What the child wrote on stderr: the first lines and the last ones.
    package var errorLines: [String] { log.lines }

    /// The first stderr line (ffmpeg states the cause first, then the consequences), for one-line messages.
    package var firstError: String { log.lines.first(where: { !$0.isEmpty }) ?? "\(name) failed" }

    /// Runs a child to its end and returns its stdout; throws with its last stderr line on failure.
    package static func capture(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: Data, errors: [String]) {
        let child = try ChildProcess(program, arguments)
        let data = child.output?.readDataToEndOfFile() ?? Data()
        let status = child.wait()
        return (status, data, child.errorLines)
    }

    /// A close-on-exec pipe, so no other child inherits an end of it.
    private static func pipe(_ program: String) throws -> (read: Int32, write: Int32) {
        do {
            return try ProcessCalls.pipe()
        } catch {
            throw FaceStickerError.internal("cannot start \(program): \(error.description)")
        }
    }

    private static func find(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}

/// A child's exit status once it is reaped (nil before), shared with the reaping thread.
private final class ExitCode: Sendable {
    let value = Mutex<Int32?>(nil)
}
