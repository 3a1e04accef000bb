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
}
