import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads a small input file (a config, a manifest, a ground-truth list) with
/// errors that name the real cause: missing, a folder, a device or FIFO
/// (refused rather than read, so nothing blocks), a symlink loop, no
/// permission, empty, or larger than `limit`.
enum InputFile {
    static func contents(of path: String, role: String, limit: Int = 64 << 20) throws -> Data {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason: String
            switch errno {
            case ENOENT, ENOTDIR: throw FaceStickerError.fileNotFound(path: path)
            case ELOOP: reason = "a loop of symbolic links"
            case EACCES: reason = "permission denied"
            default: reason = String(cString: strerror(errno))
            }
            throw FaceStickerError.unreadable(path: path, reason: "\(role): \(reason)")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FaceStickerError.unreadable(path: path, reason: "\(role): a folder, not a file")
        default: throw FaceStickerError.unreadable(path: path, reason: "\(role): not a regular file (a device, FIFO or socket)")
        }
        guard info.st_size > 0 else { throw FaceStickerError.unreadable(path: path, reason: "\(role): the file is empty") }
        guard info.st_size <= limit else {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): larger than \(limit >> 20) MiB")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): cannot be read")
        }
        return data
    }
}
