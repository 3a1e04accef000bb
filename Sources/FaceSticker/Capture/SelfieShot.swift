/// The frame a burst kept, with what was learned choosing it.
package struct SelfieShot: Sendable {
    /// The chosen frame, mirrored when the session mirrors, not yet decorated.
    package var image: RGBAImage
    /// Its faces, in `image`'s coordinates, best first.
    package var faces: [Face]
    /// Which frame of the burst it was (0-based).
    package var index: Int
    /// Every burst frame's score, in order.
    package var scores: [FrameScore]

    package init(image: RGBAImage, faces: [Face], index: Int, scores: [FrameScore]) {
        self.image = image
        self.faces = faces
        self.index = index
        self.scores = scores
    }
}
