import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative

/// Reads and writes image files: PNG through libpng, JPEG (and whatever else
/// OpenCV decodes) through OpenCV's codecs.
public enum ImageFile {
    /// The formats `write` can produce, chosen by the file's extension.
    public enum Format: String, Sendable {
        case png, jpeg

        /// The format a path's extension names (`.png`, `.jpg`, `.jpeg`, any case), or nil.
        public init?(path: String) {
            switch PathText.extension(of: path).lowercased() {
            case "png": self = .png
            case "jpg", "jpeg": self = .jpeg
            default: return nil
            }
        }
    }

    /// Decodes an image file to straight-alpha RGBA, upright (JPEG EXIF
    /// orientation applied). PNG is recognised by its signature, not its name.
    /// A JPEG the decoder read past damage in (cut short, stray bytes) is still
    /// a picture; its warning goes to `Warnings`.
    public static func read(path: String) throws -> RGBAImage {
        try read(path: path, shownAs: path)
    }

    /// `read(path:)`, with the warning naming `name` (`path` is a temporary
    /// copy of standard input, say).
    package static func read(path: String, shownAs name: String) throws -> RGBAImage {
        let (image, damage) = try readReportingDamage(path: path)
        if let damage { Warnings.emit(damageWarning(name, damage)) }
        return image
    }

    /// The warning for a picture decoded past `damage`, naming it `name`.
    package static func damageWarning(_ name: String, _ damage: String) -> String {
        "\(name): damaged JPEG (\(damage)); decoded what was readable"
    }

    /// `read(path:)`, with what the JPEG decoder read past (nil: nothing)
    /// returned instead of reported: `--skip-existing` redoes such an output.
    package static func readReportingDamage(path: String) throws -> (image: RGBAImage, damage: String?) {
        try InputPath.check(path)
        let png = try isPNG(path: path)
        try checkClaimedSize(path: path, png: png)
        if png { return (try LibPNG.read(path: path), nil) }
        let (image, warning) = try OpenCV.readImage(path: path)
        return (image, warning)
    }

    /// The most pixels a picture may have (2^28, 1 GiB as RGBA): a forged header
    /// must not make us allocate whatever it claims.
    package static let maxPixels = 1 << 28

    /// The one check of what a PNG's or JPEG's header claims, before any decoder
    /// allocates it: no more than `maxPixels`, and no more than the file's bytes
    /// can hold, so a tiny forged file cannot cost gigabytes before decoding finds
    /// the data missing (an 884-byte JPEG claiming 30000x30000 once took 7 GB).
    /// PNG rows take at least a filter byte and a bit per pixel, deflated at most
    /// 1032:1; a Huffman-coded JPEG's first scan codes every block of a component,
    /// which covers at most 32x32 pixels (8x8, subsampled by at most 4), in at
    /// least a bit. (Arithmetic-coded JPEGs can do better; none so uniform is
    /// accepted.) Other formats are left to OpenCV's own limits.
    private static func checkClaimedSize(path: String, png: Bool) throws {
        guard let (width, height) = headerSize(path: path), width > 0, height > 0 else { return }
        try checkClaimedPixels(width: width, height: height, path: path, png: png)
        let claim = "\(width)x\(height) pixels"
        func refuse(_ reason: String) -> FaceStickerError {
            .unreadable(path: path, reason: png ? "PNG \(reason)" : "not a readable image (JPEG \(reason))")
        }
        // stat, not FileManager's attributes: those describe a symlink itself, not the file it names.
        var status = stat()
        guard stat(path, &status) == 0, let fileBytes = Int(exactly: status.st_size) else { return }
        let holds = png ? fileBytes >= Int.max / 1032 || height * (1 + (width + 7) / 8) <= fileBytes * 1032
            : ((width + 31) / 32) * ((height + 31) / 32) / 8 <= fileBytes
        if !holds {
            throw refuse("header claims \(claim), more than its \(fileBytes) bytes can hold")
        }
    }

