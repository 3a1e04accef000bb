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

    /// Where one face's stickers go: the face, and each layer drawn on it, in drawing order.
    package struct FacePlacement: Sendable {
        package var face: Face
        package var layers: [LayerPlacement]
    }

    /// One layer of a sticker, placed on a face.
    package struct LayerPlacement: Sendable {
        /// The sticker's name (`sunglasses`, `blur:40`, a picture's path) and the layer's anchor.
        package var label: Sticker.LayerLabel
        package var layer: Sticker.Layer
        package var placement: Sticker.Placement
    }

    /// Where the stickers go on `faces` (those `choice` keeps), as `render` draws them.
    package func placements(for faces: [Face]) -> [FacePlacement] {
        let chosen = choice.chosen(faces)
        return zip(chosen, stickers(for: chosen)).map { face, faceStickers in
            let pose = FacePose(face: face)
            return FacePlacement(face: face, layers: faceStickers.flatMap { sticker in
                sticker.layers.map { LayerPlacement(label: Sticker.LayerLabel(sticker: sticker.name, layer: $0), layer: $0,
                                                    placement: Sticker.Layout.placement(of: $0, on: pose)) }
            })
        }
    }

    /// Filters `frame` and draws the stickers (and debug overlay) on it; returns where they went.
    @discardableResult
    package func render(_ frame: inout RGBAImage, faces: [Face]) -> [FacePlacement] {
        let placed = placements(for: faces)
        let layers = placed.flatMap { $0.layers.map { ($0.layer, $0.placement) } }
        frame.draw(layers, filters: filters)
        if debug { DebugOverlay.draw(faces: faces, placements: layers.map(\.1), onto: &frame) }
        return placed
    }
}
