import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative
import FaceStickerMedia

/// Writes frames as a YUV4MPEG2 stream (`ffplay -`, `ffmpeg -i -`, and ffprobe
/// read it): a header line with size, rate and 4:2:0 limited-range colour,
/// then `FRAME` and the planes for each frame. To `-` (stdout), a device or a
/// pipe it writes straight away (a FIFO once a reader opens it); a regular file is written under a temporary
/// name beside it and renamed when the run ends (`AtomicFile`'s rule), so a
/// failed run leaves nothing.
package final class Y4MWriter: FrameSink {
    package let path: String
    package let width: Int
    package let height: Int
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    /// A regular file's temporary, renamed into place by `finish`.
    private let pending: AtomicFile.Pending?
    package private(set) var framesWritten = 0

    /// The header line for frames of `width` x `height` at `rate`.
    package static func header(width: Int, height: Int, rate: FrameRate) -> String {
        "YUV4MPEG2 W\(width) H\(height) F\(rate.numerator):\(rate.denominator) Ip A1:1 C420mpeg2 XCOLORRANGE=LIMITED\n"
    }

    /// Opens `path` (`-`: stdout) and writes the header. A FIFO nobody reads
    /// yet is waited for, as ffmpeg does, after `waiting` is called (to say
    /// so); a signal meanwhile ends the run as ever (nothing blocks it).
    package init(path: String, width: Int, height: Int, rate: FrameRate, waiting: () -> Void = {}) throws {
        self.path = path
        self.width = width
        self.height = height
        if path == "-" {
            descriptor = STDOUT_FILENO
            ownsDescriptor = false
            pending = nil
        } else {
            let kind = FileKind(path: path)
            if kind == .fifo {
                descriptor = Self.openPipe(path, waiting: waiting)
                pending = nil
            } else if kind == .blockDevice {
                throw FaceStickerError.output(path: path, reason: "is a disk (a block device); name a .y4m file, or - for stdout")
            } else if kind.isStream {
                descriptor = open(path, O_WRONLY | O_CLOEXEC)
                pending = nil
            } else {
                if kind == .folder {
                    throw FaceStickerError.output(path: path, reason: "is a folder (name a .y4m file, or - for stdout)")
                }
                let file = try AtomicFile.Pending(for: path)
                descriptor = open(file.temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                pending = file
            }
            guard descriptor >= 0 else {
                let reason = Errno.current.description
                pending?.abandon()
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

    /// Opens a FIFO for writing: at once when a reader has it open, else,
    /// after `waiting`, when one comes (an open interrupted by a signal is
    /// tried again; the signal's own handler ends the run). The descriptor
    /// ends up blocking; -1 with `errno` set on failure.
    private static func openPipe(_ path: String, waiting: () -> Void) -> Int32 {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if fd >= 0 {
            let flags = fcntl(fd, F_GETFL)
            if flags == -1 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == -1 {
                let code = errno
                _ = Glibc.close(fd)
                errno = code
                return -1
            }
            return fd
        }
        guard errno == ENXIO else { return -1 }
        waiting()
        return retryingOnInterrupt { open(path, O_WRONLY | O_CLOEXEC) }
    }

    package func write(_ frame: YUVFrame) throws {
        guard frame.width == width, frame.height == height else {
            throw FaceStickerError.internal("y4m: a \(frame.width)x\(frame.height) frame in a \(width)x\(height) stream")
        }
        try send(Self.frameMarker)
        try send(frame.data)
        framesWritten += 1
    }

    private static let frameMarker = Array("FRAME\n".utf8)

    /// Writes `bytes` whole with SIGPIPE blocked for this write only (`ProcessCalls.writeAll`,
    /// as the video encoder does): a reader that leaves is EPIPE, not a signal that ends us.
    private func send(_ bytes: [UInt8]) throws {
        let sent = bytes.withUnsafeBytes { bytes in
            Result { () throws(Errno) in try ProcessCalls.writeAll(descriptor, bytes) }
        }
        guard case .failure(let failure) = sent else { return }
        let name = path == "-" ? "standard output" : path
        if failure.code == EPIPE { throw LiveReaderGone(path: name) }
        throw FaceStickerError.output(path: name, reason: failure.description)
    }

    package func finish() throws {
        if ownsDescriptor, !closed, descriptor >= 0, Glibc.close(descriptor) != 0 {
            let reason = Errno.current.description
            closed = true
            pending?.abandon()
            throw FaceStickerError.output(path: path, reason: "cannot close: \(reason)")
        }
        closed = true
        try pending?.commit()
    }

    private var closed = false

    package func abandon() {
        if ownsDescriptor, !closed, descriptor >= 0 { _ = Glibc.close(descriptor) }
        closed = true
        pending?.abandon()
    }
}

/// The reader of a stream went away (`| head`, a player closed): the run ends quietly.
package struct LiveReaderGone: Error, CustomStringConvertible {
    package let path: String
    package var description: String { "\(path): the reader closed the stream" }
}