    /// The first half of `checkClaimedSize`, for a picture still arriving (stdin):
    /// a claim of more than `maxPixels` is refused. `path` names it in the error.
    package static func checkClaimedPixels(width: Int, height: Int, path: String, png: Bool) throws {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard overflow || pixels > maxPixels else { return }
        // A JPEG's refusal reads as the decoder's would: it is not a readable image.
        let claim = "\(width)x\(height) pixels"
        throw FaceStickerError.unreadable(path: path, reason: png ? "PNG is \(claim), more than the \(maxPixels) allowed"
            : "not a readable image (JPEG header claims \(claim), more than the \(maxPixels) allowed)")
    }

    /// How far into a file its header is looked for: 512 KiB.
    package static let headerWindow = 512 << 10

    /// The width and height a PNG's or JPEG's header states, read without
    /// decoding (from its first `headerWindow` bytes); nil for other files or no header found.
    /// The one reader of header sizes (`read` checks them before decoding).
    package static func headerSize(path: String) -> (width: Int, height: Int)? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        return headerSize(bytes: Array((try? handle.read(upToCount: headerWindow)) ?? Data()))
    }

    /// `headerSize(path:)` for the first bytes of a file; nil also when they stop before the header does.
    package static func headerSize(bytes: [UInt8]) -> (width: Int, height: Int)? {
        func be(_ at: Int, _ count: Int) -> Int { bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) } }
        if bytes.count >= 24, Array(bytes.prefix(8)) == pngSignature, bytes[12..<16].elementsEqual("IHDR".utf8) {
            return (be(16, 4), be(20, 4))
        }
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var i = 2
        while i + 3 < bytes.count {
            guard bytes[i] == 0xFF else { return nil }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue } // fill byte
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { i += 2; continue }
            let length = be(i + 2, 2)
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= bytes.count else { return nil }
                return (be(i + 7, 2), be(i + 5, 2))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    /// Whether the file starts with the PNG signature.
    package static func isPNG(path: String) throws -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FaceStickerError.unreadable(path: path, reason: InputPath.cannotOpen(errno)) }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: pngSignature.count)
        let count = head.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        return count == pngSignature.count && head == pngSignature
    }

    /// The JPEG quality used when none is given (the CLI's `--quality`, preview shots).
    public static let defaultJPEGQuality = 92
    /// The JPEG qualities there are.
    public static let qualityRange = 1...100

    /// Writes `image` to `path` as PNG (`.png`) or JPEG (`.jpg`, `.jpeg`, at
    /// `quality` 1...100), through a temporary file beside it and a rename, so
    /// a failure never leaves a partial file. A PNG keeps its alpha channel
    /// only when some pixel is not opaque. Other extensions are refused.
    public static func write(_ image: RGBAImage, to path: String, quality: Int = defaultJPEGQuality) throws {
        try write(image, to: path, quality: quality, replacing: true)
    }

    /// `write(_:to:quality:)`; with `replacing` false, a file that appeared at `path`
    /// while the picture was made is not replaced (the CLI without `-y`); `record`:
    /// what the picture is, kept with it (`OutputRecord`).
    package static func write(_ image: RGBAImage, to path: String, quality: Int = defaultJPEGQuality, replacing: Bool,
                              record: OutputRecord? = nil) throws {
        guard let format = Format(path: path) else {
            throw FaceStickerError.output(path: path, reason: "unknown image type (use .png, .jpg or .jpeg)")
        }
        // AtomicFile names `path`, not the temporary file the encoders saw, in any error.
        try AtomicFile.write(to: path, replacing: replacing) { temporary in
            switch format {
            case .png: try LibPNG.write(image, path: temporary, alpha: !isOpaque(image))
            case .jpeg: try OpenCV.writeJPEG(image, path: temporary, quality: quality)
            }
            record?.write(to: temporary)
        }
    }

    /// Whether every pixel has alpha 255.
    package static func isOpaque(_ image: RGBAImage) -> Bool {
        image.pixels.withUnsafeBufferPointer { pixels in
            var i = 3
            while i < pixels.count {
                if pixels[i] != 255 { return false }
                i += 4
            }
            return true
        }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
}
