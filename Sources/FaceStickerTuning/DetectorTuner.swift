import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision

/// Sweeps detector settings over a dataset and ranks them by an objective.
///
/// DNN detectors (YuNet, CenterFace) run once per image and distinct input
/// size (sizes that give the same downscaled copy share the run) at the
/// lowest score threshold swept, with NMS off; every score threshold, NMS
/// threshold and top-k is then replayed from those raw detections (see
/// `RawDetections`), and settings that differ only in score threshold share
/// one matching, since greedy matching of the detections above a threshold
/// is a prefix of matching them all. Haar's parameters change the search
/// itself, so it runs once per setting and image. Images run `jobs` at a
/// time, each job with its own detectors.
package struct DetectorTuner: Sendable {
    /// Each detector's base setting: its default, or what `--config` gave
    /// (model path included). Its row is marked as the baseline.
    package var baselines: [DetectorSettings]
    /// The grid per detector; a detector without one uses `ParameterGrid.defaults`.
    package var grids: [DetectorKind: ParameterGrid]
    package var objective: TuningObjective
    package var subset: EvaluationSubset
    package var iouThreshold: Double
    package var jobs: Int

    /// The overlap a detection needs to match a face when none is given (`tune --iou`).
    package static let defaultIoU = 0.5

    package init(baselines: [DetectorSettings], grids: [DetectorKind: ParameterGrid] = [:],
                objective: TuningObjective = .f1, subset: EvaluationSubset = .all, iouThreshold: Double = DetectorTuner.defaultIoU,
                jobs: Int = 1) {
        self.baselines = baselines
        self.grids = grids
        self.objective = objective
        self.subset = subset
        self.iouThreshold = iouThreshold
        self.jobs = jobs
    }

    /// The settings swept for `baseline`: the grid's combinations, plus the baseline itself.
    package func settings(for baseline: DetectorSettings) throws -> [DetectorSettings] {
        let grid = grids[baseline.kind] ?? .defaults(for: baseline.kind)
        var all = grid.settings(base: baseline)
        if !all.contains(baseline) { all.append(baseline) }
        for settings in all {
            do {
                try settings.validate()
            } catch FaceStickerError.badValue(_, let key, let reason) {
                throw FaceStickerError.invalidArgument("\(setting: .grid): key \"\(key)\": " + reason)
            }
        }
        return all
    }

    /// Runs the sweep; `log` hears what each stage did, on the calling thread;
    /// `progress` hears each long stage's items as they finish (see `TuningProgress`).
    package func run(on dataset: FaceDataset, log: (String) -> Void = { _ in },
                     progress: @escaping TuningProgressHandler = { _ in }) throws -> TuningReport {
        guard !baselines.isEmpty else { throw FaceStickerError.invalidArgument("tune: no detector to tune") }
        guard dataset.subsets.contains(subset) else {
            throw FaceStickerError.invalidArgument("\(setting: .subset) \(subset.rawValue): \(dataset.folder) has no difficulty.tsv")
        }
        var rows: [TuningRow] = []
        var curves: [PRCurve] = []
        var bestFaces: [DetectorKind: [[Face]]] = [:]
        var passes: [NetworkPass] = []
        var runs = 0
        var detectionSeconds = 0.0, evaluationSeconds = 0.0
        for baseline in baselines {
            let all = try settings(for: baseline)
            let sweep = baseline.kind == .haar
                ? try sweepHaar(all, baseline: baseline, dataset: dataset, log: log, progress: progress)
                : try sweepDNN(all, baseline: baseline, dataset: dataset, log: log, progress: progress)
            rows += sweep.rows
            curves += sweep.curves
            bestFaces[baseline.kind] = sweep.bestFaces
            runs += sweep.runs
            passes += sweep.passes
            detectionSeconds += sweep.detectionSeconds
            evaluationSeconds += sweep.evaluationSeconds
        }
        let ranked = rank(rows)
        let best = ranked[0]
        let evaluation = try DatasetEvaluation(dataset: dataset, detections: bestFaces[best.settings.kind] ?? [],
                                               iouThreshold: iouThreshold)
        return TuningReport(objective: objective, subset: subset, iouThreshold: iouThreshold, subsets: dataset.subsets,
                            rows: ranked, curves: curves, bestEvaluation: evaluation, detectorRuns: runs,
                            detectionSeconds: detectionSeconds, evaluationSeconds: evaluationSeconds,
                            networkPasses: passes)
    }

    /// Best first; a stable sort, so ties keep the sweep's order.
    private func rank(_ rows: [TuningRow]) -> [TuningRow] {
        let indexed = Array(rows.enumerated())
        return indexed.sorted { a, b in
            let ma = a.element.metrics[subset], mb = b.element.metrics[subset]
            if let ma, let mb {
                if objective.ranks(ma, above: mb) { return true }
                if objective.ranks(mb, above: ma) { return false }
            }
            return a.offset < b.offset
        }.map(\.element)
    }


    // MARK: DNN detectors

    private func sweepDNN(_ swept: [DetectorSettings], baseline: DetectorSettings, dataset: FaceDataset,
                          log: (String) -> Void, progress: @escaping TuningProgressHandler) throws -> TunerSweep {
        let kind = baseline.kind
        let sizes = Self.unique(swept.map(CopyRule.init))
        let floor = swept.map(\.scoreThreshold).min() ?? baseline.scoreThreshold
        let collectors = sizes.map { size -> DetectorSettings in
            var s = baseline
            s.inputSize = size.inputSize
            s.maxUpscale = size.maxUpscale
            return RawDetections.collectingSettings(for: s, scoreFloor: floor)
        }
        let images = dataset.images
        // What the raw detections must serve: every setting swept, the input size aside.
        let replayed = Self.unique(swept.map { s -> DetectorSettings in
            var any = s
            any.inputSize = baseline.inputSize
            any.maxUpscale = baseline.maxUpscale
            return any
        })
        log("tune: \(kind.rawValue): running the network on \(images.count) images at input sizes "
            + "\(sizes.map(\.description).joined(separator: ", ")) (score > \(JSONText.number(floor, digits: 3)), NMS off"
            + (swept.contains { $0.rotations != .none } ? ", turned copies too" : "") + ")")
        let start = Date()
        // One pass per input size (one network per size and job: OpenCV 4.6's nets
        // go wrong when one is run at several sizes), each image decoded once.
        let decoded = DecodedImages(paths: images.map(\.path))
        var raw: [[RawDetections]] = [] // per size, per image
        var copies: [[[Int]]] = []       // per size, per image: the copy's width and height
        var runs = 0
        var passes: [NetworkPass] = []
        for (k, size) in sizes.enumerated() {
            let passStart = Date(), decodedBefore = decoded.decodings
            let counter = ProgressCounter(.network(kind, size: size.description), total: images.count, handler: progress)
            let earlier = raw, earlierCopies = copies, collector = collectors[k]
            let pass = try ParallelWork.map(count: images.count, jobs: jobs, makeWorker: {
                (model: try OpenCVDetector(settings: collector), verifiers: try Self.verifiers(for: replayed),
                 mesher: try RawDetections.mesher(for: replayed))
            }) { worker, i in
                defer { counter.step() }
                let (width, height) = try decoded.size(i)
                let copy = FaceFinder.inputSize(width: width, height: height, longestSide: size.inputSize,
                                                maxUpscale: size.maxUpscale)
                // Sizes that give the same copy give the same detections.
                if let same = earlierCopies.firstIndex(where: { $0[i] == [copy.width, copy.height] }) {
                    return (raw: earlier[same][i], copy: [copy.width, copy.height], ran: false)
                }
                let detections = try RawDetections.collect(with: worker.model, in: try decoded.image(i), sweep: replayed,
                                                           verifiers: worker.verifiers, mesher: worker.mesher)
                return (raw: detections, copy: [copy.width, copy.height], ran: true)
            }
            raw.append(pass.map(\.raw))
            copies.append(pass.map(\.copy))
            let ran = pass.filter(\.ran).count
            let networkRuns = pass.filter(\.ran).reduce(0) { $0 + $1.raw.passes.count }
            let seconds = Date().timeIntervalSince(passStart)
            runs += ran
            passes.append(NetworkPass(kind: kind, inputSize: size.inputSize, maxUpscale: size.maxUpscale,
                                      images: images.count, collected: ran, networkRuns: networkRuns,
                                      decoded: decoded.decodings - decodedBefore, seconds: seconds))
            log("tune: \(kind.rawValue) \(size): \(ran) images, \(networkRuns) network runs (turned copies "
                + "included) in " + String(format: "%.1f", seconds) + " s"
                + (ran < images.count ? "; \(images.count - ran) images on copies an earlier size made" : ""))
        }
        decoded.release()
        let detectionSeconds = Date().timeIntervalSince(start)
        // Input sizes that give the same copy of every image give the same
        // rows: the table keeps one (the baseline's when it is among them);
        // the plot still draws each size.
        var representative = sizes.indices.map { k in
            sizes.indices.first { j in copies[j] == copies[k] } ?? k
        }
        if let b = sizes.firstIndex(of: CopyRule(baseline)) {
            let group = representative[b]
            for k in sizes.indices where representative[k] == group { representative[k] = b }
        }
        for k in sizes.indices where representative[k] != k {
            log("tune: \(kind.rawValue): input size \(sizes[k]) runs on the same copies as \(sizes[representative[k]]) "
                + "for every image" + Self.why(sizes[k], sizes[representative[k]], copies[k])
                + "; its rows are the same, listed once")
        }
        let all = swept.filter { s in sizes.firstIndex(of: CopyRule(s)).map { representative[$0] == $0 } ?? true }
        log("tune: \(kind.rawValue): \(runs) network runs in \(String(format: "%.1f", detectionSeconds)) s; "
            + "replaying \(all.count) settings")

        // Settings that differ only in score threshold share one replay and one matching.
        let evaluationStart = Date()
        let groups = Self.replayGroups(all)
        let subsets = dataset.subsets, iou = iouThreshold, subset = self.subset
        let counter = ProgressCounter(.sweep(kind), total: all.count, handler: progress)
        let collected = raw
        let evaluated = try ParallelWork.map(count: groups.count, jobs: jobs, makeWorker: {}) { _, g in
            let members = groups[g]
            defer { for _ in members { counter.step() } }
            var replay = all[members[0]]
            replay.scoreThreshold = members.map { all[$0].scoreThreshold }.min() ?? floor
            let sizeIndex = sizes.firstIndex(of: CopyRule(replay)) ?? 0
            let faces = try collected[sizeIndex].map { try $0.faces(for: replay) }
            let evaluation = try DatasetEvaluation(dataset: dataset, detections: faces, iouThreshold: iou)
            let metrics = members.map { i in
                Dictionary(uniqueKeysWithValues: subsets.map { ($0, evaluation.metrics($0, above: all[i].scoreThreshold)) })
            }
            return metrics
        }
        var rows = [TuningRow?](repeating: nil, count: all.count)
        for (g, members) in groups.enumerated() {
            for (k, i) in members.enumerated() {
                rows[i] = TuningRow(settings: all[i], metrics: evaluated[g][k], isBaseline: all[i] == baseline)
            }
        }
        let ranked = rank(rows.compactMap { $0 })
        guard let best = ranked.first else { throw FaceStickerError.internal("tune: no setting evaluated") }

        // One curve per input size asked for: the detections of that size's
        // best setting at the lowest score swept with it, so the curve runs
        // from the highest score down to the sweep's floor. A size whose
        // rows were folded into another's draws that size's curve, said so.
        var curves: [PRCurve] = []
        for (k, size) in sizes.enumerated() {
            let home = sizes[representative[k]]
            guard let top = ranked.first(where: { CopyRule($0.settings) == home }) else { continue }
            let lowest = all.filter { $0.withScore(top.settings.scoreThreshold) == top.settings }
                .map(\.scoreThreshold).min() ?? top.settings.scoreThreshold
            let replay = top.settings.withScore(lowest)
            let faces = try raw[representative[k]].map { try $0.faces(for: replay) }
            let evaluation = try DatasetEvaluation(dataset: dataset, detections: faces, iouThreshold: iouThreshold)
            guard let curveData = evaluation.ranked[subset] else { continue }
            let m = top.metrics[subset]
            let operating = m.map { PRPoint(score: top.settings.scoreThreshold, precision: $0.precision, recall: $0.recall) }
            let nms = "nms \(JSONText.number(top.settings.nmsThreshold, digits: 3))"
            let label = representative[k] == k ? "\(kind.rawValue) \(size) \(nms)"
                : "\(kind.rawValue) \(size) \(nms), same copies as \(home)"
            curves.append(PRCurve(label: label, kind: kind, points: curveData.curve(), operatingPoint: operating,
                                  averagePrecision: curveData.metrics().averagePrecision))
        }
        let bestSize = sizes.firstIndex(of: CopyRule(best.settings)) ?? 0
        let bestFaces = try raw[bestSize].map { try $0.faces(for: best.settings) }
        return TunerSweep(rows: rows.compactMap { $0 }, curves: curves, bestFaces: bestFaces, runs: runs,
                          passes: passes, detectionSeconds: detectionSeconds,
                          evaluationSeconds: Date().timeIntervalSince(evaluationStart))
    }

    /// Each verifier `settings` ask for, made once.
    private static func verifiers(for settings: [DetectorSettings]) throws -> [Verifier: FaceVerifier] {
        var made: [Verifier: FaceVerifier] = [:]
        for s in settings where s.verifier != .none && made[s.verifier] == nil {
            made[s.verifier] = try FaceVerifier(s.verifier, model: s.verifierModel)
        }
        return made
    }

    /// Why two sizes give the same copies: the images are no larger than the smaller
    /// size and `maxUpscale` does not enlarge them to either.
    private static func why(_ a: CopyRule, _ b: CopyRule, _ copies: [[Int]]) -> String {
        let largest = copies.map { $0.max() ?? 0 }.max() ?? 0
        guard largest < min(a.inputSize, b.inputSize) else { return "" }
        return " (the copies are at most \(largest) px: maxUpscale \(JSONText.number(min(a.maxUpscale, b.maxUpscale), digits: 2))"
            + " enlarges the images no further; a grid with maxUpscale=2 would)"
    }

    // MARK: Haar

    private func sweepHaar(_ all: [DetectorSettings], baseline: DetectorSettings, dataset: FaceDataset,
                           log: (String) -> Void, progress: @escaping TuningProgressHandler) throws -> TunerSweep {
        log("tune: haar: running the cascade on \(dataset.images.count) images with \(all.count) settings each")
        let start = Date()
        let images = dataset.images
        let counter = ProgressCounter(.cascade(settings: all.count), total: images.count, handler: progress)
        let found = try ParallelWork.map(count: images.count, jobs: jobs, makeWorker: { DetectorPool(all) }) { pool, i in
            defer { counter.step() }
            let image = try ImageFile.read(path: images[i].path)
            return try all.indices.map { try pool.finder($0).detect(in: image) }
        }
        let detectionSeconds = Date().timeIntervalSince(start)
        let evaluationStart = Date()
        let subsets = dataset.subsets, iou = iouThreshold, subset = self.subset
        let evaluated = try ParallelWork.map(count: all.count, jobs: jobs, makeWorker: {}) { _, k in
            let evaluation = try DatasetEvaluation(dataset: dataset, detections: found.map { $0[k] }, iouThreshold: iou)
            return (metrics: Dictionary(uniqueKeysWithValues: subsets.map { ($0, evaluation.metrics($0)) }),
                    ranked: evaluation.ranked[subset])
        }
        let rows = all.indices.map { TuningRow(settings: all[$0], metrics: evaluated[$0].metrics,
                                               isBaseline: all[$0] == baseline) }
        let ranked = rank(rows)
        var curves: [PRCurve] = []
        for size in Self.unique(all.map(\.inputSize)) {
            guard let top = ranked.first(where: { $0.settings.inputSize == size }),
                  let k = all.firstIndex(of: top.settings), let data = evaluated[k].ranked else { continue }
            let m = data.metrics()
            let s = top.settings
            let label = "haar \(size) scale \(JSONText.number(s.scaleFactor, digits: 3)) neighbors \(s.minNeighbors)"
            curves.append(PRCurve(label: label, kind: .haar, points: data.curve(),
                                  operatingPoint: PRPoint(score: 0, precision: m.precision, recall: m.recall),
                                  averagePrecision: m.averagePrecision))
        }
        let bestIndex = ranked.first.flatMap { all.firstIndex(of: $0.settings) } ?? 0
        return TunerSweep(rows: rows, curves: curves, bestFaces: found.map { $0[bestIndex] },
                          runs: images.count * all.count, passes: [], detectionSeconds: detectionSeconds,
                          evaluationSeconds: Date().timeIntervalSince(evaluationStart))
    }

    // MARK: Helpers

    private static func unique<T: Equatable>(_ values: [T]) -> [T] {
        var seen: [T] = []
        for value in values where !seen.contains(value) { seen.append(value) }
        return seen
    }

    /// Indices of `all` grouped by everything but the score threshold, in order of first appearance.
    private static func replayGroups(_ all: [DetectorSettings]) -> [[Int]] {
        var groupOf: [String: Int] = [:]
        var groups: [[Int]] = []
        for (i, s) in all.enumerated() {
            // Everything but the score threshold, which the matching replays as a prefix; except
            // that with rotations `auto` a higher threshold can empty the upright pass and turn others on.
            var key = DetectorParameter.allCases.filter { $0 != .scoreThreshold }.map { "\(s[$0])" }.joined(separator: " ")
            if s.rotations == .auto { key += " \(s.scoreThreshold)" }
            if let g = groupOf[key] {
                groups[g].append(i)
            } else {
                groupOf[key] = groups.count
                groups.append([i])
            }
        }
        return groups
    }
}

