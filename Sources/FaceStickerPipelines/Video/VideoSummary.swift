import FaceStickerCore

/// What a finished video job did.
public struct VideoSummary: Sendable {
    /// The video read.
    public var input: String
    /// The video written.
    public var output: String
    /// Frames written (the input's decodable frames).
    public var frames: Int
    /// Distinct faces tracked (ids given).
    public var faces: Int
    /// Frames with at least one stickered face.
    public var framesWithFaces: Int
    /// Wall-clock seconds for the whole job.
    public var seconds: Double
    /// Seconds spent in the detector, summed over its threads.
    public var detectionSeconds: Double
    /// Threads that ran a detector.
    public var detectorThreads: Int
    /// Frames the detection stage ran on (each a detection round).
    public var detectionRounds = 0
    /// Of those, the rounds whose faces were all followed by their face mesh from
    /// the round before, with no detector run.
    public var followedRounds = 0
    /// Problems that did not stop the job (damaged input, audio re-encoded), one line each.
    public var warnings: [String]
    /// What the user should know that is no problem (a range cut at the video's end), one line each.
    public var notes: [String] = []

    package init(input: String, output: String, frames: Int, faces: Int, framesWithFaces: Int, seconds: Double,
                detectionSeconds: Double, detectorThreads: Int = 1, warnings: [String]) {
        self.input = input
        self.output = output
        self.frames = frames
        self.faces = faces
        self.framesWithFaces = framesWithFaces
        self.seconds = seconds
        self.detectionSeconds = detectionSeconds
        self.detectorThreads = detectorThreads
        self.warnings = warnings
    }

    /// How busy the detector threads were: detector time over their wall-clock time, 0...1.
    public var detectionShare: Double {
        seconds > 0 ? min(1, detectionSeconds / (seconds * Double(max(1, detectorThreads)))) : 0
    }

    /// The summary line: `IN -> OUT: 271 frames, 2 faces, 8.1 s (33.5 fps)`.
    package var line: String {
        let fps = seconds > 0 ? Double(frames) / seconds : 0
        return "\(input) -> \(output): \(frames) frames, \(faces) face\(faces == 1 ? "" : "s"), "
            + "\(JSONText.number(seconds, digits: 1)) s (\(JSONText.number(fps, digits: 1)) fps)"
    }
}
