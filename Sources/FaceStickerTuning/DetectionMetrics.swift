/// Precision, recall, F1 and average precision of one detector setting on one subset.
///
/// Conventions for the degenerate cases: with no detections (hits plus false
/// positives) precision is 1, since nothing claimed was wrong; with no
/// counted faces recall is 1, since nothing was missed, and average precision
/// is 1 when there is no false positive, else 0. F1 is 0 when precision and
/// recall are both 0.
package struct DetectionMetrics: Equatable, Sendable {
    package var truePositives: Int
    package var falsePositives: Int
    /// Detections that matched only ignored faces (not part of any ratio).
    package var ignored: Int
    /// Faces counted (hits plus misses).
    package var positives: Int
    /// Area under the interpolated precision-recall curve of the detections
    /// counted here, ranked by score (see `RankedDetections`).
    package var averagePrecision: Double

    package init(truePositives: Int, falsePositives: Int, ignored: Int, positives: Int, averagePrecision: Double) {
        self.truePositives = truePositives
        self.falsePositives = falsePositives
        self.ignored = ignored
        self.positives = positives
        self.averagePrecision = averagePrecision
    }

    /// Counted faces no detection matched.
    package var misses: Int { positives - truePositives }

    /// Of all detections, the share that matched a face, counted or ignored
    /// (on the `all` subset: any labelled face, WIDER's invalid ones included).
    package var anyFacePrecision: Double {
        let all = truePositives + falsePositives + ignored
        return all > 0 ? Double(truePositives + ignored) / Double(all) : 1
    }

    package var precision: Double {
        let claimed = truePositives + falsePositives
        return claimed > 0 ? Double(truePositives) / Double(claimed) : 1
    }

    package var recall: Double { positives > 0 ? Double(truePositives) / Double(positives) : 1 }

    package var f1: Double {
        let p = precision, r = recall
        return p + r > 0 ? 2 * p * r / (p + r) : 0
    }
}
