/// One sticker as the manifest describes it, before its art is loaded.
public struct StickerEntry: Hashable, Sendable {
    /// Lower-case letters, digits and dashes: what `--sticker` takes.
    public var name: String
    /// One line for `facesticker stickers`.
    public var summary: String
    /// Drawn in order, first at the bottom.
    public var layers: [StickerLayerSpec]

    public init(name: String, summary: String, layers: [StickerLayerSpec]) {
        self.name = name
        self.summary = summary
        self.layers = layers
    }
}
