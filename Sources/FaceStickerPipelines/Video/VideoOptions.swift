import FaceStickerMedia
import FaceStickerVision
import FaceStickerRender
/// Everything that shapes one video job apart from the stickers.
package struct VideoOptions: Sendable {
    /// The detector and its settings. Its `inputSize` is replaced when `detectWidth` is set.
    package var detector: DetectorSettings
    /// Width of the copy the detector runs on (the longest side follows the
    /// frame's aspect); nil: `detector.inputSize` as is.
    package var detectWidth: Int?
    /// Run the detector on every Nth frame (1...30) and interpolate the tracks
    /// between; nil: about `detectionRate(profile)` times a second. Up to 3N frames wait
    /// in memory for the detections after them (`TrackerSettings.waitRounds`).
    package var detectEvery: Int?
    /// Nil: tracker defaults for the video's frame rate and `profile`.
    package var tracker: TrackerSettings?
    /// What detection and tracking are tuned for: `recall` when every layer hides the face.
    package var profile = DetectionProfile.precision
    package var encoder: EncoderSettings
    /// Where to write the tracks JSON, if anywhere.
    package var tracksPath: String?
    /// Whether the output and tracks file may replace a file that appeared at their
    /// paths during the run (the CLI's `-y`, or an incomplete output redone); false:
    /// such a file is kept and the run fails naming it.
    package var replacing = true
    /// The rate an image sequence input is read at (`--fps`); unused for video files.
    package var sequenceRate = VideoOptions.defaultSequenceRate
    /// Faces per frame index from a tracks file (`--tracks-in`): drawn as they are, nothing is detected.
    package var tracksIn: TracksFile?
    /// Only this part of the video (`--start`, `--duration`, `--to`): the output
    /// is that part, or with `keepRest` the whole video with stickers only
    /// there. Nil: the whole video.
    package var range: TimeRange?
    /// With a cut `range`: the frames up to `warmUpSeconds` before and after it are decoded,
    /// detected, tracked and smoothed too, and not written, so that the part shows what a run
    /// over the whole video shows on those frames (`video --segment`: parts made apart and
    /// joined have no seams). Off: the part starts and ends cold, as `--start` cuts.
    package var warmUp = false
    /// How far `warmUp` looks around a cut: the tracker's hold and confirmation and the
    /// smoother's memory are all well under it.
    package static let warmUpSeconds = 2.0
    /// Part I of N of one video (`cut(segment:of:input:)` sets it with `range` and `warmUp`):
    /// recorded with the output (`OutputRecord.Segment`), for `VideoJoiner`.
    package var segment: Segment?
    /// Threads running a detector each; nil: two, or one on a single core.
    package var detectorThreads: Int?
    /// When true and more than one detector thread runs, the job sets OpenCV's
    /// thread count (process-wide) to 1 per detection, so OpenCV's helper
    /// threads do not compete with the detector threads. Off by default: a
    /// library never changes process-wide state unasked. The CLI sets it.
    package var singleThreadedOpenCV = false

    /// The detector's sweet spot on video frames. YuNet finds faces of about
    /// 10 to 300 pixels; a 480-pixel-wide copy turns the 40-600 px faces of
    /// 720p footage (and 60-900 px of 1080p) into that range. On
    /// megamind-720p.mp4 it finds the same tracks as 512 and 640 wide, minus
    /// two short false ones that 640 adds, at about half 640's cost.
    package static let defaultDetectWidth = 480
    /// The rate an image sequence is read at when none is given (`--fps`).
    package static let defaultSequenceRate = FrameRate(whole: 25)

    /// The most detections a second when `detectEvery` is not set: faces move
    /// little in a tenth of a second, so positions interpolated between
    /// detections are as good as detected ones (and smoother), and the detector
    /// costs a third of what it does on every frame at 24-30 fps.
    package static let detectionRate = 10.0
    /// The same when only hiding faces (`DetectionProfile.recall`): CenterFace costs several
    /// times YuNet and is not followed by the mesh between its searches; frames wait for
    /// the detections after them, so a face is interpolated, led in and held either way
    /// (`TrackTimeline`). On the clips of docs/anonymisation.md ("Video looks both ways")
    /// detecting every sixth frame leaves the same faces as every third: none on the three
    /// films, 4 face-frames of 2792 on a crowd panned past; `video --sticker blur` on
    /// megamind-720p.mp4 takes 8.0 s instead of 9.4 s.
    package static let recallDetectionRate = 5.0

    /// The most detections a second under `profile` when `detectEvery` is not set.
    package static func detectionRate(_ profile: DetectionProfile) -> Double {
        profile == .recall ? recallDetectionRate : detectionRate
    }

    package init(detector: DetectorSettings, detectWidth: Int? = VideoOptions.defaultDetectWidth, detectEvery: Int? = nil,
                tracker: TrackerSettings? = nil, encoder: EncoderSettings = EncoderSettings(), tracksPath: String? = nil) {
        self.detector = detector
        self.detectWidth = detectWidth
        self.detectEvery = detectEvery
        self.tracker = tracker
        self.encoder = encoder
        self.tracksPath = tracksPath
    }

    /// Every how many frames the detector runs at `frameRate`.
    package func detectEvery(frameRate: Double) -> Int {
        if let detectEvery { return max(1, detectEvery) }
        guard frameRate.isFinite, frameRate > 0 else { return 1 }
        return min(30, max(1, Int((frameRate / Self.detectionRate(profile)).rounded(.up))))
    }

    /// The detector settings for frames of `width` x `height`: the longest
    /// side that makes the copy `detectWidth` wide (never upscaled).
    package func detectorSettings(width: Int, height: Int) -> DetectorSettings {
        var settings = detector
        if let detectWidth, width > 0 {
            let scale = min(1, Double(detectWidth) / Double(width))
            settings.inputSize = min(FaceFinder.maxInputSide, max(1, Int((Double(max(width, height)) * scale).rounded())))
        }
        return settings
    }
}
