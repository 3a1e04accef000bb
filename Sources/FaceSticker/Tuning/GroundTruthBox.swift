/// One annotated face of a dataset image.
public struct GroundTruthBox: Hashable, Sendable {
    /// The face in image pixels (top-left origin).
    public var box: Rect
    /// WIDER FACE's `invalid` flag: the official evaluation neither counts
    /// this face nor penalises a detection on it.
    public var invalid: Bool
    /// The difficulty subsets that count this face (from `difficulty.tsv`).
    public var subsets: Set<EvaluationSubset>

    public init(box: Rect, invalid: Bool = false, subsets: Set<EvaluationSubset> = []) {
        self.box = box
        self.invalid = invalid
        self.subsets = subsets
    }

    /// Whether `subset` counts this face; a face it does not count is ignored
    /// (matching it is neither a hit nor a false positive). Faces without
    /// area cannot be matched, so they are never counted either.
    public func isCounted(in subset: EvaluationSubset) -> Bool {
        switch subset {
        case .all: return !invalid && box.width > 0 && box.height > 0
        case .easy, .medium, .hard: return subsets.contains(subset)
        }
    }
}
