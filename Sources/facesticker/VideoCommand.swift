import FaceSticker
import Foundation

/// `facesticker video`: stickers on the tracked faces of video files.
enum VideoCommand: Command {
    static let name = "video"
    static let summary = "put stickers on the faces in videos (tracked and smoothed)"
    static let synopsis = "[options] IN..."
    static let details = """
    Puts stickers on every face in each video IN (a folder: every video in it,
    with -r also in its sub-folders) and writes an H.264 video with the same
    frames, rate, pixel aspect and audio. Faces are tracked: each keeps its
    sticker, which follows it smoothly. Outputs go beside IN with -stickered
    before the extension, into --out-dir (sub-folders kept), or to -o OUT (one
    input). Two inputs that would write one output are refused before any work.
    IN may also be an image sequence, `frames/%04d.png` (read at --fps; a gap
    in its numbers is an error), and -o OUT may name one, `out/%04d.png` (PNG
    or JPEG pictures numbered from 1). Patterns follow ffmpeg's: %d, %4d or
    %04d in the file name, %% for a percent sign. A sequence is written whole
    and replaces the pictures of its pattern there before, as a file would.
    An output already there (a video, a sequence's pictures, a --tracks file)
    is replaced only with -y (--overwrite); without it the run is refused
    before any work. A batch ends with one line: written, skipped (already
    there), failed, without a face.
    A still image is no video (exit 1; use `facesticker photo`). A signal that
    ends the run leaves no partial output and no ffmpeg child.
    """
    static let examples = [
        Example("facesticker video samples/carphone.mp4",
                "Writes samples/carphone-stickered.mp4: each face keeps its sticker as it moves; the audio is copied."),
        Example("facesticker video samples/carphone.mp4 --sticker pixelate --mask-shape box -o pixelated.mp4",
                "Pixelates every face, a box over each, leaving no face recognisable."),
        Example("facesticker video samples/carphone.mp4 --tracks carphone.tracks.json -o tracked.mp4",
                "Also writes every frame's faces as JSON; edited, --tracks-in draws them again."),
    ]

