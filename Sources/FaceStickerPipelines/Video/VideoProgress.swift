/// How far a video job is, reported a few times a second.
public struct VideoProgress: Sendable {
    /// Frames encoded so far.
    public var frames: Int
    /// The frames the input should have; nil when the container does not say.
    public var total: Int?
    /// Seconds since the job started.
    public var elapsed: Double

    package init(frames: Int, total: Int?, elapsed: Double) {
        self.frames = frames
        self.total = total
        self.elapsed = elapsed
    }

    /// Frames written per second of wall time so far.
    public var framesPerSecond: Double { elapsed > 0 ? Double(frames) / elapsed : 0 }

    /// Seconds left at the current speed; nil when unknown.
    public var remaining: Double? {
        guard let total, frames > 0, framesPerSecond > 0 else { return nil }
        return Double(max(0, total - frames)) / framesPerSecond
    }
}
