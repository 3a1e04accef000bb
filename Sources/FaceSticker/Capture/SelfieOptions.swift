/// How `SelfieSession` takes a picture.
package struct SelfieOptions: Equatable, Sendable {
    /// Frames dropped before anything else; nil: the source's default (about a second of a camera's frames).
    package var warmUp: Int?
    /// Seconds counted down on stderr before the burst (0: none).
    package var countdown: Int
    /// Frames taken; the best one is kept (see `BurstChooser`).
    package var burst: Int
    /// Mirror the picture; nil: mirror live cameras only.
    package var mirror: Bool?

    package init(warmUp: Int? = nil, countdown: Int = 0, burst: Int = 5, mirror: Bool? = nil) {
        self.warmUp = warmUp
        self.countdown = countdown
        self.burst = burst
        self.mirror = mirror
    }
}
