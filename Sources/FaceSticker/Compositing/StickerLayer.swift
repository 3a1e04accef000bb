/// One picture of a sticker and how it sits on a face.
package struct StickerLayer: Sendable {
    package var art: StickerArt
    package var fit: StickerFit
    /// An anonymisation effect drawn instead of `art` (which is then a blank
    /// pixel), over its mask's region of the face; nil for a picture layer.
    package var effect: Anonymisation.Effect?

    package init(art: StickerArt, fit: StickerFit) {
        self.art = art
        self.fit = fit
        effect = nil
    }

    /// A layer that draws `effect` over the face.
    package init(effect: Anonymisation.Effect) {
        art = Self.blank
        fit = .plainPicture
        self.effect = effect
    }

    private static let blank = StickerArt(RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 0)))
}
