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

    /// Reads the whole of stdin and decodes it (PNG or JPEG, told by the content).
    static func readImage() throws -> RGBAImage {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = retryingOnInterrupt { chunk.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) } }
            if n < 0 { throw FaceStickerError.unreadable(path: stdinName, reason: String(cString: strerror(errno))) }
            if n == 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > maxInputBytes {
                throw FaceStickerError.unreadable(path: stdinName, reason: "more than \(maxInputBytes >> 20) MiB, too large for a photo")
            }
        }
        guard !bytes.isEmpty else { throw FaceStickerError.unreadable(path: stdinName, reason: "empty (no image arrived)") }
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        let isJPEG = bytes.starts(with: [0xFF, 0xD8, 0xFF])
        guard isPNG || isJPEG else {
            throw FaceStickerError.unreadable(path: stdinName, reason: "not a PNG or JPEG image")
        }
        return try throughTemporary(extension: isPNG ? "png" : "jpg", name: stdinName) { path in
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: path))
            } catch {
                throw FaceStickerError.unreadable(path: stdinName, reason: "cannot be read: " + temporaryFolder(error))
            }
            return try ImageFile.read(path: path, shownAs: stdinName)
        }
    }

    /// Encodes `image` as `format` (png or jpeg) and writes it to stdout.
    static func writeImage(_ image: RGBAImage, format: ImageFile.Format, quality: Int) throws {
        let bytes = try throughTemporary(extension: format == .png ? "png" : "jpg", name: stdoutName) { path -> [UInt8] in
            do {
                try ImageFile.write(image, to: path, quality: quality)
                return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
            } catch FaceStickerError.output(_, let reason) {
                throw FaceStickerError.output(path: stdoutName, reason: temporaryFolder(reason))
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
        let path = (folder as NSString).appendingPathComponent("facesticker-stream-\(getpid())-\(UUID().uuidString.prefix(8)).\(ext)")
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
