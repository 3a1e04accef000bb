import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// File names that are not UTF-8, in one home. A Swift `String` cannot hold
/// such a name, and every file call (Foundation, OpenCV, libpng, ffmpeg's
/// arguments) takes one; so the name is reached through an *alias*: a
/// symbolic link with a UTF-8 name in the temporary folder, made for this run
/// and pointing to the name's own bytes
/// (`$TMPDIR/.facesticker-name-PID-TOKEN-1-\xff\xfe.png` for `\xff\xfe.png`:
/// it keeps the extension, which decoders go by). Arguments (`arguments()`)
/// and folder listings (`list(_:)`) give aliases; every line for a person
/// and every JSON string shows an alias as the name the user gave
/// (`shownBytes`), then escaped. The links are removed when the run ends,
/// also by a signal (`Cleanup`).
///
/// Nothing is written through an alias to a file (the link itself would be
/// replaced): a name that is not UTF-8 and does not exist yet stands for the
/// name with its bad bytes spelt `\xNN` (`-o $'\xff.png'` writes a file named
/// `\xff.png`), outputs named after such an input use that spelling
/// (`standIn`: `\xff\xfe-stickered.png`), and an existing file with such a
/// name is refused as an output (`isFileAlias`, checked by `RunFiles`). An
/// alias to a folder is a folder like any other: outputs go into it.
package enum FileNames {
    private struct Alias {
        /// The link's path (valid UTF-8).
        let path: String
        /// What the user gave (or the folder listed, and the name found), as bytes.
        let shown: [UInt8]
        /// The name for outputs beside it: its folder and its name spelt (`spelt`).
        let standIn: String
        /// Whether the link names a file (not a folder).
        let isFile: Bool
    }

    private struct State {
        /// The folder and the name prefix every alias of this run starts with, once one is made.
        var root: String?
        var aliases: [Alias] = []
    }

    private static let state = Mutex(State())

    /// The process's arguments (without the program's name), each as
    /// `path(_:)` gives it: UTF-8 ones as they are, others reached through an
    /// alias or spelt. `--option=VALUE` keeps its option and maps its value.
    package static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return "" }
            let bytes = Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
            if bytes.first == UInt8(ascii: "-"), let equals = bytes.firstIndex(of: UInt8(ascii: "=")),
               let option = String(validating: bytes[..<equals], as: UTF8.self) {
                return option + "=" + path(Array(bytes[(equals + 1)...]))
            }
            return path(bytes)
        }
    }

    /// A path given as bytes, as a `String` every file call can use: itself
    /// when it is UTF-8; else the last component that is not UTF-8 is reached
    /// through an alias when it exists, or spelt when it does not (a new output).
    package static func path(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let slash = bytes.lastIndex(of: UInt8(ascii: "/"))
        let parent = slash.map { Array(bytes[..<$0]) }
        let last = Array(slash.map { bytes[($0 + 1)...] } ?? bytes[...])
        // The parent part is mapped first: a folder that is not UTF-8 gets an alias of its own.
        let folder = parent.map { $0.isEmpty ? "" : path($0) }
        func joined(_ name: String) -> String { folder.map { $0 + "/" + name } ?? name }
        if let name = String(validating: last, as: UTF8.self) { return joined(name) }
        let target = absolute(bytes)
        var info = stat()
        guard lstat(cString(target), &info) == 0,
              let alias = makeAlias(target: target, shown: bytes, standIn: joined(spelt(last)), isFile: !isFolder(target))
        else { return joined(spelt(last)) }
        return alias
    }

    /// One entry of a folder: its name as a `String` (spelt when not UTF-8:
    /// for sorting, extensions and the names of outputs), a path to open, and
    /// whether the entry itself is a symbolic link (an alias is one, the
    /// entry it reaches need not be).
    package struct Entry: Sendable, Equatable {
        package let name: String
        package let path: String
        package let isLink: Bool
    }

    /// The entries of `folder` (without `.` and `..`), in the order the folder
    /// gives them; a name that is not UTF-8 is opened through an alias.
    /// Throws when the folder cannot be listed (`FOLDER: cannot list the folder: REASON`).
    package static func list(_ folder: String) throws -> [Entry] {
        guard let directory = opendir(folder) else {
            throw FaceStickerError.unreadable(path: folder, reason: "cannot list the folder: " + SystemReason.of(errno: errno))
        }
        defer { closedir(directory) }
        func joined(_ name: String) -> String { PathText.join(folder, name) }
        var entries: [Entry] = []
        var real: [UInt8]?
        while true {
            errno = 0
            guard let entry = readdir(directory) else {
                if errno != 0 {
                    throw FaceStickerError.unreadable(path: folder, reason: "cannot list the folder: " + SystemReason.of(errno: errno))
                }
                break
            }
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes == [UInt8(ascii: ".")] || bytes == [UInt8(ascii: "."), UInt8(ascii: ".")] { continue }
            var info = stat()
            let isLink = fstatat(dirfd(directory), cString(bytes), &info, AT_SYMLINK_NOFOLLOW) == 0
                && info.st_mode & S_IFMT == S_IFLNK
            if let name = String(validating: bytes, as: UTF8.self) {
                entries.append(Entry(name: name, path: joined(name), isLink: isLink))
                continue
            }
            if real == nil, let resolved = realpath(folder, nil) {
                defer { free(resolved) }
                real = bytesOf(resolved)
            }
            let name = spelt(bytes)
            guard let real else { continue }
            let target = real + [UInt8(ascii: "/")] + bytes
            let shown = shownBytes(folder) + (folder.hasSuffix("/") ? [] : [UInt8(ascii: "/")]) + bytes
            guard let alias = makeAlias(target: target, shown: shown, standIn: joined(name), isFile: !isFolder(target))
            else { continue }
            entries.append(Entry(name: name, path: alias, isLink: isLink))
        }
        return entries
    }

    /// `text` as bytes, every alias in it replaced by the name it stands for
    /// (what the user gave, or the folder listed and the name found).
    package static func shownBytes(_ text: String) -> [UInt8] {
        let bytes = Array(text.utf8)
        let (root, aliases) = state.withLock { ($0.root, $0.aliases) }
        guard let root, !aliases.isEmpty else { return bytes }
        let prefix = Array(root.utf8)
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index...].starts(with: prefix) {
                // `ROOTN-...`: N picks the alias; the rest must match it whole.
                var end = index + prefix.count
                var number = 0
                while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]), number < 1 << 40 {
                    number = number * 10 + Int(bytes[end] - UInt8(ascii: "0"))
                    end += 1
                }
                if number >= 1, number <= aliases.count {
                    let alias = aliases[number - 1]
                    let whole = Array(alias.path.utf8)
                    if bytes[index...].starts(with: whole) {
                        out += alias.shown
                        index += whole.count
                        continue
                    }
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    /// `path` for naming outputs after it: an alias, its folder and its name
    /// spelt (`\xff\xfe.png`: `\xff\xfe-stickered.png` goes beside it);
    /// anything else (a path inside an aliased folder too) as it is.
    package static func standIn(_ path: String) -> String {
        state.withLock { $0.aliases.first { $0.path == path }?.standIn } ?? path
    }

    /// Whether `path` is an alias of a file (which cannot be written through).
    package static func isFileAlias(_ path: String) -> Bool {
        state.withLock { state in state.aliases.contains { $0.isFile && $0.path == path } }
    }

    /// What `pieces` finds in bytes: a character, or a byte of a sequence that is not UTF-8.
    package enum Piece: Equatable {
        case scalar(Unicode.Scalar)
        case byte(UInt8)
    }

    /// Calls `each` with every character of `bytes` in order, and with every
    /// byte of a sequence that is not UTF-8: what escaping rules walk.
    package static func pieces(_ bytes: [UInt8], _ each: (Piece) -> Void) {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                each(.scalar(Unicode.UTF8.decode(encoded)))
            case .error(let length):
                for byte in bytes[min(offset, bytes.count)..<min(offset + length, bytes.count)] { each(.byte(byte)) }
                offset += length
            case .emptyInput:
                return
            }
        }
    }

    /// Bytes as a `String`: UTF-8 as it is, every byte of a sequence that is
    /// not UTF-8 spelt `\xNN` (lower-case hex).
    package static func spelt(_ bytes: [UInt8]) -> String {
        var out = ""
        pieces(bytes) { piece in
            switch piece {
            case .scalar(let scalar): out.unicodeScalars.append(scalar)
            case .byte(let byte): out += "\\x" + hex(byte)
            }
        }
        return out
    }

    /// A byte as two lower-case hex digits.
    package static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }

    /// A C string from the OS (realpath, readlink) as a `String`, lossless
    /// as `spelt` is for a name that is not UTF-8.
    package static func string(cString: UnsafePointer<CChar>) -> String {
        spelt(bytesOf(cString))
    }

    /// Removes this run's aliases (at exit; a signal removes them through `Cleanup`).
    package static func removeAliases() {
        let paths = state.withLock { state in
            defer { state.aliases.removeAll() }
            return state.aliases.map(\.path)
        }
        for path in paths { unlink(path) }
    }

    /// Makes a link to `target` (absolute bytes); nil when no temporary folder takes it.
    private static func makeAlias(target: [UInt8], shown: [UInt8], standIn: String, isFile: Bool) -> String? {
        state.withLock { state -> String? in
            let number = state.aliases.count + 1
            let name = aliasName(spelt(Array(target.split(separator: UInt8(ascii: "/")).last ?? [])), number: number)
            let token = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let folders = [FileManager.default.temporaryDirectory.path, "/tmp"]
            let roots: [String] = state.root.map { [$0] } ?? folders.map { folder -> String in
                let slash = folder.hasSuffix("/") ? "" : "/"
                return "\(folder)\(slash).facesticker-name-\(getpid())-\(token)-"
            }
            for root in roots {
                let path = root + name
                guard symlink(cString(target), path) == 0 else { continue }
                if state.aliases.isEmpty { atexit { FileNames.removeAliases() } }
                state.root = root
                state.aliases.append(Alias(path: path, shown: shown, standIn: standIn, isFile: isFile))
                _ = Cleanup.temporary(path)
                return path
            }
            return nil
        }
    }

    /// `N-NAME`, the name shortened at its front (its extension kept) to fit a file name with the root.
    private static func aliasName(_ name: String, number: Int) -> String {
        var rest = Substring(name)
        while rest.utf8.count > 160 { rest = rest.dropFirst() }
        return "\(number)-" + rest
    }

    /// Whether `target` is a folder, or a symbolic link to one (an alias of it is a folder).
    private static func isFolder(_ target: [UInt8]) -> Bool {
        var info = stat()
        return stat(cString(target), &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// `bytes` made absolute against the current folder (its own bytes, UTF-8 or not).
    private static func absolute(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.first != UInt8(ascii: "/"), let cwd = getcwd(nil, 0) else { return bytes }
        defer { free(cwd) }
        return bytesOf(cwd) + [UInt8(ascii: "/")] + bytes
    }

    private static func bytesOf(_ pointer: UnsafePointer<CChar>) -> [UInt8] {
        Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
    }

    private static func cString(_ bytes: [UInt8]) -> [CChar] {
        bytes.map { CChar(bitPattern: $0) } + [0]
    }
}
