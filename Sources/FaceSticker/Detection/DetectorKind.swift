/// The detectors FaceSticker can run.
public enum DetectorKind: String, CaseIterable, Codable, Sendable {
    case haar
    case yunet
    case centerface

    /// Whether faces from this detector carry the five landmarks.
    public var hasLandmarks: Bool { self != .haar }
}
