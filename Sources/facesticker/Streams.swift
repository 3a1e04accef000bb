import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `-` as an input (stdin) or an output (stdout) for images: the bytes go
/// through a temporary file, so the codecs see a file whatever the stream is,
/// and errors name `-` (standard input/output), never the temporary file.
enum Streams {
    /// How an input or output `-` is named in messages.
    static let stdinName = "- (standard input)"
    static let stdoutName = "- (standard output)"

    /// The most stdin may hold: a picture larger than this is no photo.
    static let maxInputBytes = 512 << 20

    /// Reads stdin and decodes it (PNG or JPEG, told by the content), bounded
    /// as a file is: its first bytes must be a PNG's or JPEG's, the size its
    /// header claims is checked as soon as the header has arrived, and only
    /// then is the rest copied, a chunk at a time, into a temporary file (at
    /// most `maxInputBytes`), which the codecs read as any picture file.
    static func readImage() throws -> RGBAImage {
        var head: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        /// The next bytes of stdin; empty at its end.
        func next() throws -> ArraySlice<UInt8> {
            let n = retryingOnInterrupt { chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) } }
            if n < 0 { throw FaceStickerError.unreadable(path: stdinName, reason: Errno.current.description) }
            return chunk[0..<n]
        }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47], jpeg: [UInt8] = [0xFF, 0xD8, 0xFF]
        func refuseUnlessPicture() throws {
            guard head.starts(with: png.prefix(head.count)) || head.starts(with: jpeg.prefix(head.count)) else {
                throw FaceStickerError.unreadable(path: stdinName, reason: "not a PNG or JPEG image")
            }
        }
        var ended = false
        while head.count < ImageFile.headerWindow, ImageFile.headerSize(bytes: head) == nil {
            let bytes = try next()
            if bytes.isEmpty { ended = true; break }
            head += bytes
            try refuseUnlessPicture()
        }
        guard !head.isEmpty else { throw FaceStickerError.unreadable(path: stdinName, reason: "empty (no image arrived)") }
        let isPNG = head.starts(with: png)
        guard isPNG || head.starts(with: jpeg) else {
            throw FaceStickerError.unreadable(path: stdinName, reason: "not a PNG or JPEG image")
        }
        if let (width, height) = ImageFile.headerSize(bytes: head) {
            try ImageFile.checkClaimedPixels(width: width, height: height, path: stdinName, png: isPNG)
        }
        return try throughTemporary(extension: isPNG ? "png" : "jpg", name: stdinName) { path in
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw keeping(errno) }
            defer { close(fd) }
            func write(_ bytes: ArraySlice<UInt8>) throws {
                var done = 0
                while done < bytes.count {
                    let n = retryingOnInterrupt {
                        bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress.map { $0 + done }, $0.count - done) }
                    }
                    guard n > 0 else { throw keeping(n < 0 ? errno : ENOSPC) }
                    done += n
                }
            }
            var total = head.count
            try write(head[...])
            head = []
            while !ended {
                let bytes = try next()
                if bytes.isEmpty { break }
                total += bytes.count
                guard total <= maxInputBytes else {
                    throw FaceStickerError.unreadable(path: stdinName, reason: "more than \(maxInputBytes >> 20) MiB, too large for a photo")
                }
                try write(bytes)
            }
            return try ImageFile.read(path: path, shownAs: stdinName)
        }
    }

    /// The error for stdin that cannot be kept in its temporary file.
    private static func keeping(_ code: Int32) -> FaceStickerError {
        .unreadable(path: stdinName, reason: "cannot be read: " + temporaryFolder(SystemReason.of(errno: code)))
    }

    /// Encodes `image` as `format` (png or jpeg) and writes it to stdout.
    static func writeImage(_ image: RGBAImage, format: ImageFile.Format, quality: Int) throws {
        let bytes = try throughTemporary(extension: format == .png ? "png" : "jpg", name: stdoutName) { path -> [UInt8] in
            do {
                try ImageFile.write(image, to: path, quality: quality)
                return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch FaceStickerError.output(_, let reason) {
                throw FaceStickerError.output(path: stdoutName, reason: "the temporary folder \(temporaryFolder) (TMPDIR): " + reason)
            } catch let error as FaceStickerError {
                throw error
            } catch {
                throw FaceStickerError.output(path: stdoutName, reason: temporaryFolder(error))
            }
        }
        try Console.outBytes(bytes)
    }

    /// The folder temporary files go to: `$TMPDIR`, else /tmp.
    private static var temporaryFolder: String { FileManager.default.temporaryDirectory.path }

    /// A failure to write or read the temporary file, as the reason people get:
    /// the folder, that TMPDIR chose it, and strerror's words.
    private static func temporaryFolder(_ error: Error) -> String { temporaryFolder(SystemReason.of(error)) }

    private static func temporaryFolder(_ reason: String) -> String {
        "the temporary folder \(temporaryFolder) (TMPDIR): \(reason)"
    }

    /// Runs `body` with a temporary file path (removed after, and by a signal);
    /// errors naming that path name `name` (standard input or output) instead.
    /// A temporary folder that is missing, not a folder or not writable is
    /// named before anything is tried.
    private static func throughTemporary<T>(extension ext: String, name: String, _ body: (String) throws -> T) throws -> T {
        let folder = temporaryFolder
        var info = stat()
        let problem: String? = stat(folder, &info) != 0 ? SystemReason.of(errno: errno)
            : info.st_mode & S_IFMT != S_IFDIR ? "not a folder"
            : access(folder, W_OK) != 0 ? SystemReason.of(errno: errno) : nil
        if let problem {
            let reason = temporaryFolder(problem)
            throw name == stdoutName ? FaceStickerError.output(path: name, reason: reason)
                : FaceStickerError.unreadable(path: name, reason: "cannot be read: " + reason)
        }
        let path = PathText.join(folder, "facesticker-stream-\(getpid())-\(UUID().uuidString.prefix(8)).\(ext)")
        let token = Cleanup.temporary(path)
        defer {
            unlink(path)
            Cleanup.forget(token)
        }
        do {
            return try body(path)
        } catch let error as FaceStickerError {
            throw error.naming(path, as: name)
        }
    }
}
