/// One sticker as the manifest describes it, before its art is loaded.
package struct StickerEntry: Hashable, Sendable {
    /// Lower-case letters, digits and dashes: what `--sticker` takes.
    package var name: String
    /// One line for `facesticker stickers`.
    package var summary: String
    /// Drawn in order, first at the bottom.
    package var layers: [StickerLayerSpec]

    package init(name: String, summary: String, layers: [StickerLayerSpec]) {
        self.name = name
        self.summary = summary
        self.layers = layers
    }
}
