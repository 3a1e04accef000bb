/// How `SelfieSession` takes a picture.
public struct SelfieOptions: Equatable, Sendable {
    /// Frames dropped before anything else; nil: the source's default (about a second of a camera's frames).
    public var warmUp: Int?
    /// Seconds counted down on stderr before the burst (0: none).
    public var countdown: Int
    /// Frames taken; the best one is kept (see `BurstChooser`).
    public var burst: Int
    /// Mirror the picture; nil: mirror live cameras only.
    public var mirror: Bool?

    public init(warmUp: Int? = nil, countdown: Int = 0, burst: Int = 5, mirror: Bool? = nil) {
        self.warmUp = warmUp
        self.countdown = countdown
        self.burst = burst
        self.mirror = mirror
    }
}
