/// What face finding is tuned for, chosen by what is drawn on the faces.
///
/// Stickers are drawn with `precision`: a sticker on something that is not a
/// face is the worst error. When every layer hides the face (`blur`,
/// `pixelate`, `solid`), `recall` is used: a face left recognisable is the
/// worst error, and a blurred patch of wall is cheap. The profile picks the
/// detector defaults (`DetectorSettings.defaults(for:use:profile:)`) and the
/// tracker's (`TrackerSettings.forVideo(frameRate:detectEvery:profile:)`);
/// `--detector`, `--config` and the detector options override the former.
package enum DetectionProfile: String, CaseIterable, Sendable {
    /// Stickers: faces the detectors are sure of, unsure ones confirmed by a second network.
    case precision
    /// Hiding faces: every face a person would recognise, whatever else comes with them.
    case recall

    /// `recall`'s detector score thresholds, by detector and use (the other settings keep their
    /// defaults; no verifier). Measured on `../shared/data/wider-dev` with
    /// `facesticker tune --dataset ../shared/data/wider-dev --mask blur` (the README,
    /// Anonymisation): CenterFace at 640 px (small photos enlarged up to twice) leaves 0.4% of
    /// the easy faces and 0.2% of the medium ones unhidden at 0.03, against 2.5% and 1.1% at
    /// 0.05 and 6.3% and 4.4% at 0.1, for about 8 blurred regions off any labelled face a photo
    /// (3.6 at 0.1). Video frames get a second chance every detection and a one-second hold,
    /// so they take fewer false faces: see `scoreThreshold(for:use:)`.
    package static let recallThresholds: [DetectorKind: Double] = [.centerface: 0.03, .yunet: 0.3]

    /// `recall`'s score threshold for `kind` and `use` (nil: the detector's default).
    package static func recallThreshold(for kind: DetectorKind, use: ModelStore.Use) -> Double? {
        recallThresholds[kind]
    }

    /// The detector defaults `settings` (for `use`) become under this profile.
    package func adjust(_ settings: inout DetectorSettings, use: ModelStore.Use) {
        guard self == .recall else { return }
        settings.verifier = .none
        if let threshold = Self.recallThreshold(for: settings.kind, use: use) { settings.scoreThreshold = threshold }
    }
}
