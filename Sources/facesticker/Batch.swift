import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One input of a batch and where its output goes.
struct BatchItem: Hashable {
    let input: String
    let output: String
    /// The folder below `--out-dir` the output goes to (made when needed), or nil.
    let outputFolder: String?
}

/// What `--skip-existing` finds at an output: nothing, an output complete by
/// the command's rule (skipped), or a file that is not (named, and redone).
enum ExistingOutput: Equatable {
    case missing
    /// Whether it had a face, as its record says (`OutputRecord`); nil: not recorded.
    case complete(foundFace: Bool?)
    /// Why the file there is not a complete output.
    case incomplete(String)
}

/// Many inputs at once, for `photo` and `video`: folders expanded (sorted, and
/// with `-r` their sub-folders), outputs named, two inputs writing one output
/// refused before any work, `--out-dir` checked before any work, the `--shard`
/// slice taken and `--skip-existing` applied. A folder that cannot be listed
/// gets its one error line and the other inputs are still done (`unlisted`:
/// the command then exits 1).
struct Batch {
    /// Every input named, expanded and sorted (the list shards are cut from).
    let all: [BatchItem]
    /// This run's items (the shard's) in input order, each with whether
    /// `--skip-existing` skips it: results are printed in this order.
    let queue: [(item: BatchItem, skip: Bool)]
    let shard: Shard?
    /// The output folders this run makes (`makeFolder(for:)`).
    let folders = MadeFolders()

    /// This run's items to do: the shard's, less those skipped.
    var items: [BatchItem] { queue.filter { !$0.skip }.map(\.item) }
    /// Folders that could not be listed, as their errors (already printed).
    let unlisted: [FaceStickerError]
    /// The outputs `--skip-existing` looked at and found missing or
    /// incomplete: done again, and replaced without -y (that is what
    /// `--skip-existing` asks for).
    let redone: Set<String>
    /// What the records of the outputs `--skip-existing` skips say: whether each had a
    /// face (absent: not recorded), for `--require-face`.
    let skippedFoundFace: [String: Bool]
    /// More than one input, or a folder: the run ends with the batch's
    /// summary line (one input's result or error line stays alone).
    let isBatch: Bool

    /// - Parameters:
    ///   - extensions: the files a folder contributes (lower case, no dot).
    ///   - what: `photo`, `video`: the word in messages.
    ///   - defaultOutput: the output for an input, in a folder (nil: beside the input).
    ///   - existing: what an output already there is (for --skip-existing; never asked of standard input or output).
    init(_ paths: [String], arguments: Arguments, output: String?, extensions: Set<String>, what: String,
         defaultOutput: (String, String?) -> String, existing: (BatchItem) -> ExistingOutput) throws {
        let outDir = arguments[BatchOptions.outDir]
        let recursive = arguments[BatchOptions.recursive]
        guard !paths.isEmpty else { throw UsageError("\(what): no \(what) given (see --help)") }
        if output != nil, outDir != nil { throw UsageError("-o and --out-dir: choose one") }

        var expanded: [(input: String, folder: String?)] = []
        var unlisted: [FaceStickerError] = []
        var folderGiven = false
        for path in paths {
            var isFolder: ObjCBool = false
            guard path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                expanded.append((path, nil))
                continue
            }
            folderGiven = true
            let failures = unlisted.count
            let found = Self.files(in: path, extensions: extensions, recursive: recursive, unlisted: &unlisted)
            guard !found.isEmpty || unlisted.count > failures else {
                throw FaceStickerError.unreadable(path: path, reason: "folder holds no \(what) ("
                    + extensions.sorted().joined(separator: ", ") + (recursive ? "" : "; -r looks into sub-folders") + ")")
            }
            for file in found {
                let sub = PathText.folder(of: file.relative)
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
            let folder = outDir.map { dir in entry.folder.map { PathText.join(dir, $0) } ?? dir }
            // A name that is not UTF-8 names its outputs spelt (FileNames).
            return BatchItem(input: entry.input, output: defaultOutput(FileNames.standIn(entry.input), folder),
                             outputFolder: folder)
        }
        // Two inputs, one output: refused before anything is written, whatever the shard.
        var seen: [String: String] = [:]
        for item in items where item.output != "-" {
            let resolved = PathText.standardized(item.output)
            if let first = seen[resolved] {
                throw UsageError(first == item.input
                    ? "\(item.input) is given twice (it would be written twice to \(item.output))"
                    : "\(first) and \(item.input) would both be written to \(item.output); rename one or use separate --out-dir runs")
            }
            seen[resolved] = item.input
        }
        let sorted = items.sorted { FileNames.shownBytes($0.input).lexicographicallyPrecedes(FileNames.shownBytes($1.input)) }
        let slice = arguments[BatchOptions.shard]
        let mine = slice.map { slice in sorted.enumerated().filter { slice.contains($0.offset) }.map(\.element) } ?? items
        if let shard = slice {
            Console.detail("\(what): shard \(shard) of \(sorted.count) input(s): \(mine.count) here")
        }
        let skipping = arguments[BatchOptions.skipExisting]
        var foundFace: [String: Bool] = [:]
        queue = mine.map { item in
            guard skipping, item.output != "-", item.input != "-" else { return (item, false) }
            switch existing(item) {
            case .missing:
                return (item, false)
            case .complete(let face):
                Console.note("\(what): \(item.output) is already there; skipped (--skip-existing)")
                foundFace[item.output] = face
                return (item, true)
            case .incomplete(let why):
                Console.note("\(what): \(item.output) is there but incomplete (\(why)); done again (--skip-existing)")
                return (item, false)
            }
        }
        skippedFoundFace = foundFace
        all = sorted
        shard = slice
        self.unlisted = unlisted
        redone = skipping ? Set(queue.filter { !$0.skip && $0.item.input != "-" && $0.item.output != "-" }.map(\.item.output)) : []
        isBatch = expanded.count > 1 || folderGiven
        unlisted.forEach { Console.error($0) }
        if let outDir, queue.contains(where: { !$0.skip }) { try Self.checkFolder(outDir) }
    }