    static let output = OutputOptions.output
    static let detectEvery = Option<Int?>("--detect-every", placeholder: "N", default: nil, range: 1...30,
                                          defaultText: "at most \(JSONText.number(VideoOptions.detectionRate, digits: 3)) times a second, "
                                              + "so 3 at 24-30 fps (only hiding faces: "
                                              + "\(JSONText.number(VideoOptions.recallDetectionRate, digits: 3)), so 6)",
                                          setting: .detectEvery, help: "detect on every Nth frame and follow faces in between")
    static let tracks = Option<String?>("--tracks", placeholder: "FILE.json", kind: .file, default: nil,
                                        setting: .tracksFile, help: "also write every frame's faces and sticker placements (an existing folder "
                                            + "when there are several inputs: one OUTNAME.tracks.json each)")
    static let crf = Option<Int>("--crf", placeholder: "N", default: EncoderSettings.defaultCRF, range: EncoderSettings.crfRange,
                                 setting: .crf, help: "x264 quality, lower is better")
    static let preset = Option<String>("--preset", placeholder: "NAME", kind: .choice(EncoderSettings.presets),
                                       default: EncoderSettings.defaultPreset, setting: .preset, help: "x264 preset, ultrafast ... veryslow")
    static let fps = Option<FrameRate>("--fps", placeholder: "RATE", default: VideoOptions.defaultSequenceRate,
                                       defaultText: JSONText.number(VideoOptions.defaultSequenceRate.value, digits: 3),
                                       setting: .sequenceRate, help: "frames a second of an image sequence input (frames/%04d.png): "
                                           + "1/\(FrameRate.longestSequenceFrame)...\(FrameRate.fastestSequenceRate), "
                                           + "e.g. 30000/1001",
                                       parse: { try FrameRate.sequenceRate($0) })
    static let tracksIn = Option<String?>("--tracks-in", placeholder: "FILE.json", kind: .file, default: nil,
                                          setting: .tracksIn, help: "draw the faces of this tracks file (written by --tracks, perhaps edited) "
                                              + "instead of detecting: one input only")
    /// A time option: seconds (12.5) or [HH:]MM:SS[.frac], parsed once, as microseconds.
    private static func time(_ name: String, setting: SettingName, help: String, defaultText: String? = nil) -> Option<Int64?> {
        Option<Int64?>(name, placeholder: "TIME", default: nil, defaultText: defaultText, setting: setting, help: help,
                       parse: { try TimeRange.time($0) })
    }
    static let start = time("--start", setting: .start, help: "begin at TIME in IN, in seconds (12.5) or [HH:]MM:SS[.frac] as ffmpeg's -ss: "
                                + "the first frame is the first shown at or after it, not a keyframe's", defaultText: "0")
    static let duration = time("--duration", setting: .duration, help: "write this long a part (as ffmpeg's -t), audio cut with it; "
                                   + "a part reaching past the end stops there", defaultText: "to the end")
    static let to = time("--to", setting: .end, help: "end the part before TIME in IN (a time in the input, as ffmpeg's -to "
                             + "before -i), instead of --duration")
    static let keepRest = Flag("--keep-rest", setting: .keepRest, help: "write the whole video, stickers only within "
                                   + "--start/--duration/--to (the rest re-encoded as it is, all the audio)")
    static let segment = Option<Shard?>("--segment", placeholder: "I/N|auto", default: nil, setting: .segment,
                                        help: "write part I of N of one video (I from 1): of its F frames, (I-1)F/N up to "
                                            + "IF/N, detected and tracked with the frames around it as a whole run would, "
                                            + "without audio, so that parts made on N machines join without seams "
                                            + "(facesticker join); named NAME-stickered-partIofN by default; "
                                            + "auto: I and N as --shard auto reads them",
                                        parse: { try Shard.parse($0) })
    static let noAudio = Flag("--no-audio", setting: .noAudio, help: "leave the audio out (default: copied unchanged)")
    static let noSmoothing = Flag("--no-smoothing", help: "place stickers without smoothing (for measuring what smoothing brings)")
    static let stats = Flag("--stats", help: "print detector time, detections (and how many the face mesh followed), CPU time and peak memory after each video")
    static let detectorThreads = Option<Int?>("--detector-threads", placeholder: "N", default: nil, range: 1...16,
                                              defaultText: "2 on two or more cores", help: "detectors running at once")

    static var groups: [OptionGroup] {
        [OptionGroup(nil, [output, OutputOptions.json, fps, DetectorOptions.detectWidth, detectEvery, tracks, tracksIn, crf, preset,
                           noAudio, ResultOptions.overwrite, ResultOptions.requireFace]),
         OptionGroup("a part of the video", [start, duration, to, keepRest, segment]),
         BatchOptions.group, StickerOptions.group, FaceOptions.group] + DetectorOptions.videoGroups
        + [OptionGroup("measuring", [noSmoothing, stats, detectorThreads], brief: true)]
    }

