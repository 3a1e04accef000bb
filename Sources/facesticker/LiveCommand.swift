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
    a file source. Give at least one output: --preview, --virtual-camera or
    --y4m. -o FILE or --y4m FILE already there is replaced only with -y
    (--overwrite). Exit status: 0 (also after Ctrl-C), 1 on any error, 2 on a
    usage error (an output that would overwrite an input or is already there
    without -y included).
    """

    static let device = Option.value("--device", placeholder: "/dev/videoN", kind: .file,
                                     default: SelfieCommand.defaultDevice, help: "the camera")
    static let source = Option.value("--source", placeholder: "FILE|FOLDER", kind: .file,
                                     help: "instead of a camera: a video file, a PNG or JPEG, or a folder of them, "
                                         + "played as a camera at its own rate (--fps for pictures, default 30)")
    static let preview = Option.flag("--preview", help: "a window: space shoots, f filter, s sticker, m mirror, "
                                         + "c camera, +/- zoom, [ ] exposure, i fps, h hints, r retake, q quits")
    static let virtualCamera = Option.value("--virtual-camera", placeholder: "/dev/videoM", kind: .file,
                                            help: "a v4l2loopback device (video calls and OBS see it as a camera)")
    static let y4m = Option.value("--y4m", placeholder: "FILE|-", kind: .file,
                                  help: "a YUV4MPEG2 stream (- : stdout, e.g. `| ffplay -`)")
    static let mirror = Option.flag("--mirror", help: "mirror the picture (default: mirrored for a camera, not for files)")
    static let noMirror = Option.flag("--no-mirror", help: "do not mirror the picture")
    static let size = Option.value("--size", placeholder: "WxH", kind: SelfieCommand.size.kind ?? .text, default: "640x480",
                                   help: "camera picture size; a file is scaled to it")
    static let fps = Option.value("--fps", placeholder: "N", kind: .number(1...240),
                                  help: "the rate a file is played at (default: its own; pictures 30), or a camera "
                                      + "is asked for (the nearest it lists; default: its fastest)")
    static let loop = Option.flag("--loop", help: "play a file source again at its end")
    static let fast = Option.flag("--fast", help: "a file as fast as it goes, not at its rate (every frame, none dropped)")
    static let duration = Option.value("--duration", placeholder: "S", kind: .number(0.1...86_400),
                                       help: "stop after S seconds")
    static let output = Option.value("-o", "--output", placeholder: "OUT", kind: .file,
                                     default: "selfie-YYYYMMDD-HHMMSS.png here, never overwriting",
                                     help: "where preview shots go: a .png/.jpg file or a folder")
    static let stats = Option.flag("--stats", help: "at the end: frames in, out, dropped, fps out, detection rate, latency")

    static var groups: [OptionGroup] {
        [OptionGroup("source", [device, source, size, fps, loop, fast, SelfieCommand.setControl]),
         OptionGroup("outputs (at least one)", [preview, virtualCamera, y4m]),
         OptionGroup(nil, [mirror, noMirror, duration, output, ResultOptions.overwrite, VideoCommand.detectWidth, stats]),
         StickerOptions.group, DetectorOptions.group]
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let device = arguments.string(Self.device)
        let sourcePath = arguments.string(source)
        let preview = arguments.flag(Self.preview)
        let virtualCamera = arguments.string(Self.virtualCamera)
        let y4m = arguments.string(Self.y4m)
        let choice = try StickerOptions.parse(arguments)
        let (assignment, filters) = (choice.assignment, choice.filters)
        let mirror = arguments.flag(Self.mirror), noMirror = arguments.flag(Self.noMirror)
        let size = try arguments.string(Self.size).map { text in try asUsage { try SelfieCommand.parseSize(text) } }
        let fps = try arguments.double(Self.fps)
        let loop = arguments.flag(Self.loop)
        let fast = arguments.flag(Self.fast)
        let duration = try arguments.double(Self.duration)
        let controls = try asUsage { try arguments.strings(SelfieCommand.setControl).map(ControlSetting.init(parsing:)) }
        let output = arguments.string(Self.output)
        let stats = arguments.flag(Self.stats)
        let sizeGiven = DetectorOptions.sizeGiven(arguments)
        let detectWidth = try arguments.int(VideoCommand.detectWidth)
        let configPath = arguments.string(DetectorOptions.config)
        let profile = DetectorOptions.profile(arguments, fallback: choice.profile)
        let detector = try DetectorOptions.parse(arguments, use: .video, profile: profile)
        try arguments.noPositionals("use --source PATH for a file")
        guard !(mirror && noMirror) else { throw UsageError("live: --mirror and --no-mirror together") }
        guard device == nil || sourcePath == nil else {
            throw UsageError("live: --device and --source together (one source at a time)")
        }
        guard preview || virtualCamera != nil || y4m != nil else {
            throw UsageError(
                "live: no output: give --preview, --virtual-camera /dev/videoM or --y4m FILE|- (see --help)")
        }
        let sourceKind = try sourcePath.map { try FrameSources.kind(of: $0) }
        if sourceKind != nil, sourceKind != .camera, !controls.isEmpty {
            throw FaceStickerError.invalidArgument("live: --set needs a camera, and \(sourcePath ?? "") is a file")
        }
        let destination = try SelfieDestination.choose(output: output)

        let library = try StickerLibrary.installed()
        let names = choice.names
        try StickerOptions.check(names, in: library)
        var files = RunFiles()
        try files.read(source: sourcePath)
        files.read(stickers: names, in: library)
        files.read(detector: detector, config: configPath)
        if let y4m, y4m != "-", !isDevice(y4m) { files.write("--y4m", y4m) }
        files.write("-o", destination.replaced)
        try files.check(arguments)
        if y4m == "-" { try Console.checkStandardOutput() }
        let cameraPath = sourceKind == .camera ? sourcePath : (sourcePath == nil ? (device ?? SelfieCommand.defaultDevice) : nil)
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
            source = try VideoFileSource(path: sourcePath, size: size, rate: rate)
        } else {
            let path = sourcePath ?? cameraPath ?? SelfieCommand.defaultDevice
            let (w, h) = size ?? (640, 480)
            source = try FrameSources.open(path, width: w, height: h, controls: controls, rate: rate)
            if let camera = source as? CameraSource {
                camera.controlChanges.forEach { Console.note("live: \($0.summary)") }
                Console.note("live: camera \(camera.summary)")
            }
        }
        defer { source.close() }
        let (width, height) = try source.size

        var sinks: [LiveSink] = []
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
        options.mirrored = mirror ? true : (noMirror ? false : source.isLive)
        options.duration = duration
        options.profile = profile
        let detectorSettings = VideoOptions(detector: detector.settings,
                                            detectWidth: detectWidth ?? (sizeGiven ? nil : VideoOptions.defaultDetectWidth))
            .detectorSettings(width: width, height: height)
        let painter = TrackPainter(stickers: stickers, assignment: assignment, filters: filters)
        var presenter: LivePreview?
        if preview {
            if let missing = PreviewWindow.unavailable {
                guard !sinks.isEmpty else { throw FaceStickerError.invalidArgument("live: --preview: \(missing)") }
                Console.note("live: --preview: \(missing); carrying on without a preview")
            } else {
                presenter = try makePreview(source: source, stickers: stickers, filters: filters, assignment: assignment,
                                            library: library, mirrored: options.mirrored, destination: destination,
                                            shotsToStderr: y4m == "-", size: size ?? (640, 480))
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

    static func makePreview(source: FrameSource, stickers: [Sticker], filters: FilterChain, assignment: Sticker.Assignment,
                            library: StickerLibrary, mirrored: Bool, destination: SelfieDestination, shotsToStderr: Bool,
                            size: (width: Int, height: Int), command: String = "live") throws -> LivePreview {
        let picture = try source.size
        let window = try PreviewWindow(title: "facesticker \(command)", fitting: picture.width, height: picture.height)
        if let fitted = window.size {
            let screen = window.screen.map { " on a \($0.width)x\($0.height) screen" } ?? ""
            Console.note("\(command): preview \(fitted.width)x\(fitted.height)\(screen), picture \(picture.width)x\(picture.height)")
        }
        let preview = LivePreview(window: window, filterChoices: LivePreview.filterChoices(given: filters),
                                  stickerChoices: LivePreview.stickerChoices(given: stickers, library: library),
                                  assignment: assignment, mirrored: mirrored)
        preview.onNote = { Console.note("\(command): \($0)") }
        var shots = 0
        preview.onShot = { image, retake in
            let path: String
            if let retake {
                try ImageFile.write(image, to: retake, quality: 92)
                path = retake
            } else {
                path = try destination.write(image, quality: 92, shot: shots)
                shots += 1
            }
            if shotsToStderr { Console.note("\(command): wrote \(path)") } else { try Console.out(path) }
            return path
        }
        if source.isLive {
            let camera = LiveCameraKeys.camera(source)
            let hasZoom = (try? camera?.controls().contains { $0.key == "zoom_absolute" }) == true
            preview.cameraKeys = LivePreview.CameraKeys(
                hasZoom: hasZoom,
                next: { try LiveCameraKeys.nextCamera($0, devices: VideoDevices.paths(), size: size) },
                zoom: { try LiveCameraKeys.zoom($0, direction: $1) },
                exposure: { try LiveCameraKeys.exposure($0, direction: $1) })
        }
        return preview
    }

    /// A character device or a pipe (`/dev/null`, a FIFO): written in place, never replaced.
    static func isDevice(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind == S_IFCHR || kind == S_IFIFO || kind == S_IFSOCK
    }
}
