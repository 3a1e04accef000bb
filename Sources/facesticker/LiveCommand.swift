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
    a video, filling the size and cropped around the faces, or with --fit padded:
    never stretched). Give at least one output: --preview, --virtual-camera or --y4m.
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
    static let virtualCamera = Option<String?>("--virtual-camera", placeholder: "/dev/videoM", kind: .file, default: nil,
                                               help: "a v4l2loopback device (video calls and OBS see it as a camera)")
    static let y4m = Option<String?>("--y4m", placeholder: "FILE|-", kind: .file, default: nil,
                                     help: "a YUV4MPEG2 stream (- : stdout, e.g. `| ffplay -`)")
    static let fps = Option<Double?>("--fps", placeholder: "N", default: nil, range: 1...240,
                                     help: "the rate a file is played at (default: its own; pictures 30), or a camera "
                                         + "is asked for (the nearest it lists; default: its fastest)")
    static let fill = Flag("--fill", help: "a file played at a --size of another shape fills it, cropped around the faces "
                               + "(the default, as video calls show a camera)")
    static let fit = Flag("--fit", help: "a file played at a --size of another shape shows all of its picture there, "
                              + "padded with black (neither is ever stretched)")
    static let loop = Flag("--loop", help: "play a file source again at its end")
    static let fast = Flag("--fast", help: "a file as fast as it goes, not at its rate (every frame, none dropped)")
    static let duration = Option<Double?>("--duration", placeholder: "S", default: nil, range: 0.1...86_400, help: "stop after S seconds")
    static let output = Option<String?>("-o", "--output", placeholder: "OUT", kind: .file, default: nil,
                                        defaultText: "selfie-YYYYMMDD-HHMMSS.png here, never overwriting",
                                        help: "where preview shots go: a .png/.jpg file or a folder")
    static let stats = Flag("--stats", help: "at the end: frames in, out, dropped, fps out, detection, mesh and flow rates, latency")

    static var groups: [OptionGroup] {
        [CameraOptions.group,
         OptionGroup("source", [fps, fill, fit, loop, fast]),
         OptionGroup("outputs (at least one)", [preview, virtualCamera, y4m]),
         OptionGroup(nil, [duration, output, ResultOptions.overwrite, DetectorOptions.detectWidth, stats]),
         StickerOptions.group] + DetectorOptions.videoGroups
    }

    /// The command line, parsed and checked: what the run reads.
    struct Request {
        let preview: Bool
        let virtualCamera: String?
        let y4m: String?
        let stickers: StickerOptions.Choice
        let fps: Double?
        let loop: Bool
        let fast: Bool
        let duration: Double?
        let output: String?
        let stats: Bool
        let detectWidth: Int?
        let profile: DetectionProfile
        let detector: FaceFinder
        let camera: CameraOptions.Camera
        /// What `--source` names (nil: a camera by default).
        let sourceKind: FrameSources.Kind?
        let destination: SelfieDestination
        /// How a file goes into a `--size` of another shape (`--fill`, `--fit`).
        let framing: Framing.Mode

        init(_ arguments: Arguments) throws {
            preview = arguments[LiveCommand.preview]
            virtualCamera = arguments[LiveCommand.virtualCamera]
            y4m = arguments[LiveCommand.y4m]
            stickers = StickerOptions.parse(arguments)
            fps = arguments[LiveCommand.fps]
            if arguments[LiveCommand.fill], arguments[LiveCommand.fit] { throw UsageError("live: give one of --fill and --fit") }
            framing = arguments[LiveCommand.fit] ? .fit : .fill
            loop = arguments[LiveCommand.loop]
            fast = arguments[LiveCommand.fast]
            duration = arguments[LiveCommand.duration]
            output = arguments[LiveCommand.output]
            stats = arguments[LiveCommand.stats]
            detectWidth = DetectorOptions.detectWidth(arguments)
            let profile = DetectorOptions.profile(arguments, fallback: stickers.profile)
            (self.profile, detector) = (profile, try DetectorOptions.parse(arguments, use: .video, profile: profile))
            try arguments.noPositionals("use --source PATH for a file")
            let camera = try CameraOptions.parse(arguments)
            self.camera = camera
            guard preview || virtualCamera != nil || y4m != nil else {
                throw UsageError(
                    "live: no output: give --preview, --virtual-camera /dev/videoM or --y4m FILE|- (see --help)")
            }
            let sourceKind = try camera.source.map { try FrameSources.kind(of: $0) }
            if sourceKind != nil, sourceKind != .camera, !camera.controls.isEmpty {
                throw FaceStickerError.invalidArgument("live: --set needs a camera, and \(camera.source ?? "") is a file")
            }
            self.sourceKind = sourceKind
            destination = try SelfieDestination.choose(output: output)
        }

        /// The camera read from, when the source is one.
        var cameraPath: String? {
            sourceKind == .camera ? camera.source : (camera.source == nil ? camera.device : nil)
        }
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let request = try Request(arguments)
        let library = try plan(request, arguments)
        let stickers = try library.stickers(named: request.stickers.names)
        let (source, framing) = try openSource(request)
        defer { source.close() }
        let (width, height) = try source.size
        let sinks = try openSinks(request, width: framing?.width ?? width, height: framing?.height ?? height,
                                  rate: source.frameRate)

        var options = LiveLoop.Options()
        options.paced = !request.fast
        options.loop = request.loop
        options.mirrored = request.camera.mirror ?? source.isLive
        options.duration = request.duration
        options.profile = request.profile
        options.framing = framing
        if let framing {
            Console.note("live: \(source.name) \(framing.mode == .fill ? "fills" : "fits") \(framing.width)x\(framing.height): "
                + (framing.mode == .fill ? "scaled to \(width)x\(height) and cropped around the faces"
                    : "scaled to \(width)x\(height) and padded with black"))
        }
        let detectorSettings = VideoOptions(detector: request.detector.settings, detectWidth: request.detectWidth)
            .detectorSettings(width: width, height: height)
        let (assignment, filters) = (request.stickers.assignment, request.stickers.filters)
        let painter = TrackPainter(stickers: stickers, assignment: assignment, filters: filters)
        var presenter: LivePreview?
        if request.preview {
            if let missing = PreviewWindow.unavailable {
                guard !sinks.isEmpty else { throw FaceStickerError.invalidArgument("live: --preview: \(missing)") }
                Console.note("live: --preview: \(missing); carrying on without a preview")
            } else {
                presenter = try Preview.make(source: source, stickers: stickers, filters: filters, assignment: assignment,
                                             library: library, mirrored: options.mirrored, destination: request.destination,
                                             quality: ImageFile.defaultJPEGQuality, shotsToStderr: request.y4m == "-",
                                             size: request.camera.size, command: "live")
            }
        }
        let loopRun = try LiveLoop(source: source, detector: detectorSettings, painter: painter, sinks: sinks,
                                   presenter: presenter, options: options, onNote: { Console.note("live: \($0)") })
        // From here Ctrl-C stops the run (outputs finished, stats printed) instead of ending the process;
        // before (a FIFO waiting for its reader included) it ends the run as in any command.
        let cancellation = Cancellation()
        SignalCleanup.divertInterrupt { _ in cancellation.cancel() }
        defer { SignalCleanup.divertInterrupt(nil) }
        let outputs = [request.y4m.map { "Y4M \($0 == "-" ? "on stdout" : $0)" },
                       request.virtualCamera.map { "virtual camera \($0)" },
                       presenter == nil ? nil : "preview"].compactMap { $0 }
        Console.note("live: \(source.name) \(width)x\(height) at \(String(format: "%.3f", source.frameRate.value)) fps"
            + "\(source.isLive || request.fast ? "" : " (paced)") -> \(outputs.joined(separator: ", ")); Ctrl-C stops")
        let summary: LiveSummary
        do {
            summary = try loopRun.run(cancellation: cancellation)
        } catch let gone as LiveReaderGone {
            Console.note("live: \(gone)")
            return ExitStatus.success
        }
        if request.stats { Console.note(summary.line) }
        return ExitStatus.success
    }

    /// The sticker pack; every file the run reads and writes checked before any work.
    private static func plan(_ request: Request, _ arguments: Arguments) throws -> StickerLibrary {
        let names = request.stickers.names
        let library = try StickerOptions.library(using: names)
        try StickerOptions.check(names, in: library)
        var files = RunFiles()
        try files.read(source: request.camera.source)
        files.read(stickers: names, in: library)
        files.read(detector: request.detector, config: arguments[DetectorOptions.config])
        if let y4m = request.y4m, y4m != "-", !isDevice(y4m) { files.write("--y4m", y4m) }
        files.write("-o", request.destination.replaced)
        try files.check(arguments)
        if request.y4m == "-" { try Console.checkStandardOutput() }
        if let virtualCamera = request.virtualCamera, let cameraPath = request.cameraPath,
           FileIdentity.same(virtualCamera, cameraPath) {
            throw FaceStickerError.invalidArgument("live: --virtual-camera \(virtualCamera) is the camera read from")
        }
        if request.camera.namedDevice == nil, request.camera.source == nil, VideoDevices.paths().isEmpty {
            throw FaceStickerError.invalidArgument(
                "live: no camera found (no /dev/video* on this machine); use --source FILE for a video, photo or folder")
        }
        return library
    }

    /// The source: a camera, or a file played as one; the loop takes its frames as YUV. A
    /// video at a `--size` of another shape is scaled with its shape kept, to cover the size or
    /// to lie in it: the framing then crops or pads each frame to it (issue #42: never stretched).
    private static func openSource(_ request: Request) throws -> (FrameSource, Framing?) {
        let rate = request.fps.flatMap { FrameRate(numerator: Int(($0 * 1000).rounded()), denominator: 1000) }
        if let sourcePath = request.camera.source, request.sourceKind == .video {
            guard let size = request.camera.namedSize else { return (try VideoFileSource(path: sourcePath, rate: rate), nil) }
            let info = try VideoProbe.probe(path: sourcePath)
            let framing = Framing(request.framing, width: size.width, height: size.height)
            let scaled = framing.scaledSize(sourceWidth: info.width, sourceHeight: info.height)
            let source = try VideoFileSource(path: sourcePath, size: scaled, rate: rate)
            return (source, scaled == (size.width, size.height) ? nil : framing)
        }
        let path = request.camera.source ?? request.cameraPath ?? request.camera.device
        let source = try FrameSources.open(path, width: request.camera.size.width, height: request.camera.size.height,
                                           controls: request.camera.controls, rate: rate)
        if let camera = source as? CameraSource {
            camera.controlChanges.forEach { Console.note("live: \($0.summary)") }
            Console.note("live: camera \(camera.summary)")
        }
        return (source, nil)
    }

    /// The outputs besides the preview: a Y4M stream, a virtual camera.
    private static func openSinks(_ request: Request, width: Int, height: Int, rate: FrameRate) throws -> [FrameSink] {
        var sinks: [FrameSink] = []
        if let y4m = request.y4m {
            sinks.append(try Y4MWriter(path: y4m, width: width, height: height, rate: rate) {
                Console.note("live: --y4m \(y4m): waiting for a reader of the FIFO (Ctrl-C stops)")
            })
        }
        if let virtualCamera = request.virtualCamera {
            let camera = try VirtualCamera(path: virtualCamera, width: width, height: height)
            Console.note("live: \(virtualCamera) gets \(camera.format.fourcc) \(camera.format.width)x\(camera.format.height)")
            sinks.append(camera)
        }
        return sinks
    }

    /// A character device, a FIFO or a socket (`/dev/null`): written in place, never
    /// replaced. (A disk, a block device, is an output `RunFiles` refuses.)
    static func isDevice(_ path: String) -> Bool {
        let kind = FileKind(path: path)
        return kind.isStream && kind != .blockDevice
    }
}
