/// What FaceSticker needs to know about an input video, read by `VideoProbe`.
/// Sizes are of the upright frames (rotation metadata applied), as the
/// decoder delivers them and the output gets them.
public struct VideoInfo: Equatable, Sendable {
    /// The file probed.
    public var path: String
    /// Upright frame size in pixels.
    public var width: Int
    public var height: Int
    /// Sample (pixel) aspect ratio of the upright frames, `1:1` for square pixels.
    public var sarNumerator: Int
    public var sarDenominator: Int
    /// Clockwise rotation the player applies (0, 90, 180, 270); the frames we get are already turned.
    public var rotation: Int
    /// The rate frames are written at: the stream's average rate (frames over
    /// duration), or its base rate when the container gives no average.
    public var frameRate: FrameRate
    /// Frames in the stream when the container says (or a packet count); nil when unknown.
    public var frameCount: Int?
    /// Seconds, when known.
    public var duration: Double?
    /// Codec names of the audio streams, in order (empty: no audio).
    public var audioCodecs: [String]
    /// The colour matrix the pixels were coded with: `bt709` or `bt601`.
    public var colorMatrix: String
    /// Whether the video uses full-range (`pc`) levels rather than limited (`tv`).
    public var fullRange: Bool
    /// The input is a still picture (a PNG or JPEG probed as a one-frame stream), not a video.
    package var isStillImage = false
    /// The input is an image sequence (`frames/%04d.png`), read at `frameRate`.
    package var isSequence = false

    public init(path: String, width: Int, height: Int, sarNumerator: Int = 1, sarDenominator: Int = 1,
                rotation: Int = 0, frameRate: FrameRate, frameCount: Int? = nil, duration: Double? = nil,
                audioCodecs: [String] = [], colorMatrix: String = "bt601", fullRange: Bool = false) {
        self.path = path
        self.width = width
        self.height = height
        self.sarNumerator = sarNumerator
        self.sarDenominator = sarDenominator
        self.rotation = rotation
        self.frameRate = frameRate
        self.frameCount = frameCount
        self.duration = duration
        self.audioCodecs = audioCodecs
        self.colorMatrix = colorMatrix
        self.fullRange = fullRange
    }

    /// Bytes in one raw frame (YUV 4:2:0) through the pipes.
    public var frameBytes: Int { YUVFrame.byteCount(width: width, height: height) }
}
