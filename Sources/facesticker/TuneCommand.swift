import FaceSticker
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `facesticker tune`: sweep detector settings over a labelled dataset.
enum TuneCommand: Command {
    static let name = "tune"
    static let summary = "sweep detector settings on a labelled dataset and save the best as a config"
    static let synopsis = "--dataset DIR [options]"
    static let details = """
    Runs each detector over the dataset's images, evaluates every setting of
    the sweep (one-to-one matching, greedy by score, at IoU 0.5), prints them
    ranked by the objective, best first, and writes the best one as the JSON
    that `--config` reads in detect, photo, video and selfie. DNN detectors run
    once per image and input size; score and NMS thresholds are replayed from
    their raw detections, so a fine threshold sweep costs seconds; each input
    size is one pass of the network over the dataset (four copies of each image
    with rotations auto), which is where the time goes. The default sweep (see
    --grid) covers two input sizes, four NMS and sixteen score thresholds. On a
    terminal a progress line shows each pass, the sweep and the sheet: items
    done, their rate and the time left.
    With --mask SPEC, no sweep: each image is anonymised in memory as
    `facesticker photo --sticker SPEC` does it (the recall profile's detector
    unless --config, --detector or --profile say otherwise), and scored as a
    privacy tool is judged. With --mask-outputs OUTDIR, no detector runs: the
    pictures another tool wrote are scored the same way, OUTDIR/NAME.png for the
    image NAME.EXT (its path under DIR/images, the extension replaced by .png,
    the same size as the image). A pixel is covered where any colour channel
    differs from the image's by more than --mask-tolerance. Printed per subset:
    the faces counted, those left unhidden (under 20% of the box covered) and
    under half covered, the covered regions (8-connected) that touch no labelled
    face per image, and with --mask the ms per photo of detection and drawing.
    """
    static let examples = [
        Example("facesticker tune --dataset ../shared/data/wider-dev --detector yunet -o yunet.json",
                "Sweeps YuNet's settings on a labelled dataset and writes the best for --config."),
        Example("facesticker tune --dataset ../shared/data/wider-dev --evaluate --config yunet.json",
                "Scores that setting alone: precision, recall and F1 per subset."),
        Example("facesticker tune --dataset ../shared/data/wider-dev --mask blur --sheet unhidden.jpg",
                "Scores photo --sticker blur as a privacy tool and draws the faces it leaves unhidden."),
    ]

    static let dataset = Option<String?>("--dataset", placeholder: "DIR", kind: .folder, default: nil,
                                         help: "images/, a ground-truth file (wider_face_gt.txt or *bbx_gt.txt, "
                                             + "*ellipseList.txt, *.csv of image,x,y,w,h, or *.json) and optionally "
                                             + "difficulty.tsv (easy/medium/hard subsets); required")
    static let detector = Option<[DetectorKind]>("--detector", placeholder: "NAME",
                                                 defaultText: "the default detector, or the one --config names",
                                                 setting: .detector, help: "haar, yunet or centerface; several are tuned together",
                                                 each: DetectorKind.self)
    static let model = Option<String?>("--model", placeholder: "FILE", kind: .file, default: nil,
                                       setting: .model, help: "model or cascade file (with one detector)")
    static let config = Option<String?>("--config", placeholder: "FILE", kind: .file, default: nil,
                                        help: "start from this setting: it is the baseline the sweep must beat")
    static let grid = Option<[String]>("--grid", placeholder: "[DET.]PARAM=V1,V2,...",
                                       setting: .grid, help: "values to sweep, or PARAM=FROM:TO:STEP. PARAM: inputSize scoreThreshold "
                                           + "nmsThreshold topK (DNNs), scaleFactor minNeighbors maxSize (Haar), minSize (all). "
                                           + "Defaults: DNNs \(ParameterGrid.defaults(for: .centerface).summary) (each input "
                                           + "size is a network pass over the dataset, four with rotations auto; the "
                                           + "thresholds are replayed from it); Haar \(ParameterGrid.defaults(for: .haar).summary)",
                                       each: { $0 })
    static let evaluate = Flag("--evaluate", help: "no sweep: evaluate the default (or --config) setting only")
    static let objective = Option<TuningObjective>("--objective", placeholder: "OBJ", default: .f1,
                                                   setting: .objective, help: "f1, ap, or recall@precision=P",
                                                   parse: { try TuningObjective(parsing: $0) })
    static let subset = Option<EvaluationSubset>("--subset", placeholder: "SUBSET", default: .all,
                                                 setting: .subset, help: "faces the objective counts")
    static let iou = Option<Double>("--iou", placeholder: "T", default: DetectorTuner.defaultIoU, range: 0.01...1,
                                    help: "overlap a detection needs to match a face")
    static let output = Option<String?>("-o", "--output", placeholder: "FILE", kind: .file, default: nil,
                                        help: "write the best setting here (JSON for --config)")
    static let plot = Option<String?>("--plot", placeholder: "FILE.png", kind: .file, default: nil,
                                      help: "draw precision-recall curves, one per detector and input size")
    static let sheet = Option<String?>("--sheet", placeholder: "FILE.jpg", kind: .file, default: nil,
                                       help: "draw the best setting's worst misses and false positives (with --mask "
                                           + "or --mask-outputs: the largest faces left unhidden)")
    static let jobs = Option<Int?>("--jobs", placeholder: "N", default: nil, range: 1...256, defaultText: "CPU cores",
                                   help: "images at a time, one detector each")
    static let top = Option<Int>("--top", placeholder: "N", default: 20, range: 0...1_000_000,
                                 setting: .top, help: "rows of the table to print (0: all)")

