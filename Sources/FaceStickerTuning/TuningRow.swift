import FaceStickerCore
import FaceStickerVision
/// One setting swept by `tune` and how it did.
package struct TuningRow: Sendable {
    package var settings: DetectorSettings
    /// Metrics per evaluated subset.
    package var metrics: [EvaluationSubset: DetectionMetrics]
    /// Whether this is the detector's default (or `--config`) setting.
    package var isBaseline: Bool

    package init(settings: DetectorSettings, metrics: [EvaluationSubset: DetectionMetrics], isBaseline: Bool) {
        self.settings = settings
        self.metrics = metrics
        self.isBaseline = isBaseline
    }

    /// The parameters that matter for its detector, as `name value` pairs.
    package var parameters: [(name: String, value: String)] {
        let s = settings
        if s.kind == .haar {
            var list = [("input", "\(s.inputSize)"), ("scale", JSONText.number(s.scaleFactor, digits: 3)),
                        ("neighbors", "\(s.minNeighbors)"), ("minSize", "\(s.minSize)")]
            if s.maxSize > 0 { list.append(("maxSize", "\(s.maxSize)")) }
            return list + verification
        }
        var list = [("input", "\(s.inputSize)")]
        if s.maxUpscale != 1 { list.append(("upscale", JSONText.number(s.maxUpscale, digits: 2))) }
        list += [("score", JSONText.number(s.scoreThreshold, digits: 3)),
                    ("nms", JSONText.number(s.nmsThreshold, digits: 3))]
        if s.topK != DetectorSettings.defaults(for: s.kind).topK { list.append(("topK", "\(s.topK)")) }
        if s.minSize > 0 { list.append(("minSize", "\(s.minSize)")) }
        return list + verification
    }

    /// The verifier and rotation settings, when they do anything.
    private var verification: [(name: String, value: String)] {
        let s = settings
        var list: [(name: String, value: String)] = []
        if s.verifier != .none, s.verifyBelow > 0 {
            list += [("verify", s.verifier.rawValue), ("below", JSONText.number(s.verifyBelow, digits: 3)),
                     ("at", JSONText.number(s.verifierScore, digits: 3))]
            if s.rescues { list.append(("mesh", JSONText.number(s.rescuePresence, digits: 3))) }
        }
        if s.rotations != .none { list.append(("rotations", s.rotations.rawValue)) }
        return list
    }

    /// `yunet input 640 score 0.6 nms 0.3`.
    package var label: String {
        ([settings.kind.rawValue] + parameters.map { "\($0.name) \($0.value)" }).joined(separator: " ")
    }
}
