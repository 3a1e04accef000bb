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
/// symbolic links, also in the folders of a file not yet made) or, when both
/// exist, share device and inode (hard links, bind mounts).
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

    package private(set) var reads: [Entry] = []
    package private(set) var writes: [Entry] = []

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

    /// Throws a `FileConflict` for the first output that is an input or another output.
    package func check() throws {
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

    /// How a path is compared: its resolved form, and its device and inode when it exists.
    struct Key {
        let resolved: String
        let inode: (dev: UInt64, ino: UInt64)?

        init(_ path: String) {
            resolved = Self.resolve(path)
            var info = stat()
            inode = stat(path, &info) == 0 ? (UInt64(info.st_dev), UInt64(info.st_ino)) : nil
        }

        func same(as other: Key) -> Bool {
            if resolved == other.resolved { return true }
            guard let a = inode, let b = other.inode else { return false }
            return a.dev == b.dev && a.ino == b.ino
        }

        /// The path with every symbolic link resolved; a file not yet made
        /// keeps its name in its folder's resolved path.
        static func resolve(_ path: String) -> String {
            let absolute = path.hasPrefix("/") ? path
                : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
            if let real = realpath(absolute, nil) {
                defer { free(real) }
                return FileNames.string(cString: real)
            }
            let standard = (absolute as NSString).standardizingPath as NSString
            let folder = standard.deletingLastPathComponent
            if let real = realpath(folder, nil) {
                defer { free(real) }
                return (FileNames.string(cString: real) as NSString).appendingPathComponent(standard.lastPathComponent)
            }
            return standard as String
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
