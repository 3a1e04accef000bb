import FaceStickerCore
/// Everything that configures face finding: the detector, its model and the
/// value of every `DetectorParameter`. This is the shape of the `--config`
/// JSON file that `tune` writes and every detecting command reads.
package struct DetectorSettings: Equatable, Sendable {
    package var kind: DetectorKind
    /// Model or cascade file; nil: the installed default for `kind`.
    package var model: String?
    /// The verifier's model file; nil: the installed default for `verifier`.
    package var verifierModel: String?
    /// Every parameter's value, defaults included.
    private var values: [DetectorParameter: Double]

    /// The defaults for `kind` (see `DetectorParameter.spec` and the README).
    package static func defaults(for kind: DetectorKind) -> DetectorSettings {
        DetectorSettings(kind: kind, model: nil, verifierModel: nil,
                         values: Dictionary(uniqueKeysWithValues: DetectorParameter.allCases.map { ($0, $0.defaultValue(for: kind)) }))
    }

    /// The defaults for `kind` when detecting for `use` (video too looks for faces
    /// turned in the picture: its way up is decided at key rounds, in frame order, so
    /// the same video always gives the same output; see `KeyRounds`).
    package static func defaults(for kind: DetectorKind, use: ModelStore.Use,
                                 profile: DetectionProfile = .precision) -> DetectorSettings {
        var settings = defaults(for: kind)
        profile.adjust(&settings, use: use)
        return settings
    }

    /// The value of `parameter`.
    package subscript(parameter: DetectorParameter) -> Double {
        get { values[parameter] ?? parameter.defaultValue(for: kind) }
        set { values[parameter] = newValue }
    }

    /// Checks every parameter; the error names the key as the config file spells it.
    package func validate(source: String = "settings") throws {
        for parameter in DetectorParameter.allCases {
            if let problem = parameter.check(self[parameter]) {
                throw FaceStickerError.badValue(path: source, key: parameter.key, reason: problem)
            }
        }
        if smallFaceBelow > 0, largeFaceFrom > 0, largeFaceFrom < smallFaceBelow {
            throw FaceStickerError.badValue(path: source, key: DetectorParameter.largeFaceFrom.key,
                                            reason: "must be 0 or at least smallFaceBelow (\(smallFaceBelow)), got \(largeFaceFrom)")
        }
        if maxSize > 0, maxSize < minSize {
            throw FaceStickerError.badValue(path: source, key: DetectorParameter.maxSize.key,
                                            reason: "must be 0 or at least minSize (\(minSize)), got \(maxSize)")
        }
    }

    // Typed views of the table's values, for the code that uses them.
    package var inputSize: Int { get { whole(.inputSize) } set { self[.inputSize] = Double(newValue) } }
    package var maxUpscale: Double { get { self[.maxUpscale] } set { self[.maxUpscale] = newValue } }
    package var scoreThreshold: Double { get { self[.scoreThreshold] } set { self[.scoreThreshold] = newValue } }
    package var nmsThreshold: Double { get { self[.nmsThreshold] } set { self[.nmsThreshold] = newValue } }
    package var topK: Int { get { whole(.topK) } set { self[.topK] = Double(newValue) } }
    package var scaleFactor: Double { get { self[.scaleFactor] } set { self[.scaleFactor] = newValue } }
    package var minNeighbors: Int { get { whole(.minNeighbors) } set { self[.minNeighbors] = Double(newValue) } }
    package var minSize: Int { get { whole(.minSize) } set { self[.minSize] = Double(newValue) } }
    package var maxSize: Int { get { whole(.maxSize) } set { self[.maxSize] = Double(newValue) } }
    package var verifier: Verifier {
        get { Verifier(index: whole(.verifier)) } set { self[.verifier] = Double(newValue.index) }
    }
    package var verifyBelow: Double { get { self[.verifyBelow] } set { self[.verifyBelow] = newValue } }
    package var verifierScore: Double { get { self[.verifierScore] } set { self[.verifierScore] = newValue } }
    package var rotations: RotationPolicy {
        get { RotationPolicy(index: whole(.rotations)) } set { self[.rotations] = Double(newValue.index) }
    }
    package var faceMesh: FaceMeshUse {
        get { FaceMeshUse(index: whole(.faceMesh)) } set { self[.faceMesh] = Double(newValue.index) }
    }
    package var rescuePresence: Double { get { self[.rescuePresence] } set { self[.rescuePresence] = newValue } }
    package var smallFaceBelow: Int { get { whole(.smallFaceBelow) } set { self[.smallFaceBelow] = Double(newValue) } }
    package var smallFaceScore: Double { get { self[.smallFaceScore] } set { self[.smallFaceScore] = newValue } }
    package var largeFaceFrom: Int { get { whole(.largeFaceFrom) } set { self[.largeFaceFrom] = Double(newValue) } }
    package var largeFaceScore: Double { get { self[.largeFaceScore] } set { self[.largeFaceScore] = newValue } }

    /// Trust by size (`smallFaceBelow`, `largeFaceFrom`): whether a candidate `width` pixels wide in
    /// the detector's copy scores enough for its size. Between the two (or with both off) the
    /// detector's own `scoreThreshold` has already decided.
    package func scoreSuffices(_ score: Double, width: Double) -> Bool {
        if smallFaceBelow > 0, width < Double(smallFaceBelow) { return score >= smallFaceScore }
        if largeFaceFrom > 0, width >= Double(largeFaceFrom) { return score >= largeFaceScore }
        return true
    }

    /// Whether the face mesh runs on a face `side` pixels long (its box's longer side) in the
    /// detector's copy: with `largeFaceFrom` on, only on large faces.
    package func meshes(side: Double) -> Bool { largeFaceFrom <= 0 || side >= Double(largeFaceFrom) }

    /// Whether the face mesh may keep an unsure face the verifier rejects (`FaceFinder.confirmed`).
    package var rescues: Bool { rescuePresence < 1 && faceMesh == .on && kind.hasLandmarks }

    /// A whole parameter as an Int; values are validated, but a bad one must not trap.
    private func whole(_ parameter: DetectorParameter) -> Int {
        let v = self[parameter]
        return v.isFinite ? Int(max(min(v.rounded(), 1e9), -1e9)) : 0
    }
}

/// The detectors FaceSticker can run.
package enum DetectorKind: String, CaseIterable, Codable, Sendable {
    case haar
    case yunet
    case centerface

    /// Whether faces from this detector carry the five landmarks.
    package var hasLandmarks: Bool { self != .haar }
}
