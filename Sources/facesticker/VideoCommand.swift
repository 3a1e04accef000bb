import FaceSticker
import Foundation

/// `facesticker video`: stickers on the tracked faces of video files.
enum VideoCommand: Command {
    static let name = "video"
    static let summary = "put stickers on the faces in videos (tracked and smoothed)"
    static let usage = """
    usage: facesticker video [options] IN...

    Puts stickers on every face in each video IN (a folder: every video in it)
    and writes an H.264 video with the same frames, rate, pixel aspect and
    audio. Faces are tracked: each keeps its sticker, which follows it smoothly.
    Exit status: 0 when every video was written, 1 on any error, 2 when an
    output would overwrite an input, 128+N when signal N (SIGHUP, SIGINT,
    SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2) ends it (no partial output and no
    ffmpeg child is left).

    options:
      -o, --output OUT       output file, one input only (default: IN's name with -stickered
                             before the extension, beside IN); never IN itself
      --out-dir DIR          write outputs into DIR (created if missing), named as by default
      --sticker NAME|PATH    a sticker `facesticker stickers` lists, or any PNG; repeat to layer
                             stickers in order (default: \(defaultSticker)); or an effect
                             hiding the face: \(Anonymisation.Effect.validSpecs)
      --assign all|cycle     all: every face gets every sticker (default); cycle: each new
                             face gets the next sticker and keeps it
      --filter SPEC          colour filter, repeat to chain: \(FilterChain.validSpecs)
      --detect-width W       width of the copy the detector runs on (default \(VideoOptions.defaultDetectWidth);
                             without it, --input-size or --config set the size)
      --detect-every N       detect on every Nth frame, 1...30, and follow faces in between
                             (default: at most 10 times a second, so 3 at 24-30 fps)
      --tracks FILE.json     also write every frame's faces and sticker placements (a folder
                             when there are several inputs)
      --crf N                x264 quality, 0...51, lower is better (default 23)
      --preset NAME          x264 preset, ultrafast ... veryslow (default medium)
      --no-audio             leave the audio out (default: copied unchanged)
      -q, --quiet            no progress line; one summary line per video
    \(FaceOptions.help(ranks: "track ids, as --tracks writes them"))
    \(DetectorOptions.help)
    """

    static let defaultSticker = "sunglasses"

    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = ArgumentParser(arguments)
        let output = try parser.value("-o", "--output")
        let outDir = try parser.value("--out-dir")
        let stickerNames = try parser.values("--sticker")
        let assignName = try parser.value("--assign") ?? StickerAssignment.all.rawValue
        guard let assignment = StickerAssignment(rawValue: assignName) else {
            throw FaceStickerError.invalidArgument("--assign: unknown mode \"\(assignName)\" (all, cycle)")
        }
        let filters = try FilterChain(specs: try parser.values("--filter"))
        let sizeGiven = arguments.contains { $0 == "--input-size" || $0.hasPrefix("--input-size=")
            || $0 == "--config" || $0.hasPrefix("--config=") }
        let detectWidth = try parser.int("--detect-width", in: 16...16384)
        let detectEvery = try parser.int("--detect-every", in: 1...30)
        let tracks = try parser.value("--tracks")
        let faceOptions = try FaceOptions.parse(&parser)
        let crf = try parser.int("--crf", in: 0...51) ?? 23
        let preset = try parser.value("--preset") ?? "medium"
        let audio = !parser.flag("--no-audio")
        let quiet = parser.flag("-q", "--quiet")
        // Hidden: for measuring what smoothing brings (scripts/bench-video.sh).
        let smoothing = parser.flag("--no-smoothing") ? nil : SmoothingParameters()
        // Hidden: the figures scripts/bench-video.sh prints.
        let stats = parser.flag("--stats")
        let detectorThreads = try parser.int("--detector-threads", in: 1...16)
        let configPath = try RunFiles.configPath(parser)
        let detector = try DetectorOptions.parse(&parser, use: .video)
        let encoder = EncoderSettings(crf: crf, preset: preset, audio: audio)
        try encoder.validate()

        let inputs = try expand(try parser.positionals())
        guard !inputs.isEmpty else { throw FaceStickerError.invalidArgument("video: no video given (see --help)") }
        if output != nil, inputs.count > 1 {
            throw FaceStickerError.invalidArgument("-o: \(inputs.count) inputs; use --out-dir for several")
        }
        if output != nil, outDir != nil { throw FaceStickerError.invalidArgument("-o and --out-dir: choose one") }
        let tracksDir = try tracks.flatMap { try tracksFolder($0, inputs: inputs.count) }
        let outputs = inputs.map { output ?? VideoStickerer.defaultOutput(for: $0, in: outDir) }
        let tracksPaths = outputs.map { out in
            tracks.map { tracks in tracksDir.map { ($0 as NSString).appendingPathComponent(tracksName(for: out)) } ?? tracks }
        }

