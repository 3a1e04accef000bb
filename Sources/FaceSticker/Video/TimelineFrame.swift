/// One frame leaving the tracking stage: its payload (the pixels in the
/// pipeline) and the tracked faces in it, in id order.
public struct TimelineFrame<Payload: Sendable>: Sendable {
    public var index: Int
    public var payload: Payload
    public var faces: [TrackedFace]

    public init(index: Int, payload: Payload, faces: [TrackedFace]) {
        self.index = index
        self.payload = payload
        self.faces = faces
    }
}
