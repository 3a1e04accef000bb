/// A manifest's description of one layer: which picture, and how it sits.
package struct StickerLayerSpec: Hashable, Sendable {
    /// The picture's path as the manifest gives it (relative to the manifest's folder, or absolute).
    package var art: String
    package var fit: StickerFit

    package init(art: String, fit: StickerFit) {
        self.art = art
        self.fit = fit
    }
}
