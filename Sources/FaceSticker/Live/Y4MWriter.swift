import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes frames as a YUV4MPEG2 stream (`ffplay -`, `ffmpeg -i -`, and ffprobe
/// read it): a header line with size, rate and 4:2:0 limited-range colour,
/// then `FRAME` and the planes for each frame. To `-` (stdout), a device or a
/// pipe it writes straight away; a regular file is written under a temporary
/// name beside it and renamed when the run ends (`AtomicFile`'s rule), so a
/// failed run leaves nothing.
package final class Y4MWriter: LiveSink {
    package let path: String
    package let width: Int
    package let height: Int
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private let temporary: String?
    private var cleanupToken: Int?
    package private(set) var framesWritten = 0

    /// The header line for frames of `width` x `height` at `rate`.
    package static func header(width: Int, height: Int, rate: FrameRate) -> String {
        "YUV4MPEG2 W\(width) H\(height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n"
    }

    /// Opens `path` (`-`: stdout) and writes the header.
    package init(path: String, width: Int, height: Int, rate: FrameRate) throws {
        self.path = path
        self.width = width
        self.height = height
        if path == "-" {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
            temporary = nil
        } else {
            var info = stat()
            let exists = stat(path, &info) == 0
            let kind = info.st_mode & S_IFMT
            if exists, kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK {
                descriptor = open(path, O_WRONLY | O_CLOEXEC)
                temporary = nil
            } else {
                if exists, kind == S_IFDIR {
                    throw FaceStickerError.output(path: path, reason: "is a folder (name a .y4m file, or - for stdout)")
                }
                try AtomicFile.checkFolder(of: path)
                let folder = (path as NSString).deletingLastPathComponent
                let name = AtomicFile.temporaryName(for: (path as NSString).lastPathComponent)
                let temp = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
                cleanupToken = Cleanup.temporary(temp)
                descriptor = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                temporary = temp
            }
            guard descriptor >= 0 else {
                let reason = String(cString: strerror(errno))
                if let token = cleanupToken { Cleanup.forget(token) }
                throw FaceStickerError.output(path: path, reason: "cannot open: \(reason)")
            }
            ownsDescriptor = true
        }
        do {
            try send(Array(Self.header(width: width, height: height, rate: rate).utf8))
        } catch {
            abandon()
            throw error
        }
    }

    deinit { abandon() }

    package func write(_ frame: YUVFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw FaceStickerError.internal("y4m: a \(frame.width)x\(frame.height) frame in a \(width)x\(height) stream")
        }
        try send(Self.frameMarker)
        try send(frame.data)
        framesWritten += 1
    }

    /// Runs `body` with SIGPIPE blocked on this thread only, so a reader that leaves
    /// is EPIPE from write(2), not a signal that ends the process; a SIGPIPE left
    /// pending by it is taken before the mask is restored. Nothing process-wide changes.
    private func withoutSIGPIPE<T>(_ body: () throws -> T) rethrows -> T {
        var block = sigset_t(), old = sigset_t()
        sigemptyset(&block)
        sigaddset(&block, SIGPIPE)
        pthread_sigmask(SIG_BLOCK, &block, &old)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1, sigismember(&old, SIGPIPE) == 0 {
                var zero = timespec()
                _ = sigtimedwait(&block, nil, &zero)
            }
            pthread_sigmask(SIG_SETMASK, &old, nil)
        }
        return try body()
    }

    private static let frameMarker = Array("FRAME\n".utf8)

    private func send(_ bytes: [UInt8]) throws {
        try withoutSIGPIPE { try sendBlocked(bytes) }
    }

    private func sendBlocked(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var sent = 0
            while sent < buffer.count {
                let n = Glibc.write(descriptor, base + sent, buffer.count - sent)
                if n > 0 {
                    sent += n
                } else if n < 0, errno == EINTR {
                    continue
                } else if n < 0, errno == EPIPE {
                    throw LiveReaderGone(path: path == "-" ? "standard output" : path)
                } else {
                    let reason = n < 0 ? String(cString: strerror(errno)) : "nothing written"
                    throw FaceStickerError.output(path: path == "-" ? "standard output" : path, reason: reason)
                }
            }
        }
    }

    package func finish() throws {
        defer { forget() }
        if ownsDescriptor, descriptor >= 0, Glibc.close(descriptor) != 0 {
            let reason = String(cString: strerror(errno))
            if let temporary { unlink(temporary) }
            throw FaceStickerError.output(path: path, reason: "cannot close: \(reason)")
        }
        closed = true
        if let temporary, rename(temporary, path) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FaceStickerError.output(path: path, reason: reason)
        }
        renamed = true
    }

    private var closed = false
    private var renamed = false

    package func abandon() {
        if ownsDescriptor, !closed, descriptor >= 0 { _ = Glibc.close(descriptor) }
        closed = true
        if let temporary, !renamed { unlink(temporary) }
        renamed = true
        forget()
    }

    private func forget() {
        if let token = cleanupToken { Cleanup.forget(token) }
        cleanupToken = nil
    }
}