    static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "avi", "webm", "mpg", "mpeg", "ts",
                                               "m2ts", "mts", "wmv", "flv", "3gp", "ogv", "dv"]

    /// The command line, parsed and checked: what the run reads.
    struct Request {
        let stickers: StickerOptions.Choice
        let faces: FaceOptions.Choice
        let json: Bool
        let tracks: String?
        let tracksIn: String?
        /// The part written: `--start`/`--duration`/`--to`, or `--segment`'s frames (`run` sets it).
        var range: TimeRange
        /// `--segment`: part I of N of the one input.
        let segment: Shard?
        let profile: DetectionProfile
        /// Nil when drawing from a tracks file: it needs no detector, only its settings.
        let detector: FaceFinder?
        let detectorSettings: DetectorSettings
        /// `--json`'s `settings`: each detector setting in effect and where it came from (nil from a tracks file).
        let settingsJSON: JSONOutput?
        /// The run's options (`--segment`'s part set in `run`).
        var options: VideoOptions
        let smoothing: SmoothingParameters?
        let stats: Bool
        let requireFace: Bool
        /// `-y`: an output may be replaced, also one that appears during the run.
        let overwrite: Bool

        init(_ arguments: Arguments) throws {
            overwrite = arguments[ResultOptions.overwrite]
            stickers = StickerOptions.parse(arguments)
            faces = FaceOptions.parse(arguments)
            json = arguments[OutputOptions.json]
            tracks = arguments[VideoCommand.tracks]
            tracksIn = arguments[VideoCommand.tracksIn]
            range = try asUsage {
                try TimeRange.from(start: arguments[start], duration: arguments[duration], to: arguments[to],
                                   keepRest: arguments[keepRest])
            }
            segment = arguments[VideoCommand.segment]
            if segment != nil {
                let part: [AnyOption] = [start.erased, duration.erased, to.erased, keepRest.erased]
                if let other = part.first(where: { arguments.has($0) }) {
                    throw UsageError("--segment and \(other.names.first ?? other.id): a segment is its own part of the video")
                }
                if arguments[BatchOptions.shard] != nil {
                    throw UsageError("--segment and --shard: one splits a video across runs, the other a batch; use one")
                }
                if arguments[VideoCommand.tracksIn] != nil { throw UsageError("--segment and --tracks-in: a tracks file is drawn whole") }
            }
            let profile = DetectorOptions.profile(arguments, fallback: stickers.profile)
            let detector: FaceFinder? = tracksIn == nil
                ? try DetectorOptions.parse(arguments, use: .video, profile: profile) : nil
            let detectorSettings = try detector?.settings ?? DetectorOptions.settings(arguments, use: .video, profile: profile)
            var options = VideoOptions(detector: detectorSettings, detectWidth: DetectorOptions.detectWidth(arguments),
                                       detectEvery: arguments[detectEvery],
                                       encoder: EncoderSettings(crf: arguments[crf], preset: arguments[preset],
                                                                audio: !arguments[noAudio]))
            options.profile = profile
            options.detectorThreads = arguments[detectorThreads]
            options.singleThreadedOpenCV = true // the CLI owns the process: OpenCV helper threads would only compete
            options.sequenceRate = arguments[fps]
            (self.profile, self.detector, self.detectorSettings, self.options) = (profile, detector, detectorSettings, options)
            settingsJSON = tracksIn == nil ? try DetectorOptions.settingsJSON(arguments, use: .video, profile: profile) : nil
            smoothing = arguments[noSmoothing] ? nil : SmoothingParameters()
            stats = arguments[VideoCommand.stats]
            requireFace = arguments[ResultOptions.requireFace]
        }
    }

    /// The batch, where each tracks file goes and the sticker pack, every file the run
    /// reads and writes checked before any work.
    private struct Plan {
        let batch: Batch
        let tracksPath: (BatchItem) -> String?
        let library: StickerLibrary
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        var request = try Request(arguments)
        if let segment = request.segment {
            // Its frames, warmed up, without audio (the join adds the source's once), recorded for the join.
            try request.options.cut(segment: segment.number, of: segment.count, input: try segmentInput(arguments))
            request.range = request.options.range ?? TimeRange()
        }
        let plan = try plan(request, arguments)
        var options = request.options
        if !request.range.isWhole || request.range.keepRest { options.range = request.range }
        options.tracksIn = try request.tracksIn.map { try TracksFile.load(path: $0) }
        let stickers = request.faces.masked(try plan.library.stickers(named: request.stickers.names))
        var painter = TrackPainter(stickers: stickers, assignment: request.stickers.assignment,
                                   filters: request.stickers.filters, smoothing: request.smoothing)
        painter.choice = request.faces.choice

        // Signals are SignalCleanup's (main.swift): children stopped, temporary files removed.
        let cancellation = Cancellation()
        let progress = isatty(STDERR_FILENO) == 1 && Console.level != .quiet
        return try plan.batch.run("video", json: request.json, requireFace: request.requireFace,
                                  cleanUp: { if progress { Console.endProgress() } }) { item in
            var job = VideoStickerer(options: options, painter: painter)
            job.options.tracksPath = plan.tracksPath(item)
            // Without -y, nothing there at the start is replaced at the end (issue #41) but an incomplete output redone.
            job.options.replacing = request.overwrite || plan.batch.redone.contains(item.output)
            try plan.batch.makeFolder(for: item)
            let summary = try job.run(input: item.input, output: item.output, cancellation: cancellation) { step in
                if progress { show(item.input, step) }
            }
            if progress { Console.endProgress() }
            return report(summary, item: item, tracks: job.options.tracksPath, request: request, stickers: stickers)
        }
    }

    /// `--segment`'s one input: a video file (not a folder, a sequence or several).
    private static func segmentInput(_ arguments: Arguments) throws -> String {
        let inputs = arguments.positionals
        guard inputs.count == 1, let input = inputs.first, input != "-" else {
            throw UsageError("--segment: one video, not \(inputs.count) inputs (parts of one video are joined)")
        }
        var folder: ObjCBool = false
        if FileManager.default.fileExists(atPath: input, isDirectory: &folder), folder.boolValue {
            throw UsageError("--segment: \(input) is a folder; give one video")
        }
        if ImageSequence.isPattern(input) { throw UsageError("--segment: \(input) is an image sequence; give one video") }
        return input
    }

    private static func plan(_ request: Request, _ arguments: Arguments) throws -> Plan {
        if arguments.positionals.contains("-") {
            throw UsageError("video: - (standard input) is not read: a video is read by its path (save a stream to a file first)")
        }
        let batch = try Batch(arguments.positionals, arguments: arguments, output: arguments[output],
                              extensions: videoExtensions, what: "video",
                              defaultOutput: { input, folder in
                                  // A segment's name says which part it is, so that the parts of one video sit side by side.
                                  request.options.segment.map { VideoStickerer.defaultOutput(for: input, in: folder, segment: $0) }
                                      ?? defaultOutput(for: input, in: folder)
                              },
                              existing: { existing($0, tracks: request.tracks, range: request.range, sequenceRate: arguments[fps]) })
        // Image sequences: malformed patterns are usage errors, before any work.
        for item in batch.all { _ = try asUsage { try ImageSequence.pattern(item.input) } }
        let outputPattern = try asUsage { () throws -> ImageSequence.Pattern? in
            guard let out = batch.all.first?.output, ImageSequence.isPattern(out) else { return nil }
            do {
                return try ImageSequence.Pattern(out)
            } catch FaceStickerError.invalidArgument(let message) {
                throw FaceStickerError.invalidArgument("-o \(message)")
            }
        }
        if request.tracksIn != nil, batch.all.count > 1 {
            throw UsageError("--tracks-in: one input only (got \(batch.all.count))")
        }
        let tracksDir = try request.tracks.flatMap { try tracksFolder($0, inputs: batch.all.count) }
        let tracks = request.tracks
        let tracksPath = { (item: BatchItem) in
            tracks.map { tracks in tracksDir.map { PathText.join($0, tracksName(for: item.output)) } ?? tracks }
        }

        let library = try StickerOptions.library(using: request.stickers.names)
        try StickerOptions.check(request.stickers.names, in: library)
        var files = RunFiles()
        for item in batch.items {
            // A sequence is read frame by frame: each picture is an input.
            if let frames = try ImageSequence.pattern(item.input).map({ (try? $0.frames()) ?? [] }) {
                files.read(frames.map { RunFiles.Entry(role: "the input sequence", path: $0.path) })
            } else {
                files.read("the input video", item.input)
            }
        }
        files.read(stickers: request.stickers.names, in: library)
        if let detector = request.detector { files.read(detector: detector, config: arguments[DetectorOptions.config]) }
        files.read("--tracks-in", request.tracksIn)
        for item in batch.items {
            if let outputPattern {
                // Every picture the pattern names, those there now included: they are replaced.
                files.write("-o", pattern: item.output, folder: outputPattern.folder) { outputPattern.frame(named: $0) != nil }
            } else {
                files.write(arguments.has(output) ? "-o" : "the output", item.output)
            }
            // With several inputs, a clash names the inputs whose tracks files meet (issue #41).
            files.write(batch.all.count > 1 ? "the --tracks file of \(item.input)" : "--tracks", tracksPath(item))
        }
        // --skip-existing redoes an incomplete video with its tracks file: both replaced.
        let redone = batch.redone.union(batch.items.filter { batch.redone.contains($0.output) }.compactMap(tracksPath))
        try files.check(arguments, replacing: redone, skipExisting: true)
        // A folder where a picture goes: refused now, not half-way through writing them.
        try outputPattern.map(ImageSequence.checkOutput)
        if !request.range.isWhole || request.range.keepRest {
            // A start past an input's end is a usage error, found before any work.
            for item in batch.items {
                _ = try asUsage {
                    try VideoStickerer.checkRange(request.range, input: item.input, sequenceRate: request.options.sequenceRate)
                }
            }
        }
        return Plan(batch: batch, tracksPath: tracksPath, library: library)
    }

    /// A video's lines (its summary, `--stats`) and its `--json` object.
    private static func report(_ summary: VideoSummary, item: BatchItem, tracks: String?, request: Request,
                               stickers: [Sticker]) -> BatchItemDone {
        summary.warnings.forEach { Console.warning($0) }
        summary.notes.forEach { Console.note($0) }
        Console.note(summary.line)
        if summary.faces == 0 {
            Console.note("video: no face found in any frame of \(item.input); wrote \(item.output) without stickers")
        }
        if request.stats {
            let peak = ProcessUsage.peakResident().map { String($0 / (1 << 20)) } ?? "?"
            let cpu = String(format: "%.2f", ProcessUsage.cpuSeconds())
            Console.usageText("stats: detector \(String(format: "%.2f", summary.detectionSeconds)) s on "
                + "\(summary.detectorThreads) thread(s), busy \(Int((summary.detectionShare * 100).rounded()))% "
                + "of \(String(format: "%.2f", summary.seconds)) s; \(summary.detectionRounds) rounds, "
                + "\(summary.followedRounds) followed by the mesh; cpu \(cpu) s, peak memory \(peak) MiB (this process)")
        }
        let detecting = request.tracksIn == nil
        var object = JSONObject(item, status: "stickered")
        object.add("frames", summary.frames)
        object.add("faces", summary.faces)
        object.add("framesWithFaces", summary.framesWithFaces)
        object.add("tracks", tracks)
        object.add("detector", detecting ? request.detectorSettings.kind.rawValue : nil)
        object.add("profile", detecting ? request.profile.rawValue : nil)
        object.add("settings", request.settingsJSON ?? .null)
        object.add("tracksIn", request.tracksIn)
        object.add("stickers", strings: stickers.map(\.name))
        object.add("seconds", number: summary.seconds)
        object.add("warnings", strings: summary.warnings)
        return BatchItemDone(foundFace: summary.faces > 0, json: object)
    }

    /// IN's name with `-stickered` before the extension, in `folder` (default:
    /// beside IN); for an image sequence `DIR/%04d.png`, `DIR-stickered.mp4` beside
    /// DIR, and `frames-stickered.mp4` inside a folder with no name of its own
    /// (`%04d.png`, `./%04d.png`, `../%04d.png`, `/%04d.png`).
    static func defaultOutput(for input: String, in folder: String?) -> String {
        guard ImageSequence.isPattern(input) else { return VideoStickerer.defaultOutput(for: input, in: folder) }
        let frames = FileNames.standIn(PathText.folder(of: input))
        let named = PathText.name(of: frames)
        if ["", ".", "..", "/"].contains(named) { return PathText.join(folder ?? frames, "frames-stickered.mp4") }
        return PathText.join(folder ?? PathText.folder(of: frames), named + "-stickered.mp4")
    }

    /// What `--skip-existing` finds at a video's output: complete when
    /// ffprobe decodes its video stream without an error and the frames it
    /// decodes are as many as the file's index lists (and more than none); for
    /// an image sequence, when its pictures are numbered from 1 without a gap
    /// and the last one decodes. Then the output must be what this run would
    /// write: the same part (`range`, whole or not, `--keep-rest` or not) by
    /// its record (`OutputRecord`), and as many frames as that part of the
    /// input has (exactly for the whole video, within a frame for a part); and
    /// the tracks file asked for must be there too.
    static func existing(_ item: BatchItem, tracks: String?, range: TimeRange = TimeRange(),
                         sequenceRate: FrameRate? = nil) -> ExistingOutput {
        let made: (frames: Int, record: OutputRecord?)
        if let pattern = try? ImageSequence.pattern(item.output) {
            let pictures = (try? pattern.frames()) ?? []
            guard let last = pictures.last else { return .missing }
            guard pictures.first?.number == 1, last.number == pictures.count else {
                return .incomplete("its \(pictures.count) pictures are not numbered 1 to \(pictures.count)")
            }
            guard (try? ImageFile.readReportingDamage(path: last.path))?.damage == nil else {
                return .incomplete("its last picture \(last.path) does not decode whole")
            }
            made = (pictures.count, OutputRecord.read(path: last.path))
        } else {
            var info = stat()
            guard stat(item.output, &info) == 0 else { return .missing }
            let decoded = VideoProbe.decodes(path: item.output)
            if let why = decoded.problem { return .incomplete(why) }
            made = (decoded.frames, OutputRecord.read(path: item.output))
        }
        // A part is not the whole, nor another part (issue #41).
        if let record = made.record, record.part != range.recordKey {
            let was = TimeRange(recordKey: record.part)?.outputDescription ?? "another run's output"
            return .incomplete("it is \(was), not \(range.outputDescription)")
        }
        let rate = sequenceRate ?? VideoOptions.defaultSequenceRate
        let cut = !range.isWhole && !range.keepRest
        if let expected = expectedFrames(item.input, range: range, sequenceRate: rate),
           cut ? abs(made.frames - expected) > 1 : made.frames != expected {
            return .incomplete("it has \(made.frames) frames, \(range.outputDescription) of the input \(expected)")
        }
        if let tracks {
            var isFolder: ObjCBool = false
            let folder = FileManager.default.fileExists(atPath: tracks, isDirectory: &isFolder) && isFolder.boolValue
            let path = folder ? PathText.join(tracks, tracksName(for: item.output)) : tracks
            if !FileManager.default.fileExists(atPath: path) { return .incomplete("its --tracks file \(path) is missing") }
        }
        return .complete(foundFace: made.record?.foundFace)
    }

    /// The frames a run of `range` writes from `input`: a part's, worked out from the
    /// rate; the whole video's when its file states them; nil when not known.
    private static func expectedFrames(_ input: String, range: TimeRange, sequenceRate: FrameRate) -> Int? {
        if !range.isWhole, !range.keepRest {
            return try? VideoStickerer.checkRange(range, input: input, sequenceRate: sequenceRate)
        }
        guard let info = try? VideoProbe.probeInput(input, sequenceRate: sequenceRate), !info.frameCountIsEstimate else { return nil }
        return info.frameCount
    }

    /// With several inputs `--tracks` names a folder; with one, a file.
    private static func tracksFolder(_ path: String, inputs: Int) throws -> String? {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists, isFolder.boolValue { return path }
        guard inputs == 1 else {
            throw UsageError("--tracks: with \(inputs) inputs, give an existing folder")
        }
        return nil
    }

    /// The tracks file's name in a `--tracks` folder: the output's name with `.tracks.json`.
    static func tracksName(for output: String) -> String {
        PathText.removingExtension(PathText.name(of: output)) + ".tracks.json"
    }

    /// The progress line, redrawn in place: `IN: 120/271 frames, 35.2 fps, ETA 0:04`.
    private static func show(_ input: String, _ step: VideoProgress) {
        let total = step.total.map { "/\($0)" } ?? ""
        let eta = step.remaining.map { ", ETA " + clock($0) } ?? ""
        let fps = String(format: "%.1f", step.framesPerSecond)
        Console.progress("\(input): \(step.frames)\(total) frames, \(fps) fps\(eta)")
    }

    private static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }
}
