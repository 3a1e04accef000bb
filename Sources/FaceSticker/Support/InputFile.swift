import Foundation

/// Reads a small input file (a config, a manifest, a ground-truth list) whole:
/// `InputPath.check` first (so a FIFO, device, folder or symlink loop is named
/// as such and nothing blocks), then refuses an empty file or one larger than
/// `limit`. Every error names the file and its `role`.
enum InputFile {
    static func contents(of path: String, role: String, limit: Int = 64 << 20) throws -> Data {
        do {
            try InputPath.check(path)
        } catch FaceStickerError.unreadable(let path, let reason) {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): \(reason)")
        }
        var status = stat() // follows a symlink to the file it names
        let size = stat(path, &status) == 0 ? Int64(status.st_size) : 0
        guard size > 0 else { throw FaceStickerError.unreadable(path: path, reason: "\(role): the file is empty") }
        guard size <= limit else {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): larger than \(limit >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): cannot be read")
        }
        return data
    }
}
