/// A tracked face in an output frame with the placements its sticker layers
/// were drawn at (smoothed), in drawing order: what the tracks file records.
public struct PaintedFace: Equatable, Sendable {
    public var tracked: TrackedFace
    public var placements: [StickerPlacement]

    public init(tracked: TrackedFace, placements: [StickerPlacement]) {
        self.tracked = tracked
        self.placements = placements
    }
}
