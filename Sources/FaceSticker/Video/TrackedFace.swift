/// A face in one output frame, as the tracker hands it on: its track id,
/// where it is, and how that was known.
package struct TrackedFace: Equatable, Sendable {
    /// How the face's position in this frame was found.
    package enum Source: String, Sendable {
        /// The detector found it in this frame.
        case detected
        /// Between two detections of the same face (a frame not detected on, or a missed one).
        case interpolated
        /// The detector lost it; its last position is kept for a few frames.
        case held
    }

    /// Stable for the face's whole time on screen; 0, 1, 2 ... in order of appearance.
    package var id: Int
    package var face: Face
    package var source: Source

    package init(id: Int, face: Face, source: Source) {
        self.id = id
        self.face = face
        self.source = source
    }
}