    static let mask = Option<String?>("--mask", placeholder: "SPEC", default: nil,
                                      help: "no sweep: hide the faces with this effect, as photo --sticker SPEC does, "
                                          + "and score it: " + Anonymisation.Effect.validSpecs,
                                      parse: { text in
                                          let effect: Anonymisation.Effect?
                                          do {
                                              effect = try Anonymisation.Effect.parse(text)
                                          } catch {
                                              let message = SettingOptions.text(error)
                                              throw OptionProblem(message.hasPrefix("--sticker ")
                                                                  ? String(message.dropFirst("--sticker ".count)) : message)
                                          }
                                          guard effect != nil else {
                                              throw OptionProblem("\"\(text)\" is not an effect (\(Anonymisation.Effect.validSpecs))")
                                          }
                                          return text
                                      })
    static let maskOutputs = Option<String?>("--mask-outputs", placeholder: "OUTDIR", kind: .folder, default: nil,
                                             help: "no sweep, no detector: score the pictures another tool wrote, "
                                                 + "OUTDIR/NAME.png for each image NAME.EXT under DIR/images")
    static let maskTolerance = Option<Int>("--mask-tolerance", placeholder: "N", default: 0, range: MaskCoverage.toleranceRange,
                                           help: "a pixel is covered where a colour channel differs by "
                                               + "more than N (0: both pictures decoded bit-exactly)")
    /// `--profile`, declared once with the detector options (auto: recall, since the mask is an effect).
    static var profile: Option<DetectionProfile?> { DetectorOptions.profile }
    /// The options only the sweep takes, and those only --mask takes.
    static var sweepOnly: [AnyOption] {
        [grid.erased, evaluate.erased, objective.erased, subset.erased, iou.erased, output.erased, plot.erased, top.erased]
    }
    static var maskOnly: [AnyOption] { [profile.erased, FaceOptions.maskScale.erased, FaceOptions.maskShape.erased] }

