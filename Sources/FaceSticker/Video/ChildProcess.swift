import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process (ffmpeg, ffprobe) with raw pipe ends for its stdin and
/// stdout. Its stderr is drained on a thread of its own so the child can never
/// block on a full pipe; the first and last lines are kept for error messages.
final class ChildProcess: @unchecked Sendable {
    /// The program's name, for messages.
    let name: String
    /// Write end of the child's stdin (nil when not requested).
    let input: FileHandle?
    /// Read end of the child's stdout (nil when not requested: it goes to /dev/null).
    let output: FileHandle?
    private let process = Process()
    private let exited = DispatchSemaphore(value: 0)
    private let log = LogTail()
    private let drained = DispatchSemaphore(value: 0)

    /// Starts `program` (looked up in PATH) with `arguments`.
    init(_ program: String, _ arguments: [String], input wantsInput: Bool = false, output wantsOutput: Bool = true) throws {
        name = program
        guard let path = Self.find(program) else {
            throw FaceStickerError.internal("\(program) not found in PATH (install Debian's ffmpeg package)")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let inPipe = wantsInput ? Pipe() : nil
        let outPipe = wantsOutput ? Pipe() : nil
        let errPipe = Pipe()
        process.standardInput = inPipe ?? FileHandle.nullDevice
        process.standardOutput = outPipe ?? FileHandle.nullDevice
        process.standardError = errPipe
        input = inPipe?.fileHandleForWriting
        output = outPipe?.fileHandleForReading
        let exited = exited
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw FaceStickerError.internal("cannot start \(program): \(error.localizedDescription)")
        }
        // Bigger pipes mean fewer wake-ups per frame (F_SETPIPE_SZ; capped by the kernel, failure is harmless).
        for handle in [input, output].compactMap({ $0 }) { _ = fcntl(handle.fileDescriptor, 1031, 1 << 20) }
        let errors = errPipe.fileHandleForReading
        Thread.detachNewThread { [log, drained] in
            while true {
                let chunk = errors.availableData
                if chunk.isEmpty { break }
                log.append(chunk)
            }
            drained.signal()
        }
    }

    /// The process id, for signals.
    var pid: Int32 { process.processIdentifier }

    /// Kills the child at once (used when the job is cancelled or fails).
    func kill() {
        if process.isRunning { _ = Glibc.kill(process.processIdentifier, SIGKILL) }
    }

    /// Closes our end of the child's stdin, which tells ffmpeg the input ended.
    func closeInput() {
        try? input?.close()
    }

    /// Waits for the child to end and for its stderr to be read; returns its
    /// exit status, or 128 + the signal number when a signal ended it.
    @discardableResult
    func wait() -> Int32 {
        exited.wait()
        exited.signal()
        drained.wait()
        drained.signal()
        let status = process.terminationStatus
        return process.terminationReason == .uncaughtSignal ? 128 + status : status
    }

    /// What the child wrote on stderr: the first lines and the last ones.
    var errorLines: [String] { log.lines }

    /// The first stderr line (ffmpeg states the cause first, then the consequences), for one-line messages.
    var firstError: String { log.lines.first(where: { !$0.isEmpty }) ?? "\(name) failed" }

    /// Runs a child to its end and returns its stdout; throws with its last stderr line on failure.
    static func capture(_ program: String, _ arguments: [String]) throws -> (status: Int32, output: Data, errors: [String]) {
        let child = try ChildProcess(program, arguments)
        let data = child.output?.readDataToEndOfFile() ?? Data()
        let status = child.wait()
        return (status, data, child.errorLines)
    }

    private static func find(_ program: String) -> String? {
        if program.contains("/") { return FileManager.default.isExecutableFile(atPath: program) ? program : nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(program)" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }
}
