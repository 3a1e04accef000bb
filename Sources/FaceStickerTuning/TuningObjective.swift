import FaceStickerCore
/// What `tune` maximises, on the chosen subset.
package enum TuningObjective: Equatable, Sendable, CustomStringConvertible {
    /// F1 of the setting's detections.
    case f1
    /// Recall of the setting's detections, for settings whose precision is
    /// at least the given value; settings below it do not qualify.
    case recallAtPrecision(Double)
    /// Average precision of the setting's detections (the area under the
    /// precision-recall curve its detections trace, so a higher score
    /// threshold can only lower it).
    case averagePrecision

    /// Parses `f1`, `ap` or `recall@precision=P`.
    package init(parsing text: String) throws {
        switch text.lowercased() {
        case "f1": self = .f1
        case "ap": self = .averagePrecision
        default:
            let prefix = "recall@precision="
            guard text.lowercased().hasPrefix(prefix), let p = Double(text.dropFirst(prefix.count)), p >= 0, p <= 1 else {
                throw FaceStickerError.invalidArgument(
                    "\(setting: .objective): \"\(text)\" is not f1, ap or recall@precision=P (P in 0...1)")
            }
            self = .recallAtPrecision(p)
        }
    }

    package var description: String {
        switch self {
        case .f1: return "f1"
        case .averagePrecision: return "ap"
        case .recallAtPrecision(let p): return "recall@precision=\(JSONText.number(p, digits: 4))"
        }
    }

    /// The objective's value, nil when the setting does not qualify.
    package func value(of metrics: DetectionMetrics) -> Double? {
        switch self {
        case .f1: return metrics.f1
        case .averagePrecision: return metrics.averagePrecision
        case .recallAtPrecision(let p): return metrics.precision >= p ? metrics.recall : nil
        }
    }

    /// Whether `a` ranks strictly above `b`: higher value first, qualifying
    /// before not; ties (and non-qualifying settings) go to higher precision,
    /// then higher recall.
    package func ranks(_ a: DetectionMetrics, above b: DetectionMetrics) -> Bool {
        switch (value(of: a), value(of: b)) {
        case (let x?, let y?) where x != y: return x > y
        case (.some, nil): return true
        case (nil, .some): return false
        default:
            if a.precision != b.precision { return a.precision > b.precision }
            return a.recall > b.recall
        }
    }
}
