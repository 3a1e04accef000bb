import FaceSticker
import Foundation

/// One input of a batch and where its output goes.
struct BatchItem: Equatable {
    let input: String
    let output: String
    /// The folder below `--out-dir` the output goes to (made when needed), or nil.
    let outputFolder: String?
}

/// Many inputs at once, for `photo` and `video`: folders expanded (sorted, and
/// with `-r` their sub-folders), outputs named, two inputs writing one output
/// refused before any work, the `--shard` slice taken and `--skip-existing`
/// applied.
struct Batch {
    /// Every input named, expanded and sorted (the list shards are cut from).
    let all: [BatchItem]
    /// This run's items: the shard's, less those skipped.
    let items: [BatchItem]
    let skipped: [BatchItem]
    let shard: Shard?

    /// - Parameters:
    ///   - extensions: the files a folder contributes (lower case, no dot).
    ///   - what: `photo`, `video`: the word in messages.
    ///   - defaultOutput: the output for an input, in a folder (nil: beside the input).
    ///   - complete: whether an existing output is complete (for --skip-existing).
    init(_ paths: [String], arguments: Arguments, output: String?, extensions: Set<String>, what: String,
         defaultOutput: (String, String?) -> String, complete: (BatchItem) -> Bool) throws {
        let outDir = arguments.string(BatchOptions.outDir)
        let recursive = arguments.flag(BatchOptions.recursive)
        guard !paths.isEmpty else { throw UsageError("\(what): no \(what) given (see --help)") }
        if output != nil, outDir != nil { throw UsageError("-o and --out-dir: choose one") }

        var expanded: [(input: String, folder: String?)] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                expanded.append((path, nil))
                continue
            }
            let found = try Self.files(in: path, extensions: extensions, recursive: recursive)
            guard !found.isEmpty else {
                throw FaceStickerError.unreadable(path: path, reason: "folder holds no \(what) ("
                    + extensions.sorted().joined(separator: ", ") + (recursive ? "" : "; -r looks into sub-folders") + ")")
            }
            for file in found {
                let sub = (file.relative as NSString).deletingLastPathComponent
                expanded.append((file.path, sub.isEmpty ? nil : sub))
            }
        }
        if output != nil, expanded.count > 1 {
            throw UsageError("-o: \(expanded.count) inputs; use --out-dir for several")
        }
        if output == nil, expanded.contains(where: { $0.input == "-" }) {
            throw UsageError("- (standard input) goes with -o OUT (or -o -) and no other input")
        }
        let items = expanded.map { entry -> BatchItem in
            if let output { return BatchItem(input: entry.input, output: output, outputFolder: nil) }
            // With --out-dir, a file found in a sub-folder keeps its sub-folder there, so names never clash.
            let folder = outDir.map { dir in entry.folder.map { (dir as NSString).appendingPathComponent($0) } ?? dir }
            // A name that is not UTF-8 names its outputs spelt (FileNames).
            return BatchItem(input: entry.input, output: defaultOutput(FileNames.standIn(entry.input), folder),
                             outputFolder: folder)
        }
        // Two inputs, one output: refused before anything is written, whatever the shard.
        var seen: [String: String] = [:]
        for item in items where item.output != "-" {
            let resolved = (item.output as NSString).standardizingPath
            if let first = seen[resolved] {
                throw UsageError(first == item.input
                    ? "\(item.input) is given twice (it would be written twice to \(item.output))"
                    : "\(first) and \(item.input) would both be written to \(item.output); rename one or use separate --out-dir runs")
            }
            seen[resolved] = item.input
        }
        let sorted = items.sorted { FileNames.shownBytes($0.input).lexicographicallyPrecedes(FileNames.shownBytes($1.input)) }
        let slice = try arguments.string(BatchOptions.shard).map { try Shard.parse($0) }
        let mine = slice.map { slice in sorted.enumerated().filter { slice.contains($0.offset) }.map(\.element) } ?? items
        let skip = arguments.flag(BatchOptions.skipExisting) ? mine.filter { $0.output != "-" && complete($0) } : []
        all = sorted
        shard = slice
        skipped = skip
        self.items = mine.filter { !skip.contains($0) }
        if let shard = slice {
            Console.detail("\(what): shard \(shard) of \(all.count) input(s): \(mine.count) here")
        }
        for item in skipped { Console.note("\(what): \(item.output) is already there; skipped (--skip-existing)") }
    }

    /// The files under `folder` with one of `extensions`, sorted: each
    /// relative to it (names that are not UTF-8 spelt) and the path to open;
    /// hidden files and earlier `-stickered` outputs left out.
    static func files(in folder: String, extensions: Set<String>, recursive: Bool) throws -> [(relative: String, path: String)] {
        let entries: [FileNames.Entry]
        do {
            entries = try FileNames.list(folder)
        } catch {
            throw FaceStickerError.unreadable(path: folder, reason: "cannot list the folder")
        }
        var found: [(relative: String, path: String)] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            let (name, path) = (entry.name, entry.path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                // Symbolic links to folders are not followed: no loops.
                if recursive, !entry.isLink {
                    found += try files(in: path, extensions: extensions, recursive: true).map { (name + "/" + $0.relative, $0.path) }
                }
                continue
            }
            let ext = (name as NSString).pathExtension.lowercased()
            if extensions.contains(ext), !(name as NSString).deletingPathExtension.hasSuffix("-stickered") {
                found.append((name, path))
            }
        }
        return found
    }

    /// Makes the folder (and its parents) unless it exists; returns whether it was made.
    static func makeFolder(_ path: String) throws -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw FaceStickerError.output(path: path, reason: "not a folder") }
            return false
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FaceStickerError.output(path: path, reason: "cannot create the folder")
        }
        return true
    }
}

/// A JSON summary object, written one per input on stdout with `--json`.
struct JSONObject {
    private var fields: [String] = []

    mutating func add(_ key: String, _ value: String?) {
        fields.append("\(JSONText.string(key)): " + (value.map(JSONText.string) ?? "null"))
    }

    mutating func add(_ key: String, _ value: Int) { fields.append("\(JSONText.string(key)): \(value)") }

    mutating func add(_ key: String, number value: Double, digits: Int = 3) {
        fields.append("\(JSONText.string(key)): \(JSONText.number(value, digits: digits))")
    }

    mutating func add(_ key: String, strings: [String]) {
        fields.append("\(JSONText.string(key)): [" + strings.map(JSONText.string).joined(separator: ", ") + "]")
    }

    mutating func add(_ key: String, raw: String) { fields.append("\(JSONText.string(key)): \(raw)") }

    var text: String { "{" + fields.joined(separator: ", ") + "}" }
}