    /// Makes `item`'s output folder (and its missing parents), remembered in `folders`.
    func makeFolder(for item: BatchItem) throws {
        if let folder = item.outputFolder { try folders.make(folder) }
    }

    /// Throws, before any work, the error making `folder` (an `--out-dir`)
    /// would give: it, or its nearest parent that exists, is not a folder or
    /// cannot be written.
    static func checkFolder(_ folder: String) throws {
        var path = folder
        while true {
            var info = stat()
            if stat(path, &info) == 0 {
                let named = path == folder ? "" : "\(path) "
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw FaceStickerError.output(path: folder, reason: named.isEmpty ? "not a folder" : "\(named)is not a folder")
                }
                guard access(path, W_OK | X_OK) == 0 else {
                    throw FaceStickerError.output(path: folder, reason: "folder \(named)is not writable")
                }
                return
            }
            let code = errno
            let up = PathText.parent(of: path)
            guard code == ENOENT || code == ENOTDIR, up != path else {
                throw FaceStickerError.output(path: folder, reason: Errno(code).description)
            }
            path = up
        }
    }

    /// The files under `folder` with one of `extensions`, sorted: each
    /// relative to it (names that are not UTF-8 spelt) and the path to open;
    /// hidden files and earlier `-stickered` outputs left out. A folder that
    /// cannot be listed (this one or one below) adds its error to `unlisted`.
    static func files(in folder: String, extensions: Set<String>, recursive: Bool,
                      unlisted: inout [FaceStickerError]) -> [(relative: String, path: String)] {
        let entries: [FileNames.Entry]
        do {
            entries = try FileNames.list(folder)
        } catch let error as FaceStickerError {
            unlisted.append(error)
            return []
        } catch {
            unlisted.append(.unreadable(path: folder, reason: "cannot list the folder: \(SystemReason.of(error))"))
            return []
        }
        var found: [(relative: String, path: String)] = []
        for entry in entries.sorted(by: { $0.name < $1.name }) where !entry.name.hasPrefix(".") {
            let (name, path) = (entry.name, entry.path)
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                // Symbolic links to folders are not followed: no loops.
                if recursive, !entry.isLink {
                    found += files(in: path, extensions: extensions, recursive: true, unlisted: &unlisted)
                        .map { (name + "/" + $0.relative, $0.path) }
                }
                continue
            }
            let ext = PathText.extension(of: name).lowercased()
            if extensions.contains(ext), !PathText.removingExtension(name).hasSuffix("-stickered") {
                found.append((name, path))
            }
        }
        return found
    }
}

/// The folders a batch makes for its outputs (`--out-dir`, its sub-folders,
/// their missing parents), made one at a time and remembered, so that at the
/// end of the run those still empty (no output arrived) are removed again,
/// deepest first: every folder the run made, and none it did not.
/// A signal removes them too (`Cleanup.madeFolder`).
final class MadeFolders {
    private var made: [(path: String, token: Int)] = []

