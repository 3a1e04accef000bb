import FaceStickerVision
/// What a `DetectorTuner` sweep found.
package struct TuningReport: Sendable {
    package let objective: TuningObjective
    /// The subset the objective is computed on.
    package let subset: EvaluationSubset
    package let iouThreshold: Double
    /// The subsets every row has metrics for.
    package let subsets: [EvaluationSubset]
    /// Every setting evaluated, best first by the objective.
    package let rows: [TuningRow]
    /// One precision-recall curve per detector and input size.
    package let curves: [PRCurve]
    /// The best setting's detections and matches (for the contact sheet).
    package let bestEvaluation: DatasetEvaluation
    /// Detector runs made (network or cascade, one image each) and seconds spent.
    package let detectorRuns: Int
    package let detectionSeconds: Double
    package let evaluationSeconds: Double
    /// The DNN network passes made, one per detector and input size, in order.
    package let networkPasses: [NetworkPass]

    package init(objective: TuningObjective, subset: EvaluationSubset, iouThreshold: Double,
                subsets: [EvaluationSubset], rows: [TuningRow], curves: [PRCurve], bestEvaluation: DatasetEvaluation,
                detectorRuns: Int, detectionSeconds: Double, evaluationSeconds: Double, networkPasses: [NetworkPass] = []) {
        self.networkPasses = networkPasses
        self.objective = objective
        self.subset = subset
        self.iouThreshold = iouThreshold
        self.subsets = subsets
        self.rows = rows
        self.curves = curves
        self.bestEvaluation = bestEvaluation
        self.detectorRuns = detectorRuns
        self.detectionSeconds = detectionSeconds
        self.evaluationSeconds = evaluationSeconds
    }

    /// The best setting of all (rows are never empty).
    package var best: TuningRow { rows[0] }

    /// The best setting of `kind`.
    package func best(for kind: DetectorKind) -> TuningRow? { rows.first { $0.settings.kind == kind } }

    /// The default (or `--config`) setting of `kind`.
    package func baseline(for kind: DetectorKind) -> TuningRow? {
        rows.first { $0.settings.kind == kind && $0.isBaseline }
    }

    /// The metrics the objective ranks by.
    package func metrics(of row: TuningRow) -> DetectionMetrics {
        row.metrics[subset] ?? DetectionMetrics(truePositives: 0, falsePositives: 0, ignored: 0, positives: 0,
                                                averagePrecision: 0)
    }

    /// The objective's value for `row` (nil when it does not qualify).
    package func objectiveValue(of row: TuningRow) -> Double? { objective.value(of: metrics(of: row)) }
}

/// One pass of a DNN over a dataset at one input size.
package struct NetworkPass: Sendable, Equatable {
    package var kind: DetectorKind
    package var inputSize: Int
    package var maxUpscale: Double
    package var images: Int
    /// Images the network ran on (the others reused the copy an earlier size made).
    package var collected: Int
    /// Network runs: one per image collected, and one per turned copy searched.
    package var networkRuns: Int
    /// Images decoded in this pass (an image kept from an earlier pass is not decoded again).
    package var decoded: Int
    package var seconds: Double

    package init(kind: DetectorKind, inputSize: Int, maxUpscale: Double, images: Int, collected: Int,
                 networkRuns: Int, decoded: Int, seconds: Double) {
        self.kind = kind
        self.inputSize = inputSize
        self.maxUpscale = maxUpscale
        self.images = images
        self.collected = collected
        self.networkRuns = networkRuns
        self.decoded = decoded
        self.seconds = seconds
    }
}
