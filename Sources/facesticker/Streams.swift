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
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return try ImageFile.read(path: path)
        }
    }

    /// Encodes `image` as `format` (png or jpeg) and writes it to stdout.
    static func writeImage(_ image: RGBAImage, format: ImageFile.Format, quality: Int) throws {
        let bytes = try throughTemporary(extension: format == .png ? "png" : "jpg", name: stdoutName) { path -> [UInt8] in
            try ImageFile.write(image, to: path, quality: quality)
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        try Console.outBytes(bytes)
    }

    /// Runs `body` with a temporary file path (removed after, and by a signal);
    /// errors naming that path name `name` instead.
    private static func throughTemporary<T>(extension ext: String, name: String, _ body: (String) throws -> T) throws -> T {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("facesticker-stream-\(getpid())-\(UUID().uuidString.prefix(8)).\(ext)").path
        let token = Cleanup.temporary(path)
        defer {
            unlink(path)
            Cleanup.forget(token)
        }
        do {
            return try body(path)
        } catch let error as FaceStickerError {
            let reason = Self.reason(error, hiding: path)
            throw name == stdoutName ? FaceStickerError.output(path: name, reason: reason)
                : FaceStickerError.unreadable(path: name, reason: reason)
        }
    }

    private static func reason(_ error: FaceStickerError, hiding path: String) -> String {
        var text = "\(error)".replacingOccurrences(of: path, with: "")
        while text.hasPrefix(":") || text.hasPrefix(" ") { text.removeFirst() }
        return text
    }
}