    static var groups: [OptionGroup] {
        [OptionGroup(nil, [dataset, detector, model, config, grid, evaluate, objective, subset, iou, output, plot,
                           sheet, ResultOptions.overwrite, jobs, top]),
         OptionGroup("anonymisation (scores masks instead of sweeping)",
                     [mask, maskOutputs, maskTolerance, profile, FaceOptions.maskScale, FaceOptions.maskShape])]
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        if arguments.has(mask) || arguments.has(maskOutputs) { return try runMask(arguments) }
        for option in maskOnly + [maskTolerance.erased] where arguments.has(option) {
            throw UsageError("\(option.id): only with --mask" + (option.id == maskTolerance.id ? " or --mask-outputs" : ""))
        }
        let evaluateOnly = arguments[evaluate]
        guard let folder = arguments[dataset] else {
            throw UsageError("tune: --dataset DIR is required (see --help)")
        }
        var kinds: [DetectorKind] = []
        for kind in arguments[detector] where !kinds.contains(kind) { kinds.append(kind) }
        let configPath = arguments[config]
        let config = try configPath.map { try DetectorConfig.load(path: $0) }
        if let config, !kinds.isEmpty, !kinds.contains(config.kind) {
            throw UsageError("--config is for \(config.kind.rawValue), which no --detector names")
        }
        if kinds.isEmpty { kinds = [config?.kind ?? ModelStore.defaultKind()] }
        let model = arguments[Self.model]
        if model != nil, kinds.count > 1 {
            throw UsageError("--model: give one --detector with it")
        }
        let baselines = kinds.map { kind -> DetectorSettings in
            var settings = config.flatMap { $0.kind == kind ? $0 : nil } ?? .defaults(for: kind)
            if let model { settings.model = model }
            return settings
        }

        var grids: [DetectorKind: ParameterGrid] = [:]
        for kind in kinds { grids[kind] = evaluateOnly ? ParameterGrid() : .defaults(for: kind) }
        for text in arguments[grid] {
            if evaluateOnly { throw UsageError("--grid: not with --evaluate") }
            let (only, parameter, values) = try asUsage { try ParameterGrid.parse(text) }
            let targets = kinds.filter { (only == nil || $0 == only) && parameter.applies(to: $0) }
            guard !targets.isEmpty else {
                throw UsageError(
                    "--grid \(text): \(parameter.rawValue) does not apply to "
                    + (only.map(\.rawValue) ?? kinds.map(\.rawValue).joined(separator: ", ")))
            }
            for kind in targets { grids[kind]?.set(parameter, values) }
        }
        let objective = arguments[Self.objective]
        let subset = arguments[Self.subset]
        let iou = arguments[Self.iou]
        let jobs = arguments[Self.jobs] ?? ProcessInfo.processInfo.activeProcessorCount
        let top = arguments[Self.top]
        let output = arguments[Self.output]
        let plot = arguments[Self.plot]
        let sheet = arguments[Self.sheet]
        try arguments.noPositionals()
        try checkPictureName("--plot", plot)
        try checkPictureName("--sheet", sheet)

        let dataset = try FaceDataset.load(folder: folder)
        guard dataset.subsets.contains(subset) else {
            throw UsageError("--subset \(subset.rawValue): \(folder) has no difficulty.tsv")
        }
        var files = RunFiles()
        files.read("--config", configPath)
        files.read("--model", model)
        for kind in DetectorKind.allCases { files.read("the installed \(kind.rawValue) model", ModelStore.defaultModel(for: kind)) }
        for truth in dataset.groundTruthFiles { files.read("the ground truth", truth) }
        files.read("the difficulty file", dataset.hasDifficulty ? PathText.join(folder, "difficulty.tsv") : nil)
        for image in dataset.images { files.read("the dataset image", image.path) }
        files.write("-o", output)
        files.write("--plot", plot)
        files.write("--sheet", sheet)
        try files.check(arguments)
        // A run can take minutes: an output that cannot be written is refused before it.
        for path in [output, plot, sheet].compactMap({ $0 }) { try AtomicFile.checkFolder(of: path) }
        let tuner = DetectorTuner(baselines: baselines, grids: grids, objective: objective, subset: subset,
                                  iouThreshold: iou, jobs: jobs)
        for baseline in baselines { _ = try tuner.settings(for: baseline) } // bad grid values fail before any run
        noteFaces(dataset)
        // Jobs are the parallelism: OpenCV's own helper threads would only spin on busy cores.
        if jobs > 1 { try FaceFinder.setThreadsPerDetection(1) }
        let line = ProgressLine()
        let report = try tuner.run(on: dataset, log: { line.end(); Console.note($0) }, progress: line.show)

        try TuningTable.lines(report, limit: top).forEach { try Console.out($0) }
        try TuningTable.summary(report).forEach { try Console.out($0) }
        if let output {
            let data = DetectorConfig.encode(report.best.settings, notes: notes(report, dataset: folder))
            try AtomicFile.write(to: output) { temporary in
                do {
                    try data.write(to: URL(fileURLWithPath: temporary))
                } catch {
                    throw FaceStickerError.output(path: output, reason: SystemReason.of(error))
                }
            }
            Console.note("tune: wrote the best setting to \(output)")
        }
        if let plot {
            try ImageFile.write(PRPlot.render(report.curves, title: "precision-recall, \(report.subset.rawValue) faces, "
                                              + "IoU \(JSONText.number(iou, digits: 3))"), to: plot)
            Console.note("tune: wrote precision-recall curves to \(plot)")
        }
        if let sheet {
            try ImageFile.write(ContactSheet.render(dataset: dataset, evaluation: report.bestEvaluation,
                                                    subset: subset, title: report.best.label, progress: line.show),
                                to: sheet)
            Console.note("tune: wrote the worst misses and false positives to \(sheet)")
        }
        Console.note(String(format: "tune: %d detector runs in %.1f s, evaluation %.1f s", report.detectorRuns,
                            report.detectionSeconds, report.evaluationSeconds))
        return ExitStatus.success
    }

