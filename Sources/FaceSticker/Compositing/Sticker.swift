/// A sticker ready to draw: its layers' art loaded and prepared, drawn in order.
public struct Sticker: Sendable {
    /// The manifest name, or the PNG path it was loaded from.
    public var name: String
    public var layers: [StickerLayer]

    public init(name: String, layers: [StickerLayer]) {
        self.name = name
        self.layers = layers
    }

    /// A one-layer sticker from straight-alpha art.
    public init(name: String, art: RGBAImage, fit: StickerFit) {
        self.init(name: name, layers: [StickerLayer(art: StickerArt(art), fit: fit)])
    }
}
