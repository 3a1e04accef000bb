/// How faces are followed from frame to frame.
package struct TrackerSettings: Equatable, Sendable {
    /// Detections a new face needs before it gets a sticker ...
    package var confirmHits: Int
    /// ... within this many detection rounds from its first one. A single-frame
    /// false detection never reaches two hits, so it never shows.
    package var confirmRounds: Int
    /// Frames a face the detector misses keeps its sticker (the hold).
    package var holdFrames: Int
    /// Overlap (IoU of boxes) a detection needs with a track's predicted box to continue it.
    package var minOverlap: Double

    package init(confirmHits: Int = 2, confirmRounds: Int = 3, holdFrames: Int = 12, minOverlap: Double = 0.2) {
        self.confirmHits = confirmHits
        self.confirmRounds = confirmRounds
        self.holdFrames = holdFrames
        self.minOverlap = minOverlap
    }

    /// The defaults for a video at `frameRate`, detecting every `detectEvery` frames:
    /// a hold of about 0.4 s, and never shorter than two detection intervals.
    package static func forVideo(frameRate: Double, detectEvery: Int) -> TrackerSettings {
        let hold = max(Int((0.4 * frameRate).rounded()), 2 * max(1, detectEvery))
        return TrackerSettings(holdFrames: hold)
    }
}
