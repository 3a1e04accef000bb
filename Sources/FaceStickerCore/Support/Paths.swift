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
            default: throw FaceStickerError.unreadable(path: path, reason: Errno.current.description)
            }
        }
        switch FileKind(info) {
        case .file:
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw FaceStickerError.unreadable(path: path, reason: cannotOpen(errno)) }
            close(fd)
            return .file
        case .folder:
            if folders { return .folder }
            throw FaceStickerError.unreadable(path: path, reason: "a folder, not a file")
        case .characterDevice where devices:
            return .characterDevice
        case .fifo:
            throw FaceStickerError.unreadable(path: path, reason: "a FIFO (named pipe), not a file; give a regular file")
        case let other:
            throw FaceStickerError.unreadable(path: path, reason: "\(other.name), not a file")
        }
    }

    /// The reason a file that exists cannot be opened, with strerror's words.
    package static func cannotOpen(_ code: Int32) -> String { "cannot be opened: " + SystemReason.of(errno: code) }
}


/// What is at a path: the one place the kinds of file are told apart and named.
package enum FileKind: Equatable, Sendable {
    case missing, file, folder, symbolicLink, fifo, socket, characterDevice, blockDevice

    /// The kind at `path`: of what a link points to, or (`followingLinks` false) of the link itself.
    package init(path: String, followingLinks: Bool = true) {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            self = .missing
            return
        }
        self.init(info)
    }

    /// The kind a `stat` result gives.
    package init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: self = .file
        case S_IFDIR: self = .folder
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        default: self = .blockDevice
        }
    }

    /// A FIFO, socket or device: written to in place (or refused), never replaced by a rename.
    package var isStream: Bool { [.fifo, .socket, .characterDevice, .blockDevice].contains(self) }

    /// The kind in words: `a FIFO (named pipe)`, `a socket`, `a device`, `a folder`.
    package var name: String {
        switch self {
        case .missing: return "nothing"
        case .file: return "a file"
        case .folder: return "a folder"
        case .symbolicLink: return "a symbolic link"
        case .fifo: return "a FIFO (named pipe)"
        case .socket: return "a socket"
        case .characterDevice, .blockDevice: return "a device"
        }
    }
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


/// The text files the program reads, and the most each may hold: the one list
/// of these caps. A file over its cap is refused from its size, before a byte
/// of it is read, with a line naming the file, what it is and the cap.
package enum TextInput: Sendable {
    /// A detector config (`--config`, `tune`'s output): about 1 KB.
    case config
    /// A sticker manifest (`stickers.json`): the installed one is about 10 KB.
    case manifest
    /// A dataset's ground truth (WIDER FACE, FDDB, CSV, JSON, difficulty.tsv):
    /// WIDER FACE's largest list (training) is about 10 MB.
    case groundTruth
    /// A tracks file (`--tracks-in`), read as it goes: a face takes about 270
    /// bytes in it, so 1 GiB holds 3 hours at 60 fps with 6 faces in every frame.
    case tracks

    /// The most bytes the file may hold.
    package var limit: Int {
        switch self {
        case .config: return 1 << 20
        case .manifest: return 4 << 20
        case .groundTruth: return 64 << 20
        case .tracks: return 1 << 30
        }
    }

    /// How messages name it.
    package var role: String {
        switch self {
        case .config: return "config"
        case .manifest: return "sticker manifest"
        case .groundTruth: return "ground truth"
        case .tracks: return "tracks file"
        }
    }

    /// An empty file means something (no boxes); an empty JSON file is refused as such.
    package var mayBeEmpty: Bool { self == .groundTruth }
}

/// Reads an input text file (`TextInput`): `InputPath.check` first (so a FIFO,
/// device, folder or symlink loop is named as such and nothing blocks), then
/// refuses an empty file (where that means nothing) or one over its kind's cap.
/// Every error names the file and its role.
package enum InputFile {
    /// Checks `path` as `contents` does, without reading it.
    package static func check(_ path: String, kind: TextInput) throws {
        do {
            try InputPath.check(path)
        } catch FaceStickerError.unreadable(let path, let reason) {
            throw FaceStickerError.unreadable(path: path, reason: "\(kind.role): \(reason)")
        }
        var status = stat() // follows a symlink to the file it names
        let size = stat(path, &status) == 0 ? Int64(status.st_size) : 0
        if size == 0, !kind.mayBeEmpty { throw FaceStickerError.unreadable(path: path, reason: "\(kind.role): the file is empty") }
        guard size <= Int64(kind.limit) else { throw tooLarge(path, kind) }
    }

    /// The whole file, read only up to its cap (a file growing as it is read is refused too).
    package static func contents(of path: String, kind: TextInput) throws -> Data {
        try check(path, kind: kind)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FaceStickerError.unreadable(path: path, reason: "\(kind.role): cannot be opened: \(Errno.current.description)")
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: kind.limit + 1) ?? Data()
        } catch {
            throw FaceStickerError.unreadable(path: path, reason: "\(kind.role): cannot be read: \(SystemReason.of(error))")
        }
        guard data.count <= kind.limit else { throw tooLarge(path, kind) }
        return data
    }

    private static func tooLarge(_ path: String, _ kind: TextInput) -> FaceStickerError {
        let cap = kind.limit >= 1 << 30 ? "\(kind.limit >> 30) GiB" : "\(kind.limit >> 20) MiB"
        return .unreadable(path: path, reason: "\(kind.role): larger than \(cap), the most one may hold")
    }
}


/// A path's folder and name as text, for every shape a user may type: a bare
/// name (`x`), `/`, `./x`, trailing slashes (`x/`, `a//b/`), an empty path.
/// Foundation's `NSString.deletingLastPathComponent` traps on a relative path of
/// one character (`x`, `x/`, `.`) on Linux; every split, join and extension of a
/// path goes through here instead (the only Foundation path calls are in this type).
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

    /// The folder `path` is in, as `stat` takes it: `.` for a bare name.
    package static func parent(of path: String) -> String {
        let part = folder(of: path)
        return part.isEmpty ? "." : part
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

    /// The extension after the name's last dot, without the dot (`a/b.tar.gz` gives `gz`);
    /// `` for none.
    package static func `extension`(of path: String) -> String { (path as NSString).pathExtension }

    /// `path` without its extension and the dot before it.
    package static func removingExtension(_ path: String) -> String { (path as NSString).deletingPathExtension }

    /// `path` with `.`, `..` and doubled slashes resolved as text (no links followed).
    package static func standardized(_ path: String) -> String { (path as NSString).standardizingPath }

    /// `path` from the root: a relative one joined to the current folder, then standardized.
    package static func absolute(_ path: String) -> String {
        standardized(path.hasPrefix("/") ? path : join(FileManager.default.currentDirectoryPath, path))
    }

    /// `path` without trailing slashes, `/` for a path of slashes only.
    private static func trimmingSlashes(_ path: String) -> String {
        guard path.hasSuffix("/") else { return path }
        let kept = path.reversed().drop { $0 == "/" }
        return kept.isEmpty ? "/" : String(kept.reversed())
    }
}
