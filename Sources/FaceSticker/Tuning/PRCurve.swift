/// A labelled precision-recall curve for the plot: one per detector and input size.
public struct PRCurve: Sendable {
    public var label: String
    public var kind: DetectorKind
    /// Highest score first.
    public var points: [PRPoint]
    /// Where the best setting on this curve operates.
    public var operatingPoint: PRPoint?
    public var averagePrecision: Double

    public init(label: String, kind: DetectorKind, points: [PRPoint], operatingPoint: PRPoint?, averagePrecision: Double) {
        self.label = label
        self.kind = kind
        self.points = points
        self.operatingPoint = operatingPoint
        self.averagePrecision = averagePrecision
    }
}
