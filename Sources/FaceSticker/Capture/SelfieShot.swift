/// The frame a burst kept, with what was learned choosing it.
public struct SelfieShot: Sendable {
    /// The chosen frame, mirrored when the session mirrors, not yet decorated.
    public var image: RGBAImage
    /// Its faces, in `image`'s coordinates, best first.
    public var faces: [Face]
    /// Which frame of the burst it was (0-based).
    public var index: Int
    /// Every burst frame's score, in order.
    public var scores: [FrameScore]

    public init(image: RGBAImage, faces: [Face], index: Int, scores: [FrameScore]) {
        self.image = image
        self.faces = faces
        self.index = index
        self.scores = scores
    }
}
