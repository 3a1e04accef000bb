/// A tracked face in an output frame with the placements its sticker layers
/// were drawn at (smoothed), in drawing order: what the tracks file records.
package struct PaintedFace: Equatable, Sendable {
    package var tracked: TrackedFace
    package var placements: [StickerPlacement]

    package init(tracked: TrackedFace, placements: [StickerPlacement]) {
        self.tracked = tracked
        self.placements = placements
    }
}
