/// One picture of a sticker and how it sits on a face.
package struct StickerLayer: Sendable {
    package var art: StickerArt
    package var fit: StickerFit

    package init(art: StickerArt, fit: StickerFit) {
        self.art = art
        self.fit = fit
    }
}