    /// `--mask` and `--mask-outputs`: anonymise (or take another tool's pictures) and score them.
    private static func runMask(_ arguments: Arguments) throws -> Int32 {
        guard let folder = arguments[dataset] else {
            throw UsageError("tune: --dataset DIR is required (see --help)")
        }
        let spec = arguments[mask], outputs = arguments[maskOutputs]
        if spec != nil, outputs != nil { throw UsageError("--mask and --mask-outputs: choose one") }
        let mode = spec != nil ? "--mask" : "--mask-outputs"
        for option in sweepOnly where arguments.has(option) { throw UsageError("\(option.id): not with \(mode)") }
        if outputs != nil {
            for option in [detector.erased, model.erased, config.erased] + maskOnly where arguments.has(option) {
                throw UsageError("\(option.id): not with --mask-outputs (it runs no detector)")
            }
        }
        if Set(arguments[detector]).count > 1 { throw UsageError("--detector: give one with --mask") }
        let tolerance = arguments[maskTolerance]
        let jobs = arguments[Self.jobs] ?? ProcessInfo.processInfo.activeProcessorCount
        let sheet = arguments[Self.sheet]
        try arguments.noPositionals()
        try checkPictureName("--sheet", sheet)
        // As photo takes them: tune's --config, --model and --profile share their ids (and types) with
        // DetectorOptions' (values are kept by id), its --detector is its own (repeatable: the one given is passed),
        // --mask-scale and --mask-shape are FaceOptions'.
        let settings = try spec.map { _ in
            try DetectorOptions.parse(arguments, use: .photo, profile: .recall, kind: .some(arguments[detector].first)).settings
        }
        let faceOptions = FaceOptions.parse(arguments)

        let dataset = try FaceDataset.load(folder: folder)
        var files = RunFiles()
        for truth in dataset.groundTruthFiles { files.read("the ground truth", truth) }
        for image in dataset.images {
            files.read("the dataset image", image.path)
            files.read("an output scored", outputs.map { MaskCoverage.outputPath(for: image, in: $0) })
        }
        files.write("--sheet", sheet)
        try files.check(arguments)
        if let sheet { try AtomicFile.checkFolder(of: sheet) }

        let started = Date()
        let line = ProgressLine()
        let scores: [MaskCoverage.ImageScore]
        let anonymised: (Int) throws -> RGBAImage
        if let spec, let settings {
            noteFaces(dataset)
            let renderer = StickerRenderer(stickers: faceOptions.masked(try StickerLibrary.installed().stickers(named: [spec])))
            let profile = DetectorOptions.profile(arguments, fallback: .recall)
            Console.note("tune: hiding faces with \(spec), detector \(settings.kind.rawValue) (profile "
                         + "\(profile.rawValue)), \(jobs) image(s) at a time")
            scores = try MaskCoverage.run(dataset: dataset, settings: settings, renderer: renderer, tolerance: tolerance,
                                          jobs: jobs, progress: line.show)
            // The sheet's few pictures are drawn again, as the run drew them.
            let detector = try FaceFinder(settings: settings)
            anonymised = { i in
                var picture = try ImageFile.read(path: dataset.images[i].path)
                renderer.render(&picture, faces: try detector.detect(in: picture))
                return picture
            }
        } else {
            let outputs = outputs ?? ""
            // Scoring takes seconds: a missing or bad output is the only line said.
            scores = try MaskCoverage.score(dataset: dataset, outputs: outputs, tolerance: tolerance, jobs: jobs,
                                            progress: line.show)
            noteFaces(dataset)
            anonymised = { i in try ImageFile.read(path: MaskCoverage.outputPath(for: dataset.images[i], in: outputs)) }
        }
        let summary = try MaskCoverage.Summary(dataset: dataset, scores: scores)
        try summary.table.forEach { try Console.out($0) }
        if let sheet {
            let title = "faces left unhidden, " + (spec.map { "--mask \($0)" } ?? "pictures in \(outputs ?? "")")
            try ImageFile.write(ContactSheet.unhidden(dataset: dataset, scores: scores, title: title,
                                                      progress: line.show, picture: anonymised), to: sheet)
            Console.note("tune: wrote the largest faces left unhidden to \(sheet)")
        }
        Console.note(String(format: "tune: %d images scored in %.1f s", dataset.images.count,
                            Date().timeIntervalSince(started))
                     + "; \(summary.regions) covered regions, \(summary.regionsOffFaces) touching no labelled face")
        return ExitStatus.success
    }

