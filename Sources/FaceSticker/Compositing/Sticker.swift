/// A sticker ready to draw: its layers' art loaded and prepared, drawn in order.
package struct Sticker: Sendable {
    /// Layers one sticker may have: more is no face decoration, and each costs drawing time per face.
    package static let maxLayers = 16
    /// The longest side sticker art may have, in pixels. Art is drawn at face size (a
    /// face fills at most a picture's height), so 4096 is sharp on any photo up to 8K;
    /// prepared, such art takes about 340 MB (premultiplied floats and halved copies).
    package static let maxArtSide = 4096

    /// The manifest name, or the PNG path it was loaded from.
    package var name: String
    package var layers: [StickerLayer]

    package init(name: String, layers: [StickerLayer]) {
        self.name = name
        self.layers = layers
    }

    /// A one-layer sticker from straight-alpha art.
    package init(name: String, art: RGBAImage, fit: StickerFit) {
        self.init(name: name, layers: [StickerLayer(art: StickerArt(art), fit: fit)])
    }
}