extension DetectorSettings {
    /// The same setting at score threshold `score`.
    package func withScore(_ score: Double) -> DetectorSettings {
        var settings = self
        settings.scoreThreshold = score
        return settings
    }
}

/// What decides the copy a DNN runs on: settings that share it share one network run per image.
private struct CopyRule: Hashable, CustomStringConvertible {
    let inputSize: Int
    let maxUpscale: Double
    init(_ settings: DetectorSettings) {
        inputSize = settings.inputSize
        maxUpscale = settings.maxUpscale
    }
    var description: String { maxUpscale == 1 ? "\(inputSize)" : "\(inputSize) (up to x\(JSONText.number(maxUpscale, digits: 2)))" }
}

/// What one detector's part of a `DetectorTuner` sweep produced.
package struct TunerSweep {
    package var rows: [TuningRow]
    package var curves: [PRCurve]
    /// The detector's best setting's detections per image.
    package var bestFaces: [[Face]]
    package var runs: Int
    package var passes: [NetworkPass]
    package var detectionSeconds: Double
    package var evaluationSeconds: Double
}

/// One job's Haar detectors, made on first use: one per setting it may run.
/// Lives on one thread (a detector handle is not thread-safe).
package final class DetectorPool {
    private let settings: [DetectorSettings]
    private var finders: [Int: FaceFinder] = [:]

    package init(_ settings: [DetectorSettings]) {
        self.settings = settings
    }

    /// The whole face finding for `settings[index]`.
    package func finder(_ index: Int) throws -> FaceFinder {
        if let finder = finders[index] { return finder }
        let finder = try FaceFinder(settings: settings[index])
        finders[index] = finder
        return finder
    }
}
