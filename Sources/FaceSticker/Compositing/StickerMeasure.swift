/// The length of a face a sticker layer's width is a multiple of. The names
/// are the manifest's spellings.
package enum StickerMeasure: String, CaseIterable, Hashable, Sendable {
    /// Between the eye centres: follows the face closely, shrinks when it turns aside.
    case eyeDistance = "eye-distance"
    /// The detector's box width: steadier, but each detector draws boxes a little differently.
    case faceWidth = "face-width"
}
