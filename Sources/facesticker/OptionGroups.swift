import FaceSticker
import Foundation

/// The options every command takes: help, quiet, verbose.
enum CommonOptions {
    static let help = Flag("-h", "--help", help: "show this help and exit")
    static let quiet = Flag("-q", "--quiet", help: "print errors and warnings only (no progress, no summary lines)")
    static let verbose = Flag("-v", "--verbose",
                              help: "say more: settings used, the models, sticker pack and profile in use, per-file timings")
    static let group = OptionGroup("common options", [quiet, verbose, help])
    /// The options also taken before the command's name (`facesticker -v photo ...`).
    static let leading = Set(quiet.erased.names + verbose.erased.names)

    /// Sets the console's level from -q / -v (-v wins when both are given).
    static func apply(_ arguments: Arguments) {
        if arguments[quiet] { Console.level = .quiet }
        if arguments[verbose] { Console.level = .verbose }
    }
}

/// `--sticker`, `--assign`, `--filter`: taken by photo, video, selfie and live.
enum StickerOptions {
    static let sticker = Option<[String]>("--sticker", placeholder: "NAME|PATH|EFFECT", default: [Sticker.defaultName],
                                          setting: .sticker, help: "a sticker `facesticker stickers` lists, any PNG (it covers the face), or "
                                              + "an effect hiding the face: \(Anonymisation.Effect.validSpecs); several are "
                                              + "layered in order",
                                          each: { text in
                                              // An effect's value (blur:0) is checked here; names and paths when the stickers load.
                                              _ = try Anonymisation.Effect.parse(text)
                                              return text
                                          })
    static let assign = Option<Sticker.Assignment>("--assign", placeholder: "all|cycle", default: .all,
                                                   help: "all: every face gets every sticker; cycle: faces (left to right "
                                                       + "in a photo, each new track in a video) get successive stickers")
    /// Every `--filter` given, chained in order (`none` adds nothing).
    static let filter = Option<FilterChain>(names: ["--filter"], placeholder: "SPEC", kind: .text,
                                            default: FilterChain(filters: []), defaultText: nil, repeats: true,
                                            help: "colour filter, chained in order: \(FilterChain.validSpecs)", hidden: false,
                                            setting: nil,
                                            accept: { chain, spec in
                                                try checkFilterName(spec)
                                                return FilterChain(filters: (chain?.filters ?? [])
                                                    + [try FilterChain.filter(spec: spec)].compactMap { $0 })
                                            })

    /// An unknown filter name is said as an unknown sticker is: the name, the nearest one, the list.
    static func checkFilterName(_ spec: String) throws {
        let name = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? spec
        guard FilterChain.names.contains(name.lowercased()) else {
            let hint = Anonymisation.Effect.names.contains(name.lowercased()) ? " (\(name) is an effect: --sticker \(spec))"
                : Suggest.closest(to: name, in: FilterChain.names).map { " (did you mean \($0)?)" } ?? ""
            throw OptionProblem("unknown filter \"\(spec)\"\(hint); filters: \(FilterChain.validSpecs)")
        }
    }

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

    static func parse(_ arguments: Arguments) -> Choice {
        Choice(names: arguments[sticker], assignment: arguments[assign], filters: arguments[filter])
    }

    /// The installed sticker pack; `-v` names it (its manifest and how many stickers) and the stickers used.
    static func library(using names: [String]) throws -> StickerLibrary {
        let library = try StickerLibrary.installed()
        if let manifest = library.manifest {
            Console.detail("sticker pack: \(manifest.path), \(manifest.entries.count) sticker(s); using "
                           + names.joined(separator: ", "))
        } else {
            Console.detail("sticker pack: none installed (looked in \(StickerLibrary.searchPaths.joined(separator: ", "))); "
                           + "using " + names.joined(separator: ", "))
        }
        return library
    }
}

/// `-o`, `--json`, `--format`, `--quality`: how results come out.
enum OutputOptions {
    static let output = Option<String?>("-o", "--output", placeholder: "OUT", kind: .file, default: nil,
                                        help: "the output (one input only); never an input")
    static let json = Flag("--json", help: "one JSON object per input on stdout (schema: docs/command-line.md, --json)")
    static let format = Option<ImageFile.Format?>("--format", placeholder: "png|jpg", kind: .choice(["png", "jpg", "jpeg"]), default: nil,
                                                  help: "image format for -o - (standard output; default png) and for the "
                                                      + "default output names (default: the input's); -o OUT's name must agree",
                                                  parse: { text in
                                                      try OptionText.word(text, in: ["png", "jpg", "jpeg"]) == "png" ? .png : .jpeg
                                                  })
    static let quality = Option<Int>("--quality", placeholder: "Q", default: ImageFile.defaultJPEGQuality,
                                     range: ImageFile.qualityRange, setting: .jpegQuality, help: "JPEG quality")
}

/// How a run treats outputs already there and inputs without a face (photo,
/// video, selfie, live, tune; detect takes `--require-face` only).
enum ResultOptions {
    static let overwrite = Flag("-y", "--overwrite",
                                       help: "replace outputs that are already there (without it, a run that would "
                                           + "replace one is refused before any work, exit status 2)")
    static let requireFace = Flag("--require-face",
                                         help: "exit with status 3 when some input has no face (a video: in no frame); "
                                             + "the outputs are still written")
}

/// Many inputs at once: `--out-dir`, `-r`, `--shard`, `--skip-existing` (photo and video).
enum BatchOptions {
    static let outDir = Option<String?>("--out-dir", placeholder: "DIR", kind: .folder, default: nil,
                                        help: "write the outputs into DIR (made if missing), named as by default")
    static let recursive = Flag("-r", "--recursive", help: "look into the sub-folders of a folder given as input")
    static let shard = Option<Shard?>("--shard", placeholder: "I/N|auto", default: nil,
                                      help: "process only the inputs at positions I, I+N, I+2N... of the sorted input "
                                          + "list (I from 1), so N runs with I = 1...N share a batch; auto: I and N from "
                                          + "FACESTICKER_SHARD (I/N, I from 1), Slurm's SLURM_ARRAY_TASK_*, or "
                                          + "JOB_COMPLETION_INDEX or AWS_BATCH_JOB_ARRAY_INDEX (from 0) with "
                                          + "FACESTICKER_SHARD_COUNT (see docs/command-line.md)",
                                      parse: { try Shard.parse($0) })
    static let skipExisting = Flag("--skip-existing",
                                   help: "leave out inputs whose output is already there and complete; "
                                       + "incomplete ones are done again and replaced")
    static let group = OptionGroup("batches", [outDir, recursive, shard, skipExisting])
}
