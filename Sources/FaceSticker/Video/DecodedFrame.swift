/// A frame on its way from the decoder through the detector to the tracker.
struct DecodedFrame: Sendable {
    let index: Int
    var image: YUVFrame
    /// Whether a new shot starts here.
    let cut: Bool
    /// What the detector found; nil when it did not run on this frame.
    var faces: [Face]?
}
