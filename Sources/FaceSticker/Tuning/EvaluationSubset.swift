/// Which ground-truth boxes an evaluation counts.
///
/// `all` counts every box except those the WIDER FACE evaluation ignores (the
/// `invalid` flag, and boxes with no area). `easy`, `medium` and `hard` count
/// only the boxes `difficulty.tsv` lists for that subset, as the official
/// WIDER FACE evaluation does; every other box is ignored there.
public enum EvaluationSubset: String, CaseIterable, Sendable, Comparable {
    case all
    case easy
    case medium
    case hard

    /// The WIDER FACE difficulty subsets, in order.
    public static let difficulties: [EvaluationSubset] = [.easy, .medium, .hard]

    public static func < (a: EvaluationSubset, b: EvaluationSubset) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