    /// Makes `folder` and whichever of its parents are missing.
    func make(_ folder: String) throws {
        var missing: [String] = []
        var path = folder
        var info = stat()
        while true {
            if stat(path, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else {
                    throw FaceStickerError.output(path: folder, reason: path == folder ? "not a folder" : "\(path) is not a folder")
                }
                break
            }
            let code = errno
            let up = PathText.parent(of: path)
            guard code == ENOENT, up != path else { break } // mkdir below says what is wrong
            missing.append(path)
            path = up
        }
        for path in missing.reversed() {
            if mkdir(path, 0o777) == 0 {
                made.append((path, Cleanup.madeFolder(path)))
            } else if errno != EEXIST {
                throw FaceStickerError.output(path: folder, reason: "cannot create the folder: \(Errno.current.description)")
            }
        }
    }

    /// Removes the folders made that are still empty, deepest first.
    func removeEmpty() {
        for (path, token) in made.reversed() {
            Cleanup.forget(token)
            _ = rmdir(path)
        }
        made.removeAll()
    }
}

/// A JSON summary object, written one per input on stdout with `--json`: fields in
/// order, written by the library's one JSON writer (`JSONOutput`).
struct JSONObject {
    private var fields: [(String, JSONOutput)] = []

    init() {}

    /// The fields every `--json` object of a batch (photo, video) starts with.
    init(_ item: BatchItem, status: String) {
        add("input", item.input)
        add("output", item.output)
        add("status", status)
    }

    mutating func add(_ key: String, _ value: String?) { fields.append((key, .string(value))) }

    mutating func add(_ key: String, _ value: Int) { fields.append((key, .int(value))) }

    mutating func add(_ key: String, number value: Double, digits: Int = 3) {
        fields.append((key, .number(value, digits: digits)))
    }

    mutating func add(_ key: String, strings: [String]) { fields.append((key, .array(strings.map { .string($0) }))) }

    mutating func add(_ key: String, _ value: JSONOutput) { fields.append((key, value)) }

    var value: JSONOutput { .object(fields) }
    var text: String { value.text }
}

/// What one item of a batch came to: whether a face was found, and its `--json` object.
struct BatchItemDone {
    var foundFace: Bool
    var json: JSONObject
}

extension Batch {
    /// The one loop of a batch (photo, video): each item of the queue in turn, those
    /// `--skip-existing` skips counted (and reported with --json), `work` run on the
    /// others. A failure is printed, counted and reported and the next item done; a
    /// signal (`Interrupted`) ends the run. `cleanUp` runs before any error line (a
    /// progress line erased). The output folders made for outputs that never arrived
    /// are removed again. Returns the exit status; a batch ends with its summary line.
    func run(_ what: String, json: Bool, requireFace: Bool, cleanUp: () -> Void = {},
             _ work: (BatchItem) throws -> BatchItemDone) throws -> Int32 {
        defer { folders.removeEmpty() }
        var outcome = RunOutcome(requireFace: requireFace, failed: unlisted.count)
        for (item, skip) in queue {
            if skip {
                // An output skipped counts for --require-face as its record says (issue #41).
                let face = skippedFoundFace[item.output]
                outcome.skipped += 1
                if face == false { outcome.withoutFace += 1 }
                if requireFace, face == nil {
                    Console.note("\(what): \(item.output) records no face finding (its file system keeps no extended "
                                 + "attributes, or it was copied without them); --require-face does not count it")
                }
                if json {
                    var object = JSONObject(item, status: "skipped")
                    object.add("foundFace", face.map { JSONOutput.bool($0) } ?? .null)
                    try Console.out(json: object.text)
                }
                continue
            }
            do {
                let done = try work(item)
                outcome.written += 1
                if !done.foundFace { outcome.withoutFace += 1 }
                if json { try Console.out(json: done.json.text) }
            } catch let error as Interrupted {
                cleanUp()
                Console.error(error)
                return ExitStatus.signal(SIGINT)
            } catch let failure as StandardOutputFailure {
                throw failure
            } catch let error as UsageError {
                throw error
            } catch {
                cleanUp()
                Console.error(error)
                outcome.failed += 1
                if json {
                    var object = JSONObject(item, status: "failed")
                    object.add("error", Console.line(error))
                    try Console.out(json: object.text)
                }
            }
        }
        if isBatch { Console.note("\(what): " + outcome.summary) }
        return outcome.status
    }
}