    /// Refuses a picture `option` would write under a name that is not .png, .jpg or .jpeg.
    private static func checkPictureName(_ option: String, _ path: String?) throws {
        if let path, !["png", "jpg", "jpeg"].contains(PathText.extension(of: path).lowercased()) {
            throw UsageError("\(option) \(path): use a .png, .jpg or .jpeg name")
        }
    }

    /// The note a run starts with: the images and the faces counted.
    private static func noteFaces(_ dataset: FaceDataset) {
        Console.note("tune: \(dataset.images.count) images, \(dataset.countedFaces(in: .all)) faces counted"
                     + (dataset.hasDifficulty ? " (easy \(dataset.countedFaces(in: .easy)), medium "
                        + "\(dataset.countedFaces(in: .medium)), hard \(dataset.countedFaces(in: .hard)))" : ""))
    }

    /// The `tuning` notes of the config file.
    private static func notes(_ report: TuningReport, dataset: String) -> [String: DetectorConfig.Note] {
        let best = report.best, m = report.metrics(of: best)
        var notes: [String: DetectorConfig.Note] = [
            "objective": .text(report.objective.description), "dataset": .text(dataset),
            "subset": .text(report.subset.rawValue), "iou": .number(report.iouThreshold),
            "precision": .number(m.precision), "recall": .number(m.recall), "f1": .number(m.f1),
            "ap": .number(m.averagePrecision),
        ]
        if let score = report.objectiveValue(of: best) { notes["score"] = .number(score) }
        if let baseline = report.baseline(for: best.settings.kind), let value = report.objectiveValue(of: baseline) {
            notes["defaultScore"] = .number(value)
        }
        return notes
    }
}

/// `tune`'s progress line, on a terminal only (stderr a tty, not -q): each
/// long stage's items done, their rate and the time left, redrawn in place
/// (`tune: centerface 640 (up to x2): 37/100 images, 1.9/s, ETA 0:33`) and
/// erased when the stage ends or a note is written.
private final class ProgressLine: Sendable {
    private let enabled = isatty(STDERR_FILENO) == 1 && Console.level != .quiet
    private let shown = Mutex(false)

    /// Draws `step` (from any thread; a stage's steps come one at a time).
    var show: TuningProgressHandler {
        { [self] step in
            guard enabled else { return }
            shown.withLock { shown in
                if step.done >= step.total {
                    if shown { Console.endProgress() }
                    shown = false
                    return
                }
                let eta = step.remaining.map { ", ETA " + Self.clock($0) } ?? ""
                let rate = step.done > 0 ? String(format: ", %.1f/s", step.rate) : ""
                Console.progress("tune: \(step.stage): \(step.done)/\(step.total) \(step.stage.unit)\(rate)\(eta)")
                shown = true
            }
        }
    }

    /// Erases the line, if one is shown, before a note.
    func end() {
        shown.withLock { shown in
            if shown { Console.endProgress() }
            shown = false
        }
    }

    private static func clock(_ seconds: Double) -> String {
        let s = seconds.isFinite ? Int(min(seconds, 359_999).rounded()) : 0
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
            : String(format: "%d:%02d", s / 60, s % 60)
    }
}
