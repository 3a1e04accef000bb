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

    /// A one-layer sticker that draws an anonymisation effect, named by its spec.
    package init(effect: Anonymisation.Effect) {
        self.init(name: effect.name, layers: [StickerLayer(effect: effect)])
    }

    /// Whether every layer is an anonymisation effect.
    package var isEffect: Bool { !layers.isEmpty && layers.allSatisfy { $0.effect != nil } }

    /// This sticker with `mask` on each of its effect layers (`--mask-scale`, `--mask-shape`).
    package func withMask(_ mask: Anonymisation.Mask) -> Sticker {
        var copy = self
        for i in copy.layers.indices where copy.layers[i].effect != nil { copy.layers[i].effect?.mask = mask }
        return copy
    }

    /// A one-layer sticker from straight-alpha art.
    package init(name: String, art: RGBAImage, fit: StickerFit) {
        self.init(name: name, layers: [StickerLayer(art: StickerArt(art), fit: fit)])
    }
}
