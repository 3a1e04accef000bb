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
    static let usage = """
    usage: facesticker live [options]

    Puts stickers on the faces of a live picture, frame by frame as it comes:
    each frame goes out at once with the latest (tracked, smoothed) sticker
    placements, never waiting for the detector, which runs beside it on the
    newest frame it can take. Frames that arrive faster than they go out are
    dropped, never queued. Runs until q (in the preview), Ctrl-C, or the end of
    a file source. Exit status: 0 (also after Ctrl-C), 1 on any error, 2 when an
    output would overwrite an input.

    source (one of):
      --device /dev/videoN   camera (default /dev/video0)
      --source FILE|FOLDER   a video file, a PNG or JPEG, or a folder of them, played as a camera:
                             at its own frame rate (--fps for pictures, default 30)
    outputs (at least one):
      --preview              a window: space shoots, f filter, s sticker, m mirror, c camera,
                             +/- zoom, [ ] exposure, i fps, h hints, r retake, q quits
      --virtual-camera /dev/videoM
                             a v4l2loopback device (video calls, OBS see it as a camera)
      --y4m FILE|-           a YUV4MPEG2 stream (- : stdout, e.g. `| ffplay -`)
    options:
      --sticker NAME|PATH    a sticker `facesticker stickers` lists, or any PNG; repeat to layer
                             (default: \(defaultSticker))
      --assign all|cycle     all: every face gets every sticker (default); cycle: in turn
      --filter SPEC          colour filter, repeat to chain: \(FilterChain.validSpecs)
      --mirror, --no-mirror  mirror the picture (default: mirrored for a camera, not for files)
      --size WxH             camera picture size (default 640x480); a file is scaled to it
      --fps N                the rate a file is played at (default: its own; pictures 30), 1...240
      --loop                 play a file source again at its end
      --fast                 a file as fast as it goes, not at its rate (every frame, none dropped)
      --duration S           stop after S seconds
      --set CONTROL=VALUE    set a camera control first (as `facesticker devices` lists them)
      -o, --output OUT       where preview shots go: .png/.jpg file or a folder (default:
                             selfie-YYYYMMDD-HHMMSS.png here, never overwriting)
      --detect-width W       width of the copy the detector runs on (default \(VideoOptions.defaultDetectWidth))
      --stats                at the end: frames in, out, dropped, fps out, detection rate, latency
    \(DetectorOptions.help)
    """

    static let defaultSticker = "sunglasses"

    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = ArgumentParser(arguments)
        let device = try parser.value("--device")
        let sourcePath = try parser.value("--source")
        let preview = parser.flag("--preview")
        let virtualCamera = try parser.value("--virtual-camera")
        let y4m = try parser.value("--y4m")
        let stickerNames = try parser.values("--sticker")
        let assignName = try parser.value("--assign") ?? StickerAssignment.all.rawValue
        guard let assignment = StickerAssignment(rawValue: assignName) else {
            throw FaceStickerError.invalidArgument("--assign: unknown mode \"\(assignName)\" (all, cycle)")
        }
        let filters = try FilterChain(specs: try parser.values("--filter"))
        let mirror = parser.flag("--mirror"), noMirror = parser.flag("--no-mirror")
        let size = try parser.value("--size").map(SelfieCommand.parseSize)
        let fps = try parser.double("--fps", in: 1...240)
        let loop = parser.flag("--loop")
        let fast = parser.flag("--fast")
        let duration = try parser.double("--duration", in: 0.1...86_400)
        let controls = try parser.values("--set").map(ControlSetting.init(parsing:))
        let output = try parser.value("-o", "--output")
        let stats = parser.flag("--stats")
        let sizeGiven = arguments.contains { $0 == "--input-size" || $0.hasPrefix("--input-size=")
            || $0 == "--config" || $0.hasPrefix("--config=") }
        let detectWidth = try parser.int("--detect-width", in: 16...16384)
        let configPath = try RunFiles.configPath(parser)
        let detector = try DetectorOptions.parse(&parser, use: .video)
        let extra = try parser.positionals()
        guard extra.isEmpty else {
            throw FaceStickerError.invalidArgument("live: unexpected argument \(extra[0]) (use --source PATH for a file)")
        }
        guard !(mirror && noMirror) else { throw FaceStickerError.invalidArgument("live: --mirror and --no-mirror together") }
        guard device == nil || sourcePath == nil else {
            throw FaceStickerError.invalidArgument("live: --device and --source together (one source at a time)")
        }
        guard preview || virtualCamera != nil || y4m != nil else {
            throw FaceStickerError.invalidArgument(
                "live: no output: give --preview, --virtual-camera /dev/videoM or --y4m FILE|- (see --help)")
        }
        let sourceKind = try sourcePath.map { try FrameSources.kind(of: $0) }
        if sourceKind != nil, sourceKind != .camera, !controls.isEmpty {
            throw FaceStickerError.invalidArgument("live: --set needs a camera, and \(sourcePath ?? "") is a file")
        }
        let destination = try SelfieDestination.choose(output: output)

        let library = try StickerLibrary.installed()
        let names = stickerNames.isEmpty ? [defaultSticker] : stickerNames
        var files = RunFiles()
        if let sourcePath { files.read("the source", sourcePath) }
        files.read(stickers: names, in: library)
        files.read(detector: detector, config: configPath)
        if let y4m, y4m != "-", !isDevice(y4m) { files.write("--y4m", y4m) }
        files.write("-o", destination.replaced)
        try files.check()
        // From here Ctrl-C stops the run (outputs finished, stats printed) instead of ending the process.
        let cancellation = Cancellation()
        SignalCleanup.divertInterrupt { _ in cancellation.cancel() }
        defer { SignalCleanup.divertInterrupt(nil) }
        let cameraPath = sourceKind == .camera ? sourcePath : (sourcePath == nil ? (device ?? SelfieCommand.defaultDevice) : nil)
        if let virtualCamera, let cameraPath, FileIdentity.same(virtualCamera, cameraPath) {
            throw FaceStickerError.invalidArgument("live: --virtual-camera \(virtualCamera) is the camera read from")
        }
        let stickers = try library.stickers(named: names)
        if device == nil, sourcePath == nil, VideoDevices.paths().isEmpty {
            throw FaceStickerError.invalidArgument(
                "live: no camera found (no /dev/video* on this machine); use --source FILE for a video, photo or folder")
        }

        // The source, as YUV frames.
        let rate = fps.flatMap { FrameRate(numerator: Int(($0 * 1000).rounded()), denominator: 1000) }
        let source: LiveSource
        if let sourcePath, sourceKind == .video {
            source = try LiveVideoSource(path: sourcePath, size: size, rate: rate)
        } else {
            let path = sourcePath ?? cameraPath ?? SelfieCommand.defaultDevice
            let (w, h) = size ?? (640, 480)
            let open = { try FrameSources.open(path, width: w, height: h, controls: controls) }
            let frames = try open()
            if let camera = frames as? CameraSource {
                camera.controlChanges.forEach { Console.note("live: \($0.summary)") }
                if let format = camera.camera.format { Console.note("live: \(camera.name) streams \(format.width)x\(format.height)") }
            }
            source = try LiveFrameSource(frames, rate: frames.isLive ? nil : rate, reopen: frames.isLive ? nil : open)
        }
        defer { source.close() }

        var sinks: [LiveSink] = []
        if let y4m {
            sinks.append(try Y4MWriter(path: y4m, width: source.width, height: source.height, rate: source.frameRate))
        }
        if let virtualCamera {
            let camera = try VirtualCamera(path: virtualCamera, width: source.width, height: source.height)
            Console.note("live: \(virtualCamera) gets \(camera.format.fourcc) \(camera.format.width)x\(camera.format.height)")
            sinks.append(camera)
        }
        var options = LiveLoop.Options()
        options.paced = !fast
        options.loop = loop
        options.mirrored = mirror ? true : (noMirror ? false : source.isLive)
        options.duration = duration
        let detectorSettings = VideoOptions(detector: detector.settings,
                                            detectWidth: detectWidth ?? (sizeGiven ? nil : VideoOptions.defaultDetectWidth))
            .detectorSettings(width: source.width, height: source.height)
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
        let loopRun = LiveLoop(source: source, detector: detectorSettings, painter: painter, sinks: sinks,
                               presenter: presenter, options: options, onNote: { Console.note("live: \($0)") })
        let outputs = [y4m.map { "Y4M \($0 == "-" ? "on stdout" : $0)" }, virtualCamera.map { "virtual camera \($0)" },
                       presenter == nil ? nil : "preview"].compactMap { $0 }
        Console.note("live: \(source.name) \(source.width)x\(source.height) at \(String(format: "%.3f", source.frameRate.value)) fps"
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

    static func makePreview(source: LiveSource, stickers: [Sticker], filters: FilterChain, assignment: StickerAssignment,
                            library: StickerLibrary, mirrored: Bool, destination: SelfieDestination, shotsToStderr: Bool,
                            size: (width: Int, height: Int), command: String = "live") throws -> LivePreview {
        let window = try PreviewWindow(title: "facesticker \(command)", fitting: source.width, height: source.height)
        if let fitted = window.size {
            let screen = window.screen.map { " on a \($0.width)x\($0.height) screen" } ?? ""
            Console.note("\(command): preview \(fitted.width)x\(fitted.height)\(screen), picture \(source.width)x\(source.height)")
        }
        let preview = LivePreview(window: window, filterChoices: SelfiePreview.filterChoices(given: filters),
                                  stickerChoices: SelfiePreview.stickerChoices(given: stickers, library: library),
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
