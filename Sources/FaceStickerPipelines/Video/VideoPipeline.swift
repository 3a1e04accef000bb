import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision
import FaceStickerRender

/// The stages of a video job on their own threads, joined by small bounded
/// queues so they overlap across the cores and memory stays flat however
/// long the video: decode (pull `Frame`s from the `FrameDecoder`, a
/// `FrameSource`, and mark shot cuts) -> detect (a detector per worker
/// thread) -> back in order: track, smooth, draw (+ tracks file) -> write
/// (to the `FrameEncoder`, a `FrameSink`). The first failure anywhere,
/// or a cancel, stops every stage and kills both ffmpeg children.
package final class VideoPipeline: Sendable {
    private let info: VideoInfo
    private let options: VideoOptions
    private let painter: TrackPainter
    /// Where the frames come from: ffmpeg's decoder, a `FrameSource` (cancelled and finished as a decoder too).
    private let decoder: FrameDecoder
    /// Where the drawn frames go: ffmpeg/x264's `FrameEncoder`.
    private let sink: any FrameSink & Sendable
    private let tracks: TracksWriter?
    /// The input frame of output frame 0: a cut's first (0 for the whole video and `--keep-rest`).
    private let tracksOffset: Int
    private let workers: Int
    /// With `--keep-rest`: the frames stickers go on (the rest pass unchanged); nil: every frame.
    private let active: FrameSpan?
    /// Warmed up (`VideoOptions.warmUp`): the decoded frames that are written; the others are
    /// detected, tracked and smoothed only. Nil: every frame is written.
    private let written: Range<Int>?
    /// The frame the detection rhythm counts from (a negative one: the video's first, before the cut).
    private let rhythmOrigin: Int
    private let state = PipelineState()
    private let abort = Cancellation()
    private let decoded = BoundedQueue<Frame>(capacity: 4)
    /// Frames with what the detector found (nil when it did not run on the frame).
    private let detected: ReorderQueue<(frame: Frame, faces: [Face]?)>
    private let drawn = BoundedQueue<YUVFrame>(capacity: 3)
    private let pool = BufferPool(limit: 4)

    /// The stages, each on a thread of its own (detect on `workers` threads).
    private enum Stage {
        /// ffmpeg -> YUV frames, and shot cuts.
        case decode
        /// Faces on every Nth frame (and on each cut).
        case detect
        /// Back in order: tracks, smoothing, drawing, the tracks file.
        case track
        /// YUV -> ffmpeg/x264.
        case write
    }

    /// Detector threads: YuNet gains little from OpenCV's own threads, so two
    /// detectors on two frames at once keep detection off the critical path.
    package static var defaultWorkers: Int { min(2, max(1, ProcessInfo.processInfo.activeProcessorCount)) }

    /// Starts both ffmpeg children; `output` and `tracksPath` are temporary paths.
    /// `range`: `options.range` resolved against this video (a cut is decoded
    /// and encoded as that part only; with `keepRest` every frame is, and only
    /// the span's get stickers).
    package init(info: VideoInfo, options: VideoOptions, painter: TrackPainter, output: String, audioCodec: String?,
         tracksPath: String?, range: ResolvedRange? = nil, written: Range<Int>? = nil) throws {
        self.info = info
        self.options = options
        self.painter = painter
        let cut = range.flatMap { $0.range.keepRest ? nil : $0 }
        active = range.flatMap { $0.range.keepRest ? $0.span : nil }
        self.written = written
        // Warmed up (`written`): detection keeps the whole video's rhythm, counted from its first frame.
        rhythmOrigin = written == nil ? (active?.first ?? 0) : -(cut?.span.first ?? 0)
        // Rounds count from the rhythm's origin; the first one here is the first on the rhythm.
        let every = max(1, options.detectEvery(frameRate: info.frameRate.value))
        keys = KeyRounds(firstRound: (max(0, -rhythmOrigin) + every - 1) / every)
        workers = max(1, options.detectorThreads ?? Self.defaultWorkers)
        // The workers are the parallelism; the encoder needs every other cycle (when the caller allows it).
        if workers > 1, options.singleThreadedOpenCV { try OpenCVDetector.setThreadsPerDetection(1) }
        detected = ReorderQueue(capacity: workers + 2, producers: workers)
        // Output frame i is input frame `cut.span.first + i` (about, at a varying rate), after
        // the warm-up frames that are not written.
        let firstFrame = cut?.span.first ?? 0
        tracksOffset = firstFrame
        tracks = try tracksPath.map { try TracksWriter(path: $0, firstFrame: firstFrame + (written?.lowerBound ?? 0)) }
        decoder = try FrameDecoder(info, pool: pool,
                                   arguments: cut.map { FFmpegArguments.decoder(info, cut: $0.range, clock: $0.clock) })
        do {
            sink = try FrameEncoder(info, output: output, settings: options.encoder, audioCodec: audioCodec,
                                    cut: cut?.range)
        } catch {
            decoder.cancel()
            _ = decoder.finish()
            throw error
        }
        abort.onCancel { [decoded, detected, keys, drawn, decoder, sink] in
            decoded.cancel()
            detected.cancel()
            keys.cancel()
            drawn.cancel()
            decoder.cancel()
            sink.abandon()
        }
    }

    /// Runs to the end. `cancellation` is the caller's (signals); `progress`
    /// is called on this thread a few times a second with the frames written.
    package func run(cancellation: Cancellation, progress: (Int) -> Void) throws -> PipelineState {
        let token = cancellation.onCancel { [abort] in abort.cancel() }
        defer { cancellation.remove(token) }
        let group = DispatchGroup()
        let stages: [Stage] = [.decode, .track, .write] + Array(repeating: .detect, count: workers)
        for stage in stages {
            group.enter()
            Thread.detachNewThread { [self] in
                do {
                    switch stage {
                    case .decode: try decodeStage()
                    case .detect: try detectStage()
                    case .track: try trackStage()
                    case .write: try writeStage()
                    }
                } catch {
                    if state.fail(error) { abort.cancel() }
                }
                group.leave()
            }
        }
        while group.wait(timeout: .now() + .milliseconds(250)) == .timedOut {
            progress(state.framesWritten)
        }
        progress(state.framesWritten)
        if cancellation.isCancelled { throw Interrupted() }
        if let error = state.error { throw error }
        state.detectorThreads = workers
        return state
    }

    private func decodeStage() throws {
        var cuts = SceneCutDetector()
        var shot = 0
        while var frame = try decoder.next() {
            frame.cut = cuts.isCut(frame.yuv)
            if frame.cut { shot += 1 }
            frame.shot = shot
            frame.inRange = active?.contains(frame.index) ?? true
            guard decoded.push(consume frame) else { break }
        }
        decoded.close()
        let damage = decoder.finish()
        if !abort.isCancelled { state.setDamage(damage) }
    }

    /// The key rounds (faces confirmed, which way is up), shared by the detector threads.
    private let keys: KeyRounds

    private func detectStage() throws {
        defer { detected.producerFinished() }
        // Faces from a tracks file: nothing to detect, frames pass straight on.
        if options.tracksIn != nil {
            while let frame = decoded.pop() {
                guard detected.put(frame.index, (frame, nil)) else { return }
            }
            return
        }
        let detector = try FrameDetector(settings: options.detectorSettings(width: info.width, height: info.height),
                                         width: info.width, height: info.height, matrix: YUVMatrix(info), keys: keys,
                                         follow: options.profile.followsFacesByMesh)
        defer { state.followed(rounds: detector.followedRounds) }
        let every = options.detectEvery(frameRate: info.frameRate.value)
        // The rhythm starts on the range's first frame (frames outside it are not looked at).
        let first = rhythmOrigin
        while let frame = decoded.pop() {
            // A new shot is detected on at once, whatever the rhythm.
            let onRhythm = (frame.index - first) % every == 0
            var faces: [Face]?
            if frame.inRange, onRhythm || frame.cut {
                let start = DispatchTime.now().uptimeNanoseconds
                faces = try detector.detect(in: frame.yuv, round: onRhythm ? (frame.index - first) / every : nil,
                                            shot: frame.shot)
                state.detected(seconds: Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            guard detected.put(frame.index, (frame, faces)) else { return }
        }
    }

    private func trackStage() throws {
        let every = options.detectEvery(frameRate: info.frameRate.value)
        let settings = options.tracker ?? TrackerSettings.forVideo(frameRate: info.frameRate.value, detectEvery: every,
                                                                              profile: options.profile)
        var timeline = TrackTimeline<YUVFrame>(settings: settings)
        var painter = painter
        let interval = 1 / info.frameRate.value
        let matrix = YUVMatrix(info)
        // Frames are moved out of `ready` one by one, so each frame's pixels have a single
        // owner when drawn on and are not copied.
        func draw(_ ready: inout [TimelineEntry<YUVFrame>]) throws -> Bool {
            ready.reverse()
            while let frame = ready.popLast() {
                let painted = painter.place(frame.faces, interval: interval)
                // A warm-up frame: placed (the smoother goes on through it), not written.
                if let written, !written.contains(frame.index) {
                    pool.give((consume frame).payload.data)
                    continue
                }
                let index = frame.index - (written?.lowerBound ?? 0)
                try tracks?.add(index: index, time: info.frameRate.time(ofFrame: index), faces: painted)
                state.painted(painted)
                var image = (consume frame).payload
                painter.draw(painted, onto: &image, matrix: matrix)
                guard drawn.push(image) else { return false }
            }
            return true
        }
        if let given = options.tracksIn {
            while case let (frame, _)? = detected.take() {
                guard frame.inRange else {
                    guard drawn.push((consume frame).yuv) else { return }
                    continue
                }
                let index = frame.index
                let faces = given.faces(atInputFrame: index + tracksOffset) ?? []
                var ready = [TimelineEntry(index: index, payload: (consume frame).yuv, faces: faces)]
                guard try draw(&ready) else { return }
            }
            guard !abort.isCancelled else { return }
            drawn.close()
            try tracks?.finish()
            return
        }
        // With --keep-rest the frames after the range pass once the range's last are drawn.
        var finished = false
        while case let (frame, faces)? = detected.take() {
            guard frame.inRange else {
                if !finished, frame.index > (active?.first ?? 0) {
                    var rest = timeline.finish()
                    guard try draw(&rest) else { return }
                    finished = true
                }
                guard drawn.push((consume frame).yuv) else { return }
                continue
            }
            let (index, cut) = (frame.index, frame.cut)
            var ready = timeline.add(index: index, payload: (consume frame).yuv, detections: faces, cut: cut)
            guard try draw(&ready) else { return }
        }
        guard !abort.isCancelled else { return }
        if !finished {
            var rest = timeline.finish()
            guard try draw(&rest) else { return }
        }
        drawn.close()
        try tracks?.finish()
    }

    private func writeStage() throws {
        while let frame = drawn.pop() {
            try sink.write(frame)
            state.wroteFrame()
            // The frame's last holder: its buffer goes back to the decoder unshared.
            pool.give((consume frame).data)
        }
        guard !abort.isCancelled else { return }
        try sink.finish()
    }
}

/// A `TimeRange` resolved against one video: its clock and the frames it takes.
package struct ResolvedRange: Sendable {
    package let range: TimeRange
    package let clock: FrameClock
    package let span: FrameSpan
}
