import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `facesticker live`: stickers on a live picture (a camera, or a file played
/// as one) shown in a window, sent to a virtual webcam or streamed as Y4M.
enum LiveCommand: Command {
    static let name = "live"
    static let summary = "stickers live: a preview window, a virtual webcam or a Y4M stream"
    static let synopsis = "[options]"
    static let details = """
    Puts stickers on the faces of a live picture, frame by frame as it comes:
    each frame goes out at once with the latest (tracked, smoothed) sticker
    placements, never waiting for the detector, which runs beside it on the
    newest frame it can take. Frames that arrive faster than they go out are
    dropped, never queued. Runs until q (in the preview), Ctrl-C, or the end of
    a file source, which plays as a camera at its own rate (--size also scales
    a video). Give at least one output: --preview, --virtual-camera or --y4m.
    -o FILE or --y4m FILE already there is replaced only with -y (--overwrite).
    Ctrl-C ends it as q does, with exit status 0.
    """
    static let examples = [
        Example("facesticker live --preview", "Stickers on the camera picture in a window; q quits."),
        Example("facesticker live --source samples/carphone.mp4 --loop --preview",
                "The same with a video played as the camera, again and again."),
        Example("facesticker live --virtual-camera /dev/video10",
                "Feeds a v4l2loopback device that video calls can pick as a camera."),
    ]

    static let preview = Flag("--preview", help: "a window: space shoots, f filter, s sticker, m mirror, "
                                  + "c camera, +/- zoom, [ ] exposure, i fps, h hints, r retake, q quits")
    static let virtualCamera = Option<String?>("--virtual-camera", placeholder: "/dev/videoM", kind: .file,
                                               help: "a v4l2loopback device (video calls and OBS see it as a camera)")
    static let y4m = Option<String?>("--y4m", placeholder: "FILE|-", kind: .file,
                                     help: "a YUV4MPEG2 stream (- : stdout, e.g. `| ffplay -`)")
    static let fps = Option<Double?>("--fps", placeholder: "N", range: 1...240,
                                     help: "the rate a file is played at (default: its own; pictures 30), or a camera "
                                         + "is asked for (the nearest it lists; default: its fastest)")
    static let loop = Flag("--loop", help: "play a file source again at its end")
    static let fast = Flag("--fast", help: "a file as fast as it goes, not at its rate (every frame, none dropped)")
    static let duration = Option<Double?>("--duration", placeholder: "S", range: 0.1...86_400, help: "stop after S seconds")
    static let output = Option<String?>("-o", "--output", placeholder: "OUT", kind: .file,
                                        defaultText: "selfie-YYYYMMDD-HHMMSS.png here, never overwriting",
                                        help: "where preview shots go: a .png/.jpg file or a folder")
    static let stats = Flag("--stats", help: "at the end: frames in, out, dropped, fps out, detection rate, latency")

    static var groups: [OptionGroup] {
        [CameraOptions.group,
         OptionGroup("source", [fps, loop, fast]),
         OptionGroup("outputs (at least one)", [preview, virtualCamera, y4m]),
         OptionGroup(nil, [duration, output, ResultOptions.overwrite, DetectorOptions.detectWidth, stats]),
         StickerOptions.group, DetectorOptions.videoGroup]
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let preview = arguments[Self.preview]
        let virtualCamera = arguments[Self.virtualCamera]
        let y4m = arguments[Self.y4m]
        let choice = StickerOptions.parse(arguments)
        let (assignment, filters) = (choice.assignment, choice.filters)
        let fps = arguments[Self.fps]
        let loop = arguments[Self.loop]
        let fast = arguments[Self.fast]
        let duration = arguments[Self.duration]
        let output = arguments[Self.output]
        let stats = arguments[Self.stats]
        let detectWidth = DetectorOptions.detectWidth(arguments)
        let configPath = arguments[DetectorOptions.config]
        let profile = DetectorOptions.profile(arguments, fallback: choice.profile)
        let detector = try DetectorOptions.parse(arguments, use: .video, profile: profile)
        try arguments.noPositionals("use --source PATH for a file")
        let camera = try CameraOptions.parse(arguments)
        let (device, sourcePath, size, controls) = (camera.namedDevice, camera.source, camera.namedSize, camera.controls)
        guard preview || virtualCamera != nil || y4m != nil else {
            throw UsageError(
                "live: no output: give --preview, --virtual-camera /dev/videoM or --y4m FILE|- (see --help)")
        }
        let sourceKind = try sourcePath.map { try FrameSources.kind(of: $0) }
        if sourceKind != nil, sourceKind != .camera, !controls.isEmpty {
            throw FaceStickerError.invalidArgument("live: --set needs a camera, and \(sourcePath ?? "") is a file")
        }
        let destination = try SelfieDestination.choose(output: output)

        let names = choice.names
        let library = try StickerOptions.library(using: names)
        try StickerOptions.check(names, in: library)
        var files = RunFiles()
        try files.read(source: sourcePath)
        files.read(stickers: names, in: library)
        files.read(detector: detector, config: configPath)
        if let y4m, y4m != "-", !isDevice(y4m) { files.write("--y4m", y4m) }
        files.write("-o", destination.replaced)
        try files.check(arguments)
        if y4m == "-" { try Console.checkStandardOutput() }
        let cameraPath = sourceKind == .camera ? sourcePath : (sourcePath == nil ? camera.device : nil)
        if let virtualCamera, let cameraPath, FileIdentity.same(virtualCamera, cameraPath) {
            throw FaceStickerError.invalidArgument("live: --virtual-camera \(virtualCamera) is the camera read from")
        }
        let stickers = try library.stickers(named: names)
        if device == nil, sourcePath == nil, VideoDevices.paths().isEmpty {
            throw FaceStickerError.invalidArgument(
                "live: no camera found (no /dev/video* on this machine); use --source FILE for a video, photo or folder")
        }

        // The source: the loop takes its frames as YUV.
        let rate = fps.flatMap { FrameRate(numerator: Int(($0 * 1000).rounded()), denominator: 1000) }
        let source: FrameSource
        if let sourcePath, sourceKind == .video {
            source = try VideoFileSource(path: sourcePath, size: size?.tuple, rate: rate)
        } else {
            let path = sourcePath ?? cameraPath ?? camera.device
            source = try FrameSources.open(path, width: camera.size.width, height: camera.size.height, controls: controls,
                                           rate: rate)
            if let camera = source as? CameraSource {
                camera.controlChanges.forEach { Console.note("live: \($0.summary)") }
                Console.note("live: camera \(camera.summary)")
            }
        }
        defer { source.close() }
        let (width, height) = try source.size

        var sinks: [FrameSink] = []
        if let y4m {
            sinks.append(try Y4MWriter(path: y4m, width: width, height: height, rate: source.frameRate) {
                Console.note("live: --y4m \(y4m): waiting for a reader of the FIFO (Ctrl-C stops)")
            })
        }
        if let virtualCamera {
            let camera = try VirtualCamera(path: virtualCamera, width: width, height: height)
            Console.note("live: \(virtualCamera) gets \(camera.format.fourcc) \(camera.format.width)x\(camera.format.height)")
            sinks.append(camera)
        }
        var options = LiveLoop.Options()
        options.paced = !fast
        options.loop = loop
        options.mirrored = camera.mirror ?? source.isLive
        options.duration = duration
        options.profile = profile
        let detectorSettings = VideoOptions(detector: detector.settings, detectWidth: detectWidth)
            .detectorSettings(width: width, height: height)
        let painter = TrackPainter(stickers: stickers, assignment: assignment, filters: filters)
        var presenter: LivePreview?
        if preview {
            if let missing = PreviewWindow.unavailable {
                guard !sinks.isEmpty else { throw FaceStickerError.invalidArgument("live: --preview: \(missing)") }
                Console.note("live: --preview: \(missing); carrying on without a preview")
            } else {
                presenter = try Preview.make(source: source, stickers: stickers, filters: filters, assignment: assignment,
                                             library: library, mirrored: options.mirrored, destination: destination,
                                             quality: ImageFile.defaultJPEGQuality, shotsToStderr: y4m == "-",
                                             size: camera.size, command: "live")
            }
        }
        let loopRun = try LiveLoop(source: source, detector: detectorSettings, painter: painter, sinks: sinks,
                               presenter: presenter, options: options, onNote: { Console.note("live: \($0)") })
        // From here Ctrl-C stops the run (outputs finished, stats printed) instead of ending the process;
        // before (a FIFO waiting for its reader included) it ends the run as in any command.
        let cancellation = Cancellation()
        SignalCleanup.divertInterrupt { _ in cancellation.cancel() }
        defer { SignalCleanup.divertInterrupt(nil) }
        let outputs = [y4m.map { "Y4M \($0 == "-" ? "on stdout" : $0)" }, virtualCamera.map { "virtual camera \($0)" },
                       presenter == nil ? nil : "preview"].compactMap { $0 }
        Console.note("live: \(source.name) \(width)x\(height) at \(String(format: "%.3f", source.frameRate.value)) fps"
            + "\(source.isLive || fast ? "" : " (paced)") -> \(outputs.joined(separator: ", ")); Ctrl-C stops")
        let summary: LiveSummary
        do {
            summary = try loopRun.run(cancellation: cancellation)
        } catch let gone as LiveReaderGone {
            Console.note("live: \(gone)")
            return ExitStatus.success
        }
        if stats { Console.note(summary.line) }
        return ExitStatus.success
    }

    /// A character device or a pipe (`/dev/null`, a FIFO): written in place, never replaced.
    static func isDevice(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK
    }
}
