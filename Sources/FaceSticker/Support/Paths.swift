import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a path a user gave as an input is, told before anything opens it, so
/// an input that would block (a FIFO, a terminal, a socket) or never end
/// (/dev/zero) is refused instead of read, and each case gets its real name.
package enum InputPath {
    package enum Kind: Equatable, Sendable {
        case file, folder, characterDevice
    }

    /// The kind of `path`: a regular file, a folder (when `folders`), or a
    /// character device (when `devices`: a camera). Anything else, and a
    /// missing path, a symlink loop or no permission, throws a line that names
    /// `path` and says which. A regular file is also opened once, so one that
    /// cannot be read says why (`cannot be opened: Permission denied`).
    @discardableResult
    package static func check(_ path: String, folders: Bool = false, devices: Bool = false) throws -> Kind {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT: throw FaceStickerError.fileNotFound(path: path)
            case ENOTDIR: throw FaceStickerError.unreadable(path: path, reason: "no such file (a part of the path is not a folder)")
            case ELOOP: throw FaceStickerError.unreadable(path: path, reason: "a loop of symbolic links, not a file")
            case EACCES: throw FaceStickerError.unreadable(path: path, reason: "permission denied")
            case ENAMETOOLONG: throw FaceStickerError.unreadable(path: path, reason: "the name is too long")
            default: throw FaceStickerError.unreadable(path: path, reason: String(cString: strerror(errno)))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FaceStickerError.unreadable(path: path, reason: cannotOpen(errno)) }
            close(fd)
            return .file
        case S_IFDIR:
            if folders { return .folder }
            throw FaceStickerError.unreadable(path: path, reason: "a folder, not a file")
        case S_IFCHR:
            if devices { return .characterDevice }
            throw FaceStickerError.unreadable(path: path, reason: "a device, not a file")
        case S_IFIFO:
            throw FaceStickerError.unreadable(path: path, reason: "a FIFO (named pipe), not a file; give a regular file")
        case S_IFSOCK:
            throw FaceStickerError.unreadable(path: path, reason: "a socket, not a file")
        default:
            throw FaceStickerError.unreadable(path: path, reason: "a device, not a file")
        }
    }

    /// The reason a file that exists cannot be opened, with strerror's words.
    package static func cannotOpen(_ code: Int32) -> String { "cannot be opened: " + SystemReason.of(errno: code) }
}


/// Whether two paths name one file, so no command ever writes over its input.
package enum FileIdentity {
    /// True when the paths are one file by `RunFiles`' rule: the same once
    /// resolved (`.`, `..`, symlinks), the same device and inode (hard links,
    /// bind mounts), or, not yet made, one name in one folder.
    package static func same(_ a: String, _ b: String) -> Bool {
        RunFiles.Key(a).same(as: RunFiles.Key(b))
    }
}


/// Reads a small input file (a config, a manifest, a ground-truth list) whole:
/// `InputPath.check` first (so a FIFO, device, folder or symlink loop is named
/// as such and nothing blocks), then refuses an empty file (unless `emptyAllowed`:
/// its parser says what is missing) or one larger than `limit`. Every error names
/// the file and its `role`; a missing file is "no such file".
enum InputFile {
    static func contents(of path: String, role: String, limit: Int = 64 << 20, emptyAllowed: Bool = false) throws -> Data {
        do {
            try InputPath.check(path)
        } catch FaceStickerError.unreadable(let path, let reason) {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): \(reason)")
        }
        var status = stat() // follows a symlink to the file it names
        let size = stat(path, &status) == 0 ? Int64(status.st_size) : 0
        guard size > 0 || emptyAllowed else {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): the file is empty")
        }
        guard size <= limit else {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): larger than \(limit >> 20) MiB")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FaceStickerError.unreadable(path: path, reason: "\(role): cannot be read: \(SystemReason.of(error))")
        }
    }
}