        let library = try StickerLibrary.installed()
        let names = stickerNames.isEmpty ? [defaultSticker] : stickerNames
        var files = RunFiles()
        for input in inputs { files.read("the input video", input) }
        files.read(stickers: names, in: library)
        files.read(detector: detector, config: configPath)
        for (out, tracksPath) in zip(outputs, tracksPaths) {
            files.write(output == nil ? "the output" : "-o", out)
            files.write("--tracks", tracksPath)
        }
        try files.check()

        let stickers = faceOptions.masked(try library.stickers(named: names))
        var options = VideoOptions(detector: detector.settings,
                                   detectWidth: detectWidth ?? (sizeGiven ? nil : VideoOptions.defaultDetectWidth),
                                   detectEvery: detectEvery, encoder: encoder)
        options.detectorThreads = detectorThreads
        options.singleThreadedOpenCV = true // the CLI owns the process: OpenCV helper threads would only compete
        var painter = TrackPainter(stickers: stickers, assignment: assignment, filters: filters, smoothing: smoothing)
        painter.choice = faceOptions.choice

        // Signals are SignalCleanup's (main.swift): children stopped, temporary files removed.
        let cancellation = Cancellation()
        let progress = isatty(STDERR_FILENO) == 1 && !quiet
        // --out-dir is made for the first job and removed again when no video arrived in it.
        let madeOutDir = try outDir.map(makeFolder) ?? false
        defer { if madeOutDir, let outDir { rmdir(outDir) } }
        var status = ExitStatus.success
        for ((input, out), tracksPath) in zip(zip(inputs, outputs), tracksPaths) {
            var job = VideoStickerer(options: options, painter: painter)
            job.options.tracksPath = tracksPath
            do {
                let summary = try job.run(input: input, output: out, cancellation: cancellation) { step in
                    if progress { show(input, step) }
                }
                if progress { write("\r\u{1B}[K") }
                summary.warnings.forEach { write("facesticker: warning: \($0)\n") }
                write(summary.line + "\n")
                if stats {
                    let peak = ProcessUsage.peakResident().map { String($0 / (1 << 20)) } ?? "?"
                    let cpu = String(format: "%.2f", ProcessUsage.cpuSeconds())
                    write("stats: detector \(String(format: "%.2f", summary.detectionSeconds)) s on "
                        + "\(summary.detectorThreads) thread(s), busy \(Int((summary.detectionShare * 100).rounded()))% "
                        + "of \(String(format: "%.2f", summary.seconds)) s; cpu \(cpu) s, peak memory \(peak) MiB (this process)\n")
                }
            } catch let error as Interrupted {
                if progress { write("\r\u{1B}[K") }
                Console.error(error)
                return 130
            } catch {
                if progress { write("\r\u{1B}[K") }
                Console.error(error)
                status = ExitStatus.failure
            }
        }
        return status
    }

    /// The videos named: files as given, folders replaced by the videos in them (sorted,
    /// skipping hidden files and earlier `-stickered` outputs).
    static func expand(_ paths: [String]) throws -> [String] {
        var videos: [String] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
                videos.append(path)
                continue
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: path).sorted().filter { name in
                let ext = (name as NSString).pathExtension.lowercased()
                return !name.hasPrefix(".") && videoExtensions.contains(ext)
                    && !(name as NSString).deletingPathExtension.hasSuffix("-stickered")
            }
            guard !names.isEmpty else {
                throw FaceStickerError.unreadable(path: path, reason: "folder holds no video (\(videoExtensions.sorted().joined(separator: ", ")))")
            }
            videos += names.map { (path as NSString).appendingPathComponent($0) }
        }
        return videos
    }

    static let videoExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "avi", "webm", "mpg", "mpeg", "ts",
                                               "m2ts", "mts", "wmv", "flv", "3gp", "ogv", "dv"]

    /// With several inputs `--tracks` names a folder; with one, a file.
    private static func tracksFolder(_ path: String, inputs: Int) throws -> String? {
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
        if exists, isFolder.boolValue { return path }
        guard inputs == 1 else {
            throw FaceStickerError.invalidArgument("--tracks: with \(inputs) inputs, give an existing folder")
        }
        return nil
    }

    /// The tracks file's name in a `--tracks` folder: the output's name with `.tracks.json`.
    private static func tracksName(for output: String) -> String {
        ((output as NSString).lastPathComponent as NSString).deletingPathExtension + ".tracks.json"
    }

    /// Makes the folder unless it exists; returns whether it was made.
    private static func makeFolder(_ path: String) throws -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue { return false }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FaceStickerError.output(path: path, reason: "cannot create the folder")
        }
        return true
    }

    /// The progress line, redrawn in place: `IN: 120/271 frames, 35.2 fps, ETA 0:04`.
    private static func show(_ input: String, _ step: VideoProgress) {
        let total = step.total.map { "/\($0)" } ?? ""
        let eta = step.remaining.map { ", ETA " + clock($0) } ?? ""
        let fps = String(format: "%.1f", step.framesPerSecond)
        write("\r\u{1B}[K\(input): \(step.frames)\(total) frames, \(fps) fps\(eta)")
    }

    private static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return String(format: "%d:%02d", s / 60, s % 60)
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
