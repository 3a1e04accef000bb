import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerRender

/// Puts stickers on the faces of videos: probes the input, runs the
/// pipeline into a temporary file beside the output and renames it when
/// complete, so an interrupted or failed job leaves no partial output and
/// never touches the input. Output: H.264 with the input's frame count, rate,
/// sample aspect ratio and upright orientation, its audio copied unchanged
/// (re-encoded as AAC only when the output container cannot hold it) and its
/// container metadata.
package struct VideoStickerer: Sendable {
    package var options: VideoOptions
    package var painter: TrackPainter

    package init(options: VideoOptions, painter: TrackPainter) {
        self.options = options
        self.painter = painter
    }

    /// The default output for `input`: its name with `-stickered` before the
    /// extension, in `folder` (default: beside the input).
    package static func defaultOutput(for input: String, in folder: String? = nil) -> String {
        let file = PathText.name(of: input)
        var ext = PathText.extension(of: file)
        // Containers that cannot hold H.264 get Matroska instead.
        if ext.isEmpty || FFmpegArguments.noH264Extensions.contains(ext.lowercased()) { ext = "mkv" }
        return PathText.join(folder ?? PathText.folder(of: input), PathText.removingExtension(file) + "-stickered." + ext)
    }

    /// Processes `input` into `output`. `progress` is called on the calling
    /// thread a few times a second.
    package func run(input: String, output: String, cancellation: Cancellation = Cancellation(),
                    progress: ((VideoProgress) -> Void)? = nil) throws -> VideoSummary {
        let started = DispatchTime.now().uptimeNanoseconds
        try options.encoder.validate()
        // Frames wait for the next detections to be tracked: the interval bounds the memory.
        if let every = options.detectEvery, !(1...30).contains(every) {
            throw FaceStickerError.invalidArgument("\(setting: .detectEvery): \(every) is outside 1...30")
        }
        if ImageSequence.isPattern(input) {
            do { try options.sequenceRate.checkSequenceRate() } catch FaceStickerError.invalidArgument(let problem) {
                throw FaceStickerError.invalidArgument("\(setting: .sequenceRate): " + problem)
            }
        }
        let sequence = try ImageSequence.pattern(output)
        let outputIsSequence = sequence != nil
        if FileIdentity.same(input, output) {
            throw FaceStickerError.output(path: output, reason: "that is the input; choose another output")
        }
        let ext = PathText.extension(of: output).lowercased()
        if ext.isEmpty {
            throw FaceStickerError.output(path: output, reason: "the name has no extension, which picks the container (use .mp4, .mkv or .mov)")
        }
        if FFmpegArguments.noH264Extensions.contains(ext), !outputIsSequence {
            let hint = ImageSequence.extensions.contains(ext) ? "; for numbered pictures name them like out/%04d.\(ext)" : ""
            throw FaceStickerError.output(path: output, reason: "a .\(ext) file cannot hold H.264 video (use .mp4, .mkv or .mov\(hint))")
        }
        if !FFmpegArguments.h264Extensions.contains(ext), !outputIsSequence {
            throw FaceStickerError.output(path: output, reason: "a .\(ext) name is no video container (use .mp4, .mkv or .mov)")
        }
        var info = try VideoProbe.probeInput(input, sequenceRate: options.sequenceRate)
        if info.isStillImage {
            throw FaceStickerError.unreadable(path: input, reason: "not a video (a still picture; use facesticker photo)")
        }
        // Warming up cuts by the frames' own times.
        if options.warmUp { info = VideoProbe.withFrameTimes(info) }
        let range = try options.range.map { try Self.resolve($0, info: info) }
        let cut = range.map { !$0.range.keepRest } ?? false
        // A part is written at its own average rate, which keeps its duration where the rate varies;
        // a warmed-up part (a segment) at the video's, which all its parts share, so that they join.
        if let range, cut, !options.warmUp, let rate = info.averageRate(of: range.span) { info.frameRate = rate }
        // A tracks file must fit the video: checked now against a stated frame count, after the run against an
        // estimated one; its frames are the input's from its firstFrame on, and must not start after the run's.
        if let given = options.tracksIn {
            try given.check(startingAt: cut ? range?.span.first ?? 0 : 0, video: input)
            if let count = info.frameCount, !info.frameCountIsEstimate { try given.check(frameCount: count, video: input) }
        }
        var warnings: [String] = []
        var notes: [String] = []
        if let range, range.span.reachesPastTheEnd || Self.endsPast(range.range, info) {
            notes.append("\(input): the range \(range.range.description) reaches past the end "
                         + "(\(TimeRange.text(Self.microseconds(info.duration ?? 0)))); cut there")
        }
        // Progress counts the frames written: a cut's, or the whole video's.
        var total = info.frameCount
        if let range, cut {
            // With no stated count, the estimated one cuts it.
            total = range.span.count ?? range.range.frames(rate: info.frameRate, clock: range.clock,
                                                           frameCount: info.frameCount).count
        }
        // Warmed up: the frames around the cut are decoded and tracked, only the cut's written.
        var decoded = range
        var written: Range<Int>?
        if options.warmUp, cut, let range, let times = info.frameTimes, !times.isEmpty {
            let first = min(range.span.first, times.count), end = min(range.span.end ?? times.count, times.count)
            let rate = info.frameRate.value.isFinite ? min(max(info.frameRate.value, 1), 1000) : 30
            let margin = Int((VideoOptions.warmUpSeconds * rate).rounded(.up))
            let from = max(0, first - margin), to = min(times.count, end + margin)
            decoded = ResolvedRange(range: TimeRange(start: times[from], end: to < times.count ? times[to] : nil),
                                    clock: range.clock, span: FrameSpan(first: from, end: to, reachesPastTheEnd: false))
            written = (first - from)..<(end - from)
        }
        var audioCodec: String?
        if options.encoder.audio, !info.audioCodecs.isEmpty, !outputIsSequence, written == nil {
            audioCodec = Self.surelyCopies(info.audioCodecs, into: ext) || Self.audioCopies(info, into: ext) ? "copy" : "aac"
            if audioCodec == "aac" {
                warnings.append("\(input): \(info.audioCodecs.joined(separator: ", ")) audio cannot be copied into .\(ext); re-encoded as AAC")
            }
        }
        var state: PipelineState?
        let report = { (frames: Int) in
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
            progress?(VideoProgress(frames: frames, total: total, elapsed: elapsed))
        }
        func produce(_ temporaryVideo: String) throws {
            let work = { (temporaryTracks: String?) throws in
                let pipeline = try VideoPipeline(info: info, options: options, painter: painter,
                                                 output: temporaryVideo, audioCodec: audioCodec, tracksPath: temporaryTracks,
                                                 range: decoded, written: written)
                do {
                    state = try pipeline.run(cancellation: cancellation, progress: report)
                } catch FaceStickerError.output(let path, let reason) where path == temporaryVideo {
                    // Name the output, not its temporary file, wherever ffmpeg mentioned it.
                    let named = reason.replacing(FFmpegArguments.url(temporaryVideo), with: output)
                        .replacing(temporaryVideo, with: output)
                    throw FaceStickerError.output(path: output, reason: named)
                }
                guard (state?.framesWritten ?? 0) > 0 else {
                    if let range, cut, state?.damage == nil {
                        throw FaceStickerError.invalidArgument(Self.pastTheEnd(range.range, input: input, info: info))
                    }
                    let why = state?.damage.map { " (\($0))" } ?? ""
                    throw FaceStickerError.unreadable(path: input, reason: "no frame could be decoded\(why)")
                }
                // What was made, kept with it for --skip-existing and --require-face (every picture of a sequence).
                var record = OutputRecord(part: (options.range ?? TimeRange()).recordKey, foundFace: (state?.faces ?? 0) > 0)
                if let segment = options.segment {
                    record.segment = OutputRecord.Segment(number: segment.number, of: segment.count, frames: state?.framesWritten ?? 0,
                                                          source: input, settings: options.fingerprint(painter: painter))
                }
                if let pictures = try ImageSequence.pattern(temporaryVideo) {
                    for picture in try pictures.frames() { record.write(to: picture.path) }
                } else {
                    record.write(to: temporaryVideo)
                }
            }
            if let tracksPath = options.tracksPath {
                try AtomicFile.write(to: tracksPath, replacing: options.replacing) { try work($0) }
            } else {
                try work(nil)
            }
        }
        if let sequence {
            try ImageSequence.write(to: sequence, replacing: options.replacing, produce)
        } else {
            try AtomicFile.write(to: output, replacing: options.replacing, produce)
        }
        guard let state else { throw FaceStickerError.internal("\(input): video job ended without a result") }
        if let damage = state.damage {
            warnings.append("\(input): damaged input (\(damage)); processed the \(state.framesWritten) readable frames")
        }
        if let given = options.tracksIn, info.frameCountIsEstimate || info.frameCount == nil, !cut,
           let problem = given.pastTheEnd(of: input, frameCount: state.framesWritten) {
            warnings.append("\(given.path): \(problem); those frames were not drawn")
        }
        var summary = VideoSummary(input: input, output: output, frames: state.framesWritten, faces: state.faces,
                                   framesWithFaces: state.framesWithFaces,
                                   seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9,
                                   detectionSeconds: state.detectionSeconds, detectorThreads: state.detectorThreads,
                                   warnings: warnings)
        summary.notes = notes
        summary.detectionRounds = state.detections
        summary.followedRounds = state.followedRounds
        return summary
    }

    /// Checks that `range` starts within the video at `input` (an image
    /// sequence read at `sequenceRate`) before any work: a start past its end
    /// is an `invalidArgument` naming `--start`. Nothing is thrown when the
    /// video cannot be probed (the job itself says why). Returns the frames a
    /// cut of it holds, when its frame count is stated (nil for `keepRest`: the whole video's).
    @discardableResult
    package static func checkRange(_ range: TimeRange, input: String, sequenceRate: FrameRate) throws -> Int? {
        guard let info = try? VideoProbe.probeInput(input, sequenceRate: sequenceRate), !info.isStillImage else { return nil }
        let resolved = try resolve(range, info: info)
        return range.keepRest ? nil : resolved.span.count
    }

    /// Part `number` (from 1) of `count` of the video at `input`, by its frames: of its F
    /// frames, (number-1)F/count up to number*F/count (rounded down), as the range that cuts
    /// exactly those (from the part's first frame's time to the next part's). The parts of
    /// 1...count take every frame once.
    package static func segment(_ number: Int, of count: Int, input: String) throws -> TimeRange {
        let info = VideoProbe.withFrameTimes(try VideoProbe.probeInput(input, sequenceRate: VideoOptions.defaultSequenceRate))
        guard !info.isStillImage, !info.isSequence, let times = info.frameTimes, !times.isEmpty else {
            throw FaceStickerError.unreadable(path: input, reason: "its frames' times cannot be read, which \(setting: .segment) cuts by")
        }
        let frames = times.count
        guard (1...count).contains(number), count <= frames else {
            throw FaceStickerError.invalidArgument("\(setting: .segment) \(number)/\(count): \(input) has \(frames) frames, fewer than \(count) parts")
        }
        // At most a million parts of an array's count of frames: no product overflows 64 bits.
        let first = Int(Int64(number - 1) * Int64(frames) / Int64(count))
        let end = Int(Int64(number) * Int64(frames) / Int64(count))
        return TimeRange(start: times[first], end: end < frames ? times[end] : nil)
    }

    /// `range` against the video `info` describes: its clock and its frames (cut to a
    /// stated frame count); a start past the last frame is an `invalidArgument` naming `start`.
    package static func resolve(_ range: TimeRange, info: VideoInfo) throws -> ResolvedRange {
        let clock = VideoProbe.frameClock(info)
        let known = info.frameCountIsEstimate ? nil : info.frameCount
        var span = range.frames(rate: info.frameRate, clock: clock, frameCount: known)
        if let first = info.firstFrame(atOrAfter: range.start), let count = info.frameTimes?.count {
            // The frames' own times, read from the packets: exact at a varying rate too.
            span = FrameSpan(first: first, end: range.end.flatMap { info.firstFrame(atOrAfter: $0) } ?? count,
                             reachesPastTheEnd: range.end.map { $0 > (info.streamEnd ?? 0) } ?? false)
        }
        let past = known.map { span.first >= $0 }
            ?? info.duration.map { Double(range.start) >= $0 * 1e6 } ?? false
        if past, range.start > 0 { throw FaceStickerError.invalidArgument(pastTheEnd(range, input: info.path, info: info)) }
        return ResolvedRange(range: range, clock: clock, span: span)
    }

    /// `start 20 s: past the end of IN (11.303 s long)`.
    package static func pastTheEnd(_ range: TimeRange, input: String, info: VideoInfo) -> Reason {
        let length = info.duration.map { " (\(TimeRange.text(microseconds($0))) long)" } ?? ""
        return "\(setting: .start) \(TimeRange.text(range.start)): past the end of \(input)\(length); no frame is shown at or after it"
    }

    /// Whether the range's end lies past the video's stated duration (when its frame count is not stated).
    private static func endsPast(_ range: TimeRange, _ info: VideoInfo) -> Bool {
        guard let end = range.end, info.frameCount == nil || info.frameCountIsEstimate, let duration = info.duration else {
            return false
        }
        return Double(end) > duration * 1e6
    }

    /// Seconds as whole microseconds (0 for what is not a time Int64 holds).
    private static func microseconds(_ seconds: Double) -> Int64 {
        let us = seconds * 1e6
        return us.isFinite && abs(us) < 9e18 ? Int64(us.rounded()) : 0
    }

    /// Whether the container named by `ext` is known to hold every one of `codecs`,
    /// which saves trying (Matroska holds anything; MP4 and QuickTime the common ones).
    package static func surelyCopies(_ codecs: [String], into ext: String) -> Bool {
        switch ext {
        case "mkv", "mka": return true
        case "mp4", "m4v", "mov": return codecs.allSatisfy { ["aac", "mp3", "ac3", "eac3", "alac"].contains($0) }
        default: return false
        }
    }

    /// Whether the input's audio can be copied unchanged into a file with extension `ext`:
    /// tried on a fifth of a second of it in a scratch file.
    package static func audioCopies(_ info: VideoInfo, into ext: String) -> Bool {
        let sample = FileManager.default.temporaryDirectory
            .appendingPathComponent("facesticker-audio-\(getpid())-\(UUID().uuidString.prefix(8)).\(ext)").path
        let token = Cleanup.temporary(sample)
        defer {
            unlink(sample)
            Cleanup.forget(token)
        }
        guard let run = try? ChildProcess.capture("ffmpeg", FFmpegArguments.audioCopyCheck(info, sample: sample)) else {
            return false
        }
        return run.status == 0
    }
}
