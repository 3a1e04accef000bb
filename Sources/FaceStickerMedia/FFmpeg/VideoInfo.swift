import FaceStickerCore
/// What FaceSticker needs to know about an input video, read by `VideoProbe`.
/// Sizes are of the upright frames (rotation metadata applied), as the
/// decoder delivers them and the output gets them.
package struct VideoInfo: Equatable, Sendable {
    /// The file probed.
    package var path: String
    /// Upright frame size in pixels.
    package var width: Int
    package var height: Int
    /// Sample (pixel) aspect ratio of the upright frames, `1:1` for square pixels.
    package var sarNumerator: Int
    package var sarDenominator: Int
    /// Clockwise rotation the player applies (0, 90, 180, 270); the frames we get are already turned.
    package var rotation: Int
    /// The rate frames are written at: the stream's average rate (frames over
    /// duration), or its base rate when the container gives no average.
    package var frameRate: FrameRate
    /// Frames in the stream when the container says (or a packet count); nil when unknown.
    package var frameCount: Int?
    /// `frameCount` is duration times rate (the container states no count), so only about right.
    package var frameCountIsEstimate = false
    /// Seconds, when known.
    package var duration: Double?
    /// Codec names of the audio streams, in order (empty: no audio).
    package var audioCodecs: [String]
    /// The colour matrix the pixels were coded with: `bt709` or `bt601`.
    package var colorMatrix: String
    /// Whether the video uses full-range (`pc`) levels rather than limited (`tv`).
    package var fullRange: Bool
    /// The input is a still picture (a PNG or JPEG probed as a one-frame stream), not a video.
    package var isStillImage = false
    /// The input is an image sequence (`frames/%04d.png`), read at `frameRate`.
    package var isSequence = false

    package init(path: String, width: Int, height: Int, sarNumerator: Int = 1, sarDenominator: Int = 1,
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
    package var frameBytes: Int { YUVFrame.byteCount(width: width, height: height) }
}

extension YUVMatrix {
    /// The matrix a video's decoded frames use: its own, in limited range
    /// (the decoder brings full-range video to limited range).
    package init(_ info: VideoInfo) {
        self.init(matrix: info.colorMatrix, fullRange: false)
    }
}
