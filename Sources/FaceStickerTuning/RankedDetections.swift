/// Every matched detection of a dataset, pooled over its images and ranked by
/// score, with the number of counted faces: everything precision, recall and
/// average precision need, at any score threshold.
///
/// Average precision is the area under the interpolated precision-recall
/// curve, as the WIDER FACE (and PASCAL VOC 2010+) evaluation computes it:
/// one curve point per distinct score (tied detections enter together),
/// precision made non-increasing from the right, then summed over the recall
/// steps. WIDER FACE samples the curve at 1000 score thresholds; this uses
/// every distinct score, the limit of that sampling.
package struct RankedDetections: Sendable {
    /// Faces counted.
    package let positives: Int
    /// Scores of the hits and false positives, best first.
    package let scores: [Double]
    /// Per entry of `scores`: hits so far, that entry included.
    private let cumulativeHits: [Int]
    /// Scores of ignored detections, best first.
    private let ignoredScores: [Double]

    /// Ranks `detections` (score and outcome, from any number of images).
    package init(positives: Int, detections: [(score: Double, outcome: MatchOutcome)]) {
        self.positives = positives
        let ranked = detections.filter { $0.outcome != .ignored }.sorted { $0.score > $1.score }
        scores = ranked.map(\.score)
        var hits = 0
        cumulativeHits = ranked.map { entry in
            if entry.outcome == .truePositive { hits += 1 }
            return hits
        }
        ignoredScores = detections.filter { $0.outcome == .ignored }.map(\.score).sorted(by: >)
    }

    /// The metrics of the detections scoring above `minScore` (compared as
    /// 32-bit floats, as the detectors compare their thresholds), or of all
    /// when nil.
    package func metrics(above minScore: Double? = nil) -> DetectionMetrics {
        let kept = count(scores, above: minScore)
        let hits = kept > 0 ? cumulativeHits[kept - 1] : 0
        return DetectionMetrics(truePositives: hits, falsePositives: kept - hits,
                                ignored: count(ignoredScores, above: minScore), positives: positives,
                                averagePrecision: averagePrecision(kept: kept))
    }

    /// The precision-recall curve of the detections above `minScore`, one
    /// point per distinct score, highest score first.
    package func curve(above minScore: Double? = nil) -> [PRPoint] {
        points(kept: count(scores, above: minScore))
    }

    /// The curve of the first `kept` ranked detections (a threshold never
    /// splits tied scores, so every group is whole).
    private func points(kept: Int) -> [PRPoint] {
        var points: [PRPoint] = []
        for i in 0..<kept where i == kept - 1 || scores[i + 1] != scores[i] {
            let hits = Double(cumulativeHits[i])
            points.append(PRPoint(score: scores[i], precision: hits / Double(i + 1),
                                  recall: positives > 0 ? hits / Double(positives) : 1))
        }
        return points
    }

    private func averagePrecision(kept: Int) -> Double {
        // With no face to find, every kept detection is a false positive.
        guard positives > 0 else { return kept == 0 ? 1 : 0 }
        let points = points(kept: kept)
        var envelope = [Double](repeating: 0, count: points.count)
        var best = 0.0
        for k in points.indices.reversed() {
            best = max(best, points[k].precision)
            envelope[k] = best
        }
        var area = 0.0, previousRecall = 0.0
        for k in points.indices {
            area += (points[k].recall - previousRecall) * envelope[k]
            previousRecall = points[k].recall
        }
        return area
    }

    /// How many of `values` (sorted best first) are above `minScore`.
    private func count(_ values: [Double], above minScore: Double?) -> Int {
        guard let minScore else { return values.count }
        let threshold = Float(minScore)
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if Float(values[mid]) > threshold { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
