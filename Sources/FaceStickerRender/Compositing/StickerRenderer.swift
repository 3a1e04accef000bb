import FaceStickerCore
import FaceStickerVision
/// Renders one frame the way `photo`, `video` and `selfie` all do: colour
/// filters over the whole frame, then each face's stickers, then (when asked)
/// the debug overlay. The faces must be in the frame's pixel coordinates.
package struct StickerRenderer: Sendable {
    package var stickers: [Sticker]
    package var assignment: Sticker.Assignment
    package var filters: FilterChain
    /// Also draw boxes, scores, landmarks and sticker outlines.
    package var debug: Bool
    /// Which faces get stickers (`--faces`, `--max-faces`, `--min-face`); the debug overlay shows them all.
    package var choice: FaceChoice = .all

    package init(stickers: [Sticker], assignment: Sticker.Assignment = .all,
                filters: FilterChain = FilterChain(filters: []), debug: Bool = false) {
        self.stickers = stickers
        self.assignment = assignment
        self.filters = filters
        self.debug = debug
    }

    /// The stickers each face gets, in the order of `faces`.
    package func stickers(for faces: [Face]) -> [[Sticker]] {
        guard !stickers.isEmpty else { return faces.map { _ in [] } }
        switch assignment {
        case .all:
            return faces.map { _ in stickers }
        case .cycle:
            // Left to right, so in a video the same person tends to keep a sticker.
            let order = faces.indices.sorted { faces[$0].box.center.x < faces[$1].box.center.x }
            var out = faces.map { _ in [Sticker]() }
            for (turn, index) in order.enumerated() { out[index] = [stickers[turn % stickers.count]] }
            return out
        }
    }

    /// The stickers drawn on `faces` (those `choice` keeps), each once, in
    /// the order given: all of them when a face gets every sticker, and with
    /// `.cycle` only as many as there are faces to take them.
    package func drawn(on faces: [Face]) -> [Sticker] {
        let count = choice.chosen(faces).count
        guard count > 0 else { return [] }
        return assignment == .all ? stickers : Array(stickers.prefix(count))
    }

    /// Filters `frame` and draws the stickers (and debug overlay) on it.
    package func render(_ frame: inout RGBAImage, faces: [Face]) {
        let chosen = choice.chosen(faces)
        var layers: [(layer: Sticker.Layer, placement: Sticker.Placement)] = []
        for (face, faceStickers) in zip(chosen, stickers(for: chosen)) {
            let pose = FacePose(face: face)
            for layer in faceStickers.flatMap(\.layers) {
                layers.append((layer, Sticker.Layout.placement(of: layer, on: pose)))
            }
        }
        frame.draw(layers, filters: filters)
        if debug { DebugOverlay.draw(faces: faces, placements: layers.map(\.placement), onto: &frame) }
    }
}
