/// One point of a precision-recall curve: precision and recall when every
/// detection scoring `score` or more is kept.
public struct PRPoint: Equatable, Sendable {
    public var score: Double
    public var precision: Double
    public var recall: Double

    public init(score: Double, precision: Double, recall: Double) {
        self.score = score
        self.precision = precision
        self.recall = recall
    }
}
