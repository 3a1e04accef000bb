import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A scratch folder holding one bad-input case's files, made from real data
/// (copies of ../shared's photo, video and model, damaged here), and able to
/// tell whether a run changed anything in it.
final class Workspace {
    let folder: TemporaryDirectory
    var root: String { folder.url.path }

    init() throws { folder = try TemporaryDirectory() }

    /// A path in the workspace; nothing is created.
    func path(_ name: String) -> String { folder.path(name) }

    /// Writes `bytes` to `name` (folders created) and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let path = path(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ name: String, text: String) throws -> String { try write(name, Array(text.utf8)) }

    /// Writes a script the run will execute (mode 0755). Opened close-on-exec, so a child
    /// another test spawns meanwhile cannot inherit the writable descriptor, which would
    /// make the script's exec fail with ETXTBSY ("Text file busy") while that child lives.
    @discardableResult
    static func writeExecutable(_ path: String, text: String) throws -> String {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count, fchmod(fd, 0o755) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return path
    }

    func folder(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(name), withIntermediateDirectories: true)
        return path(name)
    }

    /// A FIFO (named pipe) nobody writes to: reading it blocks forever.
    func fifo(_ name: String) throws -> String {
        let path = path(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        guard mkfifo(path, 0o644) == 0 else { throw Missing(what: "a FIFO at \(path)") }
        return path
    }

    /// A symbolic link that points at itself.
    func symlinkLoop(_ name: String) throws -> String {
        let path = path(name)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: name)
        return path
    }

    // MARK: Pictures

    func photo(_ name: String = "photo.png") throws -> String { try write(name, Self.astronaut) }

    /// The photo cut to its first third: the image data stops mid-stream.
    func truncatedPNG(_ name: String = "truncated.png") throws -> String {
        try write(name, Array(Self.astronaut.prefix(Self.astronaut.count / 3)))
    }

    /// The photo with one byte of its first IDAT chunk's CRC flipped.
    func badCRCPNG(_ name: String = "bad-crc.png") throws -> String {
        var bytes = Self.astronaut
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) {
                bytes[offset + 8 + length] ^= 0xFF
                return try write(name, bytes)
            }
            offset += 12 + length
        }
        throw Missing(what: "an IDAT chunk in astronaut.png")
    }

    /// A well-formed PNG (valid CRCs) whose header claims `width` x `height`
    /// pixels of 16-bit RGBA, with a few bytes of image data.
    func forgedPNG(_ name: String, width: Int, height: Int, bitDepth: Int = 8) throws -> String {
        var bytes = PNGBytes.signature
        bytes += PNGBytes.chunk("IHDR", PNGBytes.header(width: width, height: height, bitDepth: bitDepth,
                                                        colorType: .rgba, interlaced: false))
        bytes += PNGBytes.chunk("IDAT", PNGBytes.zlibStored([UInt8](repeating: 0, count: 64)))
        bytes += PNGBytes.chunk("IEND", [])
        return try write(name, bytes)
    }

    /// A real JPEG whose frame header is changed to claim 30000x30000 pixels,
    /// cut a little after its scan starts (under a kilobyte in all).
    func forgedJPEG(_ name: String = "forged.jpg") throws -> String {
        var bytes = Self.messi
        var offset = 2
        while offset + 9 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            if marker == 0xC0 || marker == 0xC2 {
                bytes.replaceSubrange(offset + 5..<offset + 9, with: [0x75, 0x30, 0x75, 0x30])
            }
            if marker == 0xDA { return try write(name, Array(bytes.prefix(offset + 2 + length + 200))) }
            offset += 2 + length
        }
        throw Missing(what: "a frame and a scan in \(Fixtures.jpeg)")
    }

    /// A sticker picture with no alpha channel: an opaque RGB PNG of one colour.
    func opaqueSticker(_ name: String = "sticker.png") throws -> String {
        let path = path(name)
        try ImageFile.write(RGBAImage(width: 48, height: 48, fill: (255, 0, 255, 255)), to: path)
        return path
    }

    // MARK: Videos and models

    func video(_ name: String = "clip.mp4") throws -> String { try write(name, Self.carphone) }

    /// The clip cut to its first third. Its index (moov) is at the end, so
    /// nothing in what is left says what the streams are.
    func truncatedMP4(_ name: String = "truncated.mp4") throws -> String {
        try write(name, Array(Self.carphone.prefix(Self.carphone.count / 3)))
    }

    /// A real MP4 holding one second of audio and no video.
    func audioOnlyMP4(_ name: String = "audio.mp4") throws -> String {
        let path = path(name)
        try MediaTools.ffmpeg(["-f", "lavfi", "-i", "sine=frequency=440:duration=1", "-c:a", "aac", path])
        return path
    }

    /// The YuNet model cut in half.
    func truncatedModel(_ name: String = "half.onnx") throws -> String {
        let model = try Self.bytes(Fixtures.yunetModel)
        return try write(name, Array(model.prefix(model.count / 2)))
    }

    // MARK: Snapshots

    /// Every file and folder under the workspace (hidden ones too), files with
    /// their bytes and modification time: equal snapshots mean a run neither
    /// touched an input nor left anything behind. (A folder's own time is left
    /// out: a temporary file made and removed again changes it, and is fine.)
    func snapshot() -> [String: Entry] {
        var entries: [String: Entry] = [:]
        let base = URL(fileURLWithPath: root)
        guard let walker = FileManager.default.enumerator(atPath: root) else { return entries }
        while let relative = walker.nextObject() as? String {
            let url = base.appendingPathComponent(relative)
            let attributes = (try? FileManager.default.attributesOfItem(atPath: url.path)) ?? [:]
            let type = attributes[.type] as? FileAttributeType
            // Only regular files are read: a FIFO would block the snapshot.
            entries[relative] = type != .typeRegular ? Entry(bytes: nil, modified: nil)
                : Entry(bytes: try? Data(contentsOf: url), modified: attributes[.modificationDate] as? Date)
        }
        return entries
    }

    struct Entry: Equatable {
        let bytes: Data?
        let modified: Date?
    }

    struct Missing: Error, CustomStringConvertible {
        let what: String
        var description: String { "test data lacks \(what)" }
    }

    private static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    private static let astronaut: [UInt8] = (try? bytes(Fixtures.astronaut)) ?? []
    private static let messi: [UInt8] = (try? bytes(Fixtures.jpeg)) ?? []
    private static let carphone: [UInt8] = (try? bytes(Fixtures.carphone)) ?? []
}
