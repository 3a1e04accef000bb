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
        return try runSweep(Sweep(arguments), arguments)
    }

    /// Refuses a picture `option` would write under a name that is not .png, .jpg or .jpeg.
    static func checkPictureName(_ option: String, _ path: String?) throws {
        if let path, !["png", "jpg", "jpeg"].contains(PathText.extension(of: path).lowercased()) {
            throw UsageError("\(option) \(path): use a .png, .jpg or .jpeg name")
        }
    }

    /// The note a run starts with: the images and the faces counted.
    static func noteFaces(_ dataset: FaceDataset) {
        Console.note("tune: \(dataset.images.count) images, \(dataset.countedFaces(in: .all)) faces counted"
                     + (dataset.hasDifficulty ? " (easy \(dataset.countedFaces(in: .easy)), medium "
                        + "\(dataset.countedFaces(in: .medium)), hard \(dataset.countedFaces(in: .hard)))" : ""))
    }

    /// The `tuning` notes of the config file.
    static func notes(_ report: TuningReport, dataset: String) -> [String: DetectorConfig.Note] {
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
final class ProgressLine: Sendable {
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
