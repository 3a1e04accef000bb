/// A manifest's description of one layer: which picture, and how it sits.
public struct StickerLayerSpec: Hashable, Sendable {
    /// The picture's path as the manifest gives it (relative to the manifest's folder, or absolute).
    public var art: String
    public var fit: StickerFit

    public init(art: String, fit: StickerFit) {
        self.art = art
        self.fit = fit
    }
}
