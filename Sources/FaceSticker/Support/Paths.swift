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
    /// `path` and says which.
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
}


/// Whether two paths name one file, so no command ever writes over its input.
package enum FileIdentity {
    /// True when the paths are the same once resolved (`.`, `..`, symlinks),
    /// or when both exist and share device and inode (hard links, bind mounts).
    package static func same(_ a: String, _ b: String) -> Bool {
        func resolved(_ path: String) -> String {
            URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        }
        if resolved(a) == resolved(b) { return true }
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0 else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }
}


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


/// A path's folder and name as text, for every shape a user may type: a bare
/// name (`x`), `/`, `./x`, trailing slashes (`x/`, `a//b/`), an empty path.
/// Foundation's `NSString.deletingLastPathComponent` traps on a relative path of
/// one character (`x`, `x/`, `.`) on Linux; every split of a user's path goes
/// through here instead.
package enum PathText {
    /// The folder part, as `dirname` gives it but empty where the path has no
    /// folder part: `a/b` and `a/b/` give `a`, `x` and `x/` give ``, `/x` and
    /// `/` give `/`, `./x` gives `.`, `a//b` gives `a`.
    package static func folder(of path: String) -> String {
        let trimmed = trimmingSlashes(path)
        guard trimmed != "/" else { return "/" }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        return trimmingSlashes(String(trimmed[...slash]))
    }

    /// The last component, trailing slashes dropped: `a/b/` gives `b`, `/` gives
    /// `/`, `` gives ``.
    package static func name(of path: String) -> String {
        let trimmed = trimmingSlashes(path)
        guard trimmed != "/" else { return "/" }
        return trimmed.lastIndex(of: "/").map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
    }

    /// `name` inside `folder`; `name` alone when `folder` is empty.
    package static func join(_ folder: String, _ name: String) -> String {
        folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
    }

    /// `path` without trailing slashes, `/` for a path of slashes only.
    private static func trimmingSlashes(_ path: String) -> String {
        guard path.hasSuffix("/") else { return path }
        let kept = path.reversed().drop { $0 == "/" }
        return kept.isEmpty ? "/" : String(kept.reversed())
    }
}
