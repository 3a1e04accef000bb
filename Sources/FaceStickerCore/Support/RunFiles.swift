import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one rule that keeps a run from overwriting anything it uses: every
/// command lists the files it will read (inputs, sticker art and manifest,
/// config, model, dataset images and ground truth) and the files it will write
/// (output, tracks, plot, sheet, config), then calls `check()` before it
/// creates anything. A file written that is also read, or written twice, is a
/// `FileConflict` (usage, exit status 2) naming both roles.
///
/// Two paths are one file when they resolve to the same path (`.`, `..`,
/// symbolic links, also in the folders of a file not yet made), when both
/// exist and share device and inode (hard links, bind mounts), or when neither
/// exists yet and both name one name in one folder (device and inode of the
/// folder: a bind mount or hard-linked path to it).
/// An output named by a pattern (`write(_:pattern:folder:matching:)`) is
/// checked frame by frame.
package struct RunFiles: Sendable {
    package struct Entry: Sendable, Equatable {
        /// What the file is to this run, as the user would say it (`--tracks`, `the input video`).
        package let role: String
        package let path: String

        package init(role: String, path: String) {
            self.role = role
            self.path = path
        }
    }

    /// Files the run writes that a pattern names (an image sequence's frames,
    /// `out/%04d.png`): every name in `folder` that `matches` accepts, those there
    /// now (which the run replaces or removes) and those it will make.
    package struct Pattern: Sendable {
        package let role: String
        /// The pattern as the user wrote it.
        package let path: String
        package let folder: String
        package let matches: @Sendable (String) -> Bool
    }

    package private(set) var reads: [Entry] = []
    package private(set) var writes: [Entry] = []
    package private(set) var patterns: [Pattern] = []

    package init() {}

    /// A file the run reads; nil is ignored.
    package mutating func read(_ role: String, _ path: String?) {
        if let path { reads.append(Entry(role: role, path: path)) }
    }

    /// Files the run reads, with their roles.
    package mutating func read(_ entries: [Entry]) { reads += entries }

    /// A file the run writes; nil is ignored.
    package mutating func write(_ role: String, _ path: String?) {
        if let path { writes.append(Entry(role: role, path: path)) }
    }

    /// Files the run writes in `folder` under the names `matches` accepts, named `path` (a pattern) in messages.
    package mutating func write(_ role: String, pattern path: String, folder: String,
                                matching matches: @escaping @Sendable (String) -> Bool) {
        patterns.append(Pattern(role: role, path: path, folder: folder, matches: matches))
    }

    /// Throws a `FileConflict` for the first output that is an input or another output.
    package func check() throws {
        try checkFiles()
        try checkPatterns()
    }

    /// The outputs already on disk that the run would replace, in the order
    /// written: each single-file output there (a file, or a link to one or to
    /// nothing), then every picture each pattern names there now (the pattern's
    /// role, the picture's path). A folder, a device, a FIFO or a socket at an
    /// output's path is written to or refused, never replaced: not listed.
    /// `except`: outputs (paths or patterns as named) the run may replace anyway.
    package func existingOutputs(except allowed: Set<String> = []) -> [Entry] {
        var found = writes.filter { !allowed.contains($0.path) && Self.isReplaceable($0.path) }
        for pattern in patterns where !allowed.contains(pattern.path) {
            let folder = pattern.folder.isEmpty ? "." : pattern.folder
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter(pattern.matches).sorted()
            found += names.map { Entry(role: pattern.role, path: PathText.join(pattern.folder, $0)) }
                .filter { Self.isReplaceable($0.path) }
        }
        return found
    }

    /// Whether writing `path` would replace something there: a file, or a
    /// symbolic link (to a file, or dangling).
    package static func isReplaceable(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard info.st_mode & S_IFMT == S_IFLNK else { return info.st_mode & S_IFMT == S_IFREG }
        guard stat(path, &info) == 0 else { return true } // dangling: the link is replaced
        return info.st_mode & S_IFMT == S_IFREG
    }

    /// Every file of every pattern against the reads and the single-file writes:
    /// a file is the pattern's when its folder (resolved, or by device and inode:
    /// a bind mount) is the pattern's and the pattern makes its name, or when it
    /// is one of the files the pattern names now (a hard link).
    private func checkPatterns() throws {
        for (i, pattern) in patterns.enumerated() {
            let folder = pattern.folder.isEmpty ? "." : pattern.folder
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let present = names.filter(pattern.matches).map { Key(folder + "/" + $0) }
            // The path as given and as resolved: a link named like a frame is replaced too.
            func covers(_ entry: Entry) -> Bool {
                let key = Key(entry.path)
                if present.contains(where: { $0.same(as: key) }) { return true }
                return [entry.path, key.resolved].contains { path in
                    pattern.matches(PathText.name(of: path)) && Self.sameFolder(PathText.parent(of: path), folder)
                }
            }
            let named = Entry(role: pattern.role, path: pattern.path)
            if let read = reads.first(where: covers) {
                throw FileConflict(output: named, other: read, otherIsOutput: false)
            }
            if let write = writes.first(where: covers) {
                throw FileConflict(output: named, other: write, otherIsOutput: true)
            }
            // Two patterns in one folder: refused, whatever their names (a run writes one).
            if let other = patterns[..<i].first(where: { Self.sameFolder($0.folder.isEmpty ? "." : $0.folder, folder) }) {
                throw FileConflict(output: named, other: Entry(role: other.role, path: other.path), otherIsOutput: true)
            }
        }
    }

    /// Whether two folders are one: the same resolved path, or the same device
    /// and inode (a bind mount, which no path shows).
    package static func sameFolder(_ a: String, _ b: String) -> Bool {
        if Key.resolve(a) == Key.resolve(b) { return true }
        var sa = stat(), sb = stat()
        guard stat(a, &sa) == 0, stat(b, &sb) == 0, sa.st_mode & S_IFMT == S_IFDIR else { return false }
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino
    }

    /// Every single-file output against the reads and the writes before it.
    private func checkFiles() throws {
        let readKeys = reads.map { Key($0.path) }
        let writeKeys = writes.map { Key($0.path) }
        for (i, output) in writes.enumerated() {
            if let j = readKeys.firstIndex(where: { $0.same(as: writeKeys[i]) }) {
                throw FileConflict(output: output, other: reads[j], otherIsOutput: false)
            }
            if let j = writeKeys[..<i].firstIndex(where: { $0.same(as: writeKeys[i]) }) {
                throw FileConflict(output: output, other: writes[j], otherIsOutput: true)
            }
        }
        // A link to a file named in bytes that are not UTF-8 would itself be replaced, not the file.
        if let alias = writes.first(where: { FileNames.isFileAlias($0.path) }) {
            throw FaceStickerError.output(path: alias.path, reason: "\(alias.role): the file exists and its name is not UTF-8, "
                + "which facesticker cannot replace; give another name (nothing was written)")
        }
    }

    /// How a path is compared: its resolved form; for a file that exists its
    /// device and inode, and for one not yet made the device and inode of its
    /// folder and its name (so `real/t.mp4` and `bind/t.mp4`, one folder
    /// reached two ways, are one output before either is written).
    package struct Key {
        /// Where a path leads on disk, whatever way it was reached.
        enum Place: Equatable {
            case file(dev: UInt64, ino: UInt64)
            case inFolder(dev: UInt64, ino: UInt64, name: String)
        }

        let resolved: String
        let place: Place?

        init(_ path: String) {
            resolved = Self.resolve(path)
            var info = stat()
            if stat(path, &info) == 0 {
                place = .file(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino))
                return
            }
            // `resolved` is absolute (PathText: Foundation traps on some short paths).
            let name = PathText.name(of: resolved), folder = PathText.parent(of: resolved)
            place = resolved != "/" && stat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                ? .inFolder(dev: UInt64(info.st_dev), ino: UInt64(info.st_ino), name: name) : nil
        }

        func same(as other: Key) -> Bool {
            if resolved == other.resolved { return true }
            guard let a = place, let b = other.place else { return false }
            return a == b
        }

        /// The path with every symbolic link resolved; a file not yet made
        /// keeps its name in its folder's resolved path.
        static func resolve(_ path: String) -> String {
            let absolute = path.hasPrefix("/") ? path
                : PathText.join(FileManager.default.currentDirectoryPath, path)
            if let real = realpath(absolute, nil) {
                defer { free(real) }
                return FileNames.string(cString: real)
            }
            let standard = PathText.standardized(absolute)
            if let real = realpath(PathText.parent(of: standard), nil) {
                defer { free(real) }
                return PathText.join(FileNames.string(cString: real), PathText.name(of: standard))
            }
            return standard
        }
    }
}

/// An output that is also an input, or a second output on one file: a usage error.
package struct FileConflict: Error, Equatable, CustomStringConvertible {
    package let output: RunFiles.Entry
    package let other: RunFiles.Entry
    package let otherIsOutput: Bool

    package var description: String {
        let what = otherIsOutput ? "is also" : "would overwrite"
        let same = output.path == other.path ? "" : " \(other.path)"
        return "\(output.role) \(output.path) \(what) \(other.role)\(same); choose another name (nothing was written)"
    }
}
