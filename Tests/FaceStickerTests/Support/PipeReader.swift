import Foundation

/// Reads a pipe to its end on another thread, so a child that fills one
/// pipe cannot block while the test reads the other.
final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    /// Everything read, once the pipe is closed.
    func wait() -> Data {
        done.wait()
        return data
    }

    /// Everything read, as UTF-8 text.
    func text() -> String { String(decoding: wait(), as: UTF8.self) }
}
