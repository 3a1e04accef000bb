/// One annotated face of a dataset image.
package struct GroundTruthBox: Hashable, Sendable {
    /// The face in image pixels (top-left origin).
    package var box: Rect
    /// WIDER FACE's `invalid` flag: the official evaluation neither counts
    /// this face nor penalises a detection on it.
    package var invalid: Bool
    /// The difficulty subsets that count this face (from `difficulty.tsv`).
    package var subsets: Set<EvaluationSubset>

    /// The largest coordinate or size a ground-truth file may give, in pixels:
    /// far beyond any image `tune` reads, far below where sizes, areas and
    /// conversions to whole pixels stop being exact.
    package static let coordinateLimit = 1_000_000.0

    /// Why a face box `x, y, w, h` from a file cannot be used, or nil when it can.
    package static func problem(x: Double, y: Double, width: Double, height: Double) -> String? {
        let values = [x, y, width, height]
        guard values.allSatisfy(\.isFinite) else { return "a box value is not a finite number" }
        guard width >= 0, height >= 0 else { return "negative box width or height" }
        if let big = values.first(where: { abs($0) > coordinateLimit }) {
            return "box value \(big) is beyond ±\(Int(coordinateLimit)) pixels"
        }
        return nil
    }

    package init(box: Rect, invalid: Bool = false, subsets: Set<EvaluationSubset> = []) {
        self.box = box
        self.invalid = invalid
        self.subsets = subsets
    }

    /// Whether `subset` counts this face; a face it does not count is ignored
    /// (matching it is neither a hit nor a false positive). Faces without
    /// area cannot be matched, so they are never counted either.
    package func isCounted(in subset: EvaluationSubset) -> Bool {
        switch subset {
        case .all: return !invalid && box.width > 0 && box.height > 0
        case .easy, .medium, .hard: return subsets.contains(subset)
        }
    }
}
