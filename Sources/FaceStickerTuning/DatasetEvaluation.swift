import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision
/// Detections of every image of a dataset scored against its ground truth:
/// precision, recall, F1 and average precision, overall and per difficulty
/// subset, at one IoU threshold.
///
/// Matching is one-to-one, greedy by score (see `DetectionMatcher`), per
/// image and per subset; the matched detections of all images are then
/// pooled and ranked (see `RankedDetections`). A subset ignores the faces it
/// does not count: `all` ignores WIDER's invalid faces, `easy`, `medium` and
/// `hard` every face `difficulty.tsv` does not list for them.
///
/// ```swift
/// let dataset = try FaceDataset.load(folder: "../shared/data/wider-dev")
/// let evaluation = try DatasetEvaluation.run(settings: .defaults(for: .yunet), on: dataset)
/// print(evaluation.metrics(.easy).recall)
/// ```
package struct DatasetEvaluation: Sendable {
    package let iouThreshold: Double
    /// The subsets evaluated: `all`, and easy/medium/hard when the dataset has difficulty.
    package let subsets: [EvaluationSubset]
    /// Per image, the detections evaluated.
    package let detections: [[Face]]
    /// Per subset, per image, the matching.
    package let matches: [EvaluationSubset: [ImageMatch]]
    /// Per subset, the pooled ranking.
    package let ranked: [EvaluationSubset: RankedDetections]

    /// Evaluates `detections[i]` against `dataset.images[i]`.
    package init(dataset: FaceDataset, detections: [[Face]], iouThreshold: Double = 0.5) throws {
        guard detections.count == dataset.images.count else {
            throw FaceStickerError.invalidArgument(
                "\(dataset.folder): \(detections.count) detection lists for \(dataset.images.count) images")
        }
        guard iouThreshold > 0, iouThreshold <= 1 else {
            throw FaceStickerError.invalidArgument("IoU threshold must be above 0 and at most 1, got \(iouThreshold)")
        }
        self.iouThreshold = iouThreshold
        self.detections = detections
        subsets = dataset.subsets
        var perImage = [[ImageMatch]](repeating: [], count: subsets.count)
        var scored = [[(score: Double, outcome: MatchOutcome)]](repeating: [], count: subsets.count)
        var positives = [Int](repeating: 0, count: subsets.count)
        for (image, faces) in zip(dataset.images, detections) {
            let all = DetectionMatcher.match(faces, to: image.faces, subsets: subsets, iouThreshold: iouThreshold)
            for (k, match) in all.enumerated() {
                positives[k] += match.counted.filter { $0 }.count
                for (face, outcome) in zip(faces, match.outcomes) { scored[k].append((face.score, outcome)) }
                perImage[k].append(match)
            }
        }
        var matches: [EvaluationSubset: [ImageMatch]] = [:]
        var ranked: [EvaluationSubset: RankedDetections] = [:]
        for (k, subset) in subsets.enumerated() {
            matches[subset] = perImage[k]
            ranked[subset] = RankedDetections(positives: positives[k], detections: scored[k])
        }
        self.matches = matches
        self.ranked = ranked
    }

    /// The metrics on `subset` of the detections scoring above `minScore`
    /// (all when nil). A subset the dataset cannot evaluate (no difficulty
    /// file) reports no faces and no detections.
    package func metrics(_ subset: EvaluationSubset = .all, above minScore: Double? = nil) -> DetectionMetrics {
        ranked[subset]?.metrics(above: minScore)
            ?? DetectionMetrics(truePositives: 0, falsePositives: 0, ignored: 0, positives: 0, averagePrecision: 0)
    }

    /// Runs a detector with `settings` on every image (`jobs` images at a
    /// time, one detector per job) and evaluates what it found.
    package static func run(settings: DetectorSettings, on dataset: FaceDataset, iouThreshold: Double = 0.5,
                           jobs: Int = 1) throws -> DatasetEvaluation {
        let faces = try ParallelWork.map(count: dataset.images.count, jobs: jobs,
                                         makeWorker: { try FaceFinder(settings: settings) }) { detector, i in
            try detector.detect(in: ImageFile.read(path: dataset.images[i].path))
        }
        return try DatasetEvaluation(dataset: dataset, detections: faces, iouThreshold: iouThreshold)
    }
}
