/// How one sticker layer sits on a face.
package struct StickerFit: Hashable, Sendable {
    /// The face point the layer's centre (for `aboveHead`, its bottom edge) goes to.
    package var anchor: StickerAnchor
    /// The face length the size is a multiple of.
    package var measure: StickerMeasure
    /// The drawn art width, in `measure`s; the height follows the art's aspect ratio.
    package var size: Double
    /// A shift from the anchor in `measure`s: x toward the subject's left eye
    /// (the image's right on an upright face), y down the face. It follows
    /// the head's roll whether or not the art itself turns.
    package var offset: Point
    /// Whether the art turns with the head (the eye line's angle); if not it stays upright.
    package var rotates: Bool

    package init(anchor: StickerAnchor, measure: StickerMeasure = .eyeDistance, size: Double,
                offset: Point = .zero, rotates: Bool = true) {
        self.anchor = anchor
        self.measure = measure
        self.size = size
        self.offset = offset
        self.rotates = rotates
    }

    /// The fit a plain PNG gets when it is not in the manifest: it covers the
    /// whole face (box width), centred, turning with the head. Nothing floats
    /// off the face whatever the picture shows.
    package static let plainPicture = StickerFit(anchor: .face, measure: .faceWidth, size: 1.1)
}
