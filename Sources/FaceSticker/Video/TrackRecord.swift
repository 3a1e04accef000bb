/// What the tracker knows about one followed face.
struct TrackRecord: Sendable {
    enum Status: Sendable { case tentative, confirmed, rejected, ended }

    /// Internal key, unique for the whole video.
    let key: Int
    /// The id shown to users (tracks file, sticker assignment), given on confirmation in order.
    var id: Int?
    var status: Status
    let firstRound: Int
    var hits: Int
    /// The last detection of this face and the frame it was in.
    var lastFace: Face
    var lastFrame: Int
    /// Set when a cut ended the track: it shows in no frame from this one on.
    var endsBefore: Int?
    /// Box motion per frame, from the last two detections.
    var velocity = Point.zero

    /// Whether new detections may still continue this track.
    var isLive: Bool { status == .tentative || status == .confirmed }

    /// Where the face should be at `frame` if it keeps moving as it did.
    func predictedBox(at frame: Int) -> Rect {
        let steps = Double(frame - lastFrame)
        let b = lastFace.box
        return Rect(x: b.x + velocity.x * steps, y: b.y + velocity.y * steps, width: b.width, height: b.height)
    }
}
