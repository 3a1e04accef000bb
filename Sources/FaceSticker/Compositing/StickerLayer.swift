/// One picture of a sticker and how it sits on a face.
public struct StickerLayer: Sendable {
    public var art: StickerArt
    public var fit: StickerFit

    public init(art: StickerArt, fit: StickerFit) {
        self.art = art
        self.fit = fit
    }
}
