import FaceSticker
import Foundation

/// The options every command takes: help, quiet, verbose.
enum CommonOptions {
    static let help = Option.flag("-h", "--help", help: "show this help and exit")
    static let quiet = Option.flag("-q", "--quiet", help: "print errors and warnings only (no progress, no summary lines)")
    static let verbose = Option.flag("-v", "--verbose", help: "say more: settings used, per-file timings")
    static let group = OptionGroup("common options", [quiet, verbose, help])

    /// Sets the console's level from -q / -v (the later one wins when both are given).
    static func apply(_ arguments: Arguments) {
        if arguments.flag(quiet) { Console.level = .quiet }
        if arguments.flag(verbose) { Console.level = .verbose }
    }
}

/// `--sticker`, `--assign`, `--filter`: taken by photo, video and selfie.
enum StickerOptions {
    /// The sticker a face gets when no `--sticker` is given.
    static let defaultSticker = "sunglasses"

    static let sticker = Option.value("--sticker", placeholder: "NAME|PATH|EFFECT", kind: .custom { text in
        // An effect's value (blur:0) is checked here; names and paths when the stickers load.
        do {
            _ = try Anonymisation.Effect.parse(text)
            return nil
        } catch {
            let message = "\(error)"
            return message.hasPrefix("--sticker ") ? String(message.dropFirst("--sticker ".count)) : message
        }
    }, default: defaultSticker,
                                      repeats: true,
                                      help: "a sticker `facesticker stickers` lists, any PNG (it covers the face), or "
                                          + "an effect hiding the face: \(Anonymisation.Effect.validSpecs); several are "
                                          + "layered in order")
    static let assign = Option.value("--assign", placeholder: "all|cycle",
                                     kind: .choice(Sticker.Assignment.allCases.map(\.rawValue)), default: "all",
                                     help: "all: every face gets every sticker; cycle: faces (left to right in a photo, "
                                         + "each new track in a video) get successive stickers")
    static let filter = Option.value("--filter", placeholder: "SPEC", kind: .custom { spec in
        // An unknown name is said as an unknown sticker is: the name, the nearest one, the list.
        let name = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? spec
        guard FilterChain.names.contains(name.lowercased()) else {
            let hint = Anonymisation.Effect.names.contains(name.lowercased()) ? " (\(name) is an effect: --sticker \(spec))"
                : Suggest.closest(to: name, in: FilterChain.names).map { " (did you mean \($0)?)" } ?? ""
            return "unknown filter \"\(spec)\"\(hint); filters: \(FilterChain.validSpecs)"
        }
        do {
            _ = try FilterChain(specs: [spec])
            return nil
        } catch {
            return "\(error)"
        }
    }, repeats: true, help: "colour filter, chained in order: \(FilterChain.validSpecs)")

    static let group = OptionGroup("stickers and filters", [sticker, assign, filter])

    struct Choice {
        let names: [String]

        /// The profile these stickers call for: `recall` when every name is an effect.
        var profile: DetectionProfile { Sticker.profile(forNames: names) }
        let assignment: Sticker.Assignment
        let filters: FilterChain
    }

    /// Refuses, as a usage error, a `--sticker` that is no sticker of `library`,
    /// no effect and no file, and does not look like a path (a missing file is
    /// an input that failed, exit 1): one line with the nearest name and the list.
    static func check(_ names: [String], in library: StickerLibrary) throws {
        let known = library.entries.map(\.name)
        for name in names {
            guard (try? Anonymisation.Effect.parse(name)) == nil, !known.contains(name),
                  !name.contains("/"), !name.contains("."), !FileManager.default.fileExists(atPath: name) else { continue }
            let hint = Suggest.closest(to: name, in: known + Anonymisation.Effect.names).map { " (did you mean \($0)?)" } ?? ""
            let list = known.isEmpty ? "no sticker pack is installed (`facesticker stickers` says where it is looked for)"
                : "stickers: \(known.joined(separator: ", ")); effects: \(Anonymisation.Effect.names.joined(separator: ", "))"
            throw UsageError("--sticker: unknown sticker \"\(name)\"\(hint); \(list)")
        }
    }

    static func parse(_ arguments: Arguments) throws -> Choice {
        let names = arguments.strings(sticker)
        let assignment = arguments.string(assign).flatMap(Sticker.Assignment.init(rawValue:)) ?? .all
        let filters = try asUsage { try FilterChain(specs: arguments.strings(filter)) }
        return Choice(names: names.isEmpty ? [defaultSticker] : names, assignment: assignment, filters: filters)
    }
}

/// `-o`, `--json`, `--format`: how results come out.
enum OutputOptions {
    static let output = Option.value("-o", "--output", placeholder: "OUT", kind: .file,
                                     help: "the output (one input only); never an input")
    static let json = Option.flag("--json", help: "one JSON object per input on stdout (schema in the README)")
    static let format = Option.value("--format", placeholder: "png|jpg", kind: .choice(["png", "jpg", "jpeg"]),
                                     help: "image format for -o - (standard output; default png) and for the "
                                         + "default output names (default: the input's); -o OUT's name must agree")
    static let quality = Option.value("--quality", placeholder: "Q", kind: .int(1...100), default: "92",
                                      help: "JPEG quality")
}

/// How a run treats outputs already there and inputs without a face (photo,
/// video, selfie, live, tune; detect takes `--require-face` only).
enum ResultOptions {
    static let overwrite = Option.flag("-y", "--overwrite",
                                       help: "replace outputs that are already there (without it, a run that would "
                                           + "replace one is refused before any work, exit status 2)")
    static let requireFace = Option.flag("--require-face",
                                         help: "exit with status 3 when some input has no face (a video: in no frame); "
                                             + "the outputs are still written")
}

/// Many inputs at once: `--out-dir`, `-r`, `--shard`, `--skip-existing` (photo and video).
enum BatchOptions {
    static let outDir = Option.value("--out-dir", placeholder: "DIR", kind: .folder,
                                     help: "write the outputs into DIR (made if missing), named as by default")
    static let recursive = Option.flag("-r", "--recursive", help: "look into the sub-folders of a folder given as input")
    static let shard = Option.value("--shard", placeholder: "I/N|auto", kind: .custom { Shard.problem(with: $0) },
                                    help: "process only the inputs at positions I, I+N, I+2N... of the sorted input "
                                        + "list (I from 0), so N runs with I = 0...N-1 share a batch; auto: I and N from "
                                        + "FACESTICKER_SHARD, Slurm's SLURM_ARRAY_TASK_*, or JOB_COMPLETION_INDEX or "
                                        + "AWS_BATCH_JOB_ARRAY_INDEX with FACESTICKER_SHARD_COUNT (see README)")
    static let skipExisting = Option.flag("--skip-existing",
                                          help: "leave out inputs whose output is already there and complete; "
                                              + "incomplete ones are done again and replaced")
    static let group = OptionGroup("batches", [outDir, recursive, shard, skipExisting])
}
