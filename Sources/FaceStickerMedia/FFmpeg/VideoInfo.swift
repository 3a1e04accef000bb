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
    /// The demuxer ffprobe named (`format_name`: `mov,mp4,m4a,3gp,3g2,mj2`, `matroska,webm`, `mpegts`).
    package var container = ""
    /// When each frame is shown, in order, in microseconds from the file's start (as
    /// `-ss` counts), and when the last one ends, where a pass over the packets read
    /// them (`VideoProbe.probeInput`); nil: not read.
    package var frameTimes: [Int64]?
    package var streamEnd: Int64?

    /// The first frame shown at or after `time` (the frame count when none is), where the frames' times were read.
    package func firstFrame(atOrAfter time: Int64) -> Int? {
        guard let times = frameTimes else { return nil }
        var (low, high) = (0, times.count)
        while low < high {
            let middle = low + (high - low) / 2
            if times[middle] < time { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The frames of `span` over the time from the first's start to the next frame's
    /// (the stream's end after the last): a part's own average rate, which keeps its
    /// duration when the rate varies. Nil where the times were not read or the span is empty.
    package func averageRate(of span: FrameSpan) -> FrameRate? {
        guard let times = frameTimes, let streamEnd, span.first < times.count else { return nil }
        let end = min(span.end ?? times.count, times.count)
        let stop = end < times.count ? times[end] : streamEnd
        let seconds = Double(stop - times[span.first]) / 1e6
        guard end > span.first, seconds > 0 else { return nil }
        return FrameRate(approximating: Double(end - span.first) / seconds)
    }

    /// ffmpeg's seek lands on a keyframe in this container: it has an index
    /// (MP4, Matroska, AVI, NUT) or every frame is one (pictures). In an MPEG
    /// transport or program stream, or a raw stream, a seek lands between
    /// keyframes and the frames after it cannot be decoded (issue #41), so a
    /// part of one is decoded from the start.
    package var seeksToKeyframes: Bool {
        isSequence || Self.indexedFormats.contains(container) || container.hasSuffix("_pipe")
    }

    /// The demuxers whose seek lands on a keyframe.
    package static let indexedFormats: Set<String> = ["mov,mp4,m4a,3gp,3g2,mj2", "matroska,webm", "avi", "nut",
                                                      "image2", "asf", "mxf", "flv"]
    /// The demuxers whose files state no frame count but hold one frame per packet:
    /// their frames are counted from the packets (`VideoProbe.probeInput`).
    package static let countedByPackets: Set<String> = ["matroska,webm"]

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
