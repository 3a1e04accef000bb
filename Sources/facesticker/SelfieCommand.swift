import FaceSticker
import Foundation

/// `facesticker selfie`: a picture from a camera (or a file standing in for
/// one) with stickers on the faces.
enum SelfieCommand: Command {
    static let name = "selfie"
    static let summary = "take a stickered selfie from a camera, a video, a photo or a folder"
    static let synopsis = "[options]"
    static let details = """
    Takes a burst from the camera after it has warmed up, keeps the sharpest,
    largest face, puts stickers on the faces and writes a PNG or JPEG. Prints
    the path written on stdout. -o FILE already there is replaced only with -y
    (--overwrite); the default names never replace anything. Exit status: 0
    (also when no face was found: the picture is written without stickers), 1
    on any error, 2 on a usage error, 3 with --require-face when the shot had
    no face (not with --preview, where a person picks the pictures).
    """

    static let device = Option.value("--device", placeholder: "/dev/videoN", kind: .file, default: defaultDevice,
                                     help: "the camera")
    static let source = Option.value("--source", placeholder: "PATH", kind: .file,
                                     help: "instead of a camera: a video file, a PNG or JPEG, or a folder of them")
    static let size = Option.value("--size", placeholder: "WxH", kind: .custom { text in
        do { _ = try parseSize(text); return nil } catch { return "\"\(text)\" is not WxH with sides 16...8192 (e.g. 1280x720)" }
    }, default: "640x480", help: "camera picture size (the driver picks the nearest)")
    static let skip = Option.value("--skip", placeholder: "N", kind: .int(0...100_000),
                                   default: "one second of a camera's frames, none for files",
                                   help: "frames dropped first so exposure settles")
    static let countdown = Option.value("--countdown", placeholder: "S", kind: .int(0...60), default: "0",
                                        help: "count S seconds down on stderr before the burst")
    static let burst = Option.value("--burst", placeholder: "N", kind: .int(1...100), default: "5",
                                    help: "frames taken; the sharpest, largest face wins")
    static let mirror = Option.flag("--mirror", help: "mirror the picture (default: mirrored for a camera, as a phone's "
                                        + "selfie camera shows it, not for files)")
    static let noMirror = Option.flag("--no-mirror", help: "do not mirror the picture")
    static let setControl = Option.value("--set", placeholder: "CONTROL=VALUE", repeats: true,
                                  help: "set a camera control first, e.g. brightness=10 or exposure=300 (names as "
                                      + "`facesticker devices` lists them)")
    static let output = Option.value("-o", "--output", placeholder: "OUT", kind: .file,
                                     default: "selfie-YYYYMMDD-HHMMSS.png here, never overwriting (-2, -3... added)",
                                     help: ".png, .jpg or .jpeg file (replaced only with -y), or an existing folder")
    static let preview = Option.flag("--preview", help: "live window: space captures, f cycles filters, s cycles stickers, "
                                         + "m toggles mirroring, q quits (without a display: carries on without)")

    static var groups: [OptionGroup] {
        [OptionGroup(nil, [device, source, size, skip, countdown, burst, mirror, noMirror, setControl, output,
                           OutputOptions.quality, preview, ResultOptions.overwrite, ResultOptions.requireFace]),
         StickerOptions.group, DetectorOptions.group]
    }

    static let defaultDevice = "/dev/video0"

    static func run(_ arguments: Arguments) throws -> Int32 {
        let device = arguments.string(Self.device)
        let sourcePath = arguments.string(source)
        let size = try arguments.string(Self.size).map { text in try asUsage { try parseSize(text) } } ?? (width: 640, height: 480)
        let skip = try arguments.int(Self.skip)
        let countdown = try arguments.int(Self.countdown) ?? 0
        let burst = try arguments.int(Self.burst) ?? 5
        let mirror = arguments.flag(Self.mirror), noMirror = arguments.flag(Self.noMirror)
        let choice = try StickerOptions.parse(arguments)
        let controls = try asUsage { try arguments.strings(setControl).map(ControlSetting.init(parsing:)) }
        let output = arguments.string(Self.output)
        let quality = try arguments.int(OutputOptions.quality) ?? 92
        let preview = arguments.flag(Self.preview)
        let configPath = arguments.string(DetectorOptions.config)
        let detector = try DetectorOptions.parse(arguments, profile: choice.profile)
        try arguments.noPositionals("use --source PATH for a file")
        guard !(mirror && noMirror) else { throw UsageError("selfie: --mirror and --no-mirror together") }
        if preview, arguments.flag(ResultOptions.requireFace) {
            throw UsageError("selfie: --require-face and --preview together (in the preview a person picks the pictures)")
        }
        guard device == nil || sourcePath == nil else {
            throw UsageError("selfie: --device and --source together (one source at a time)")
        }
        if let sourcePath, !controls.isEmpty, try FrameSources.kind(of: sourcePath) != .camera {
            throw UsageError("selfie: --set needs a camera, and \(sourcePath) is a file")
        }
        let destination = try SelfieDestination.choose(output: output)

        let library = try StickerLibrary.installed()
        let names = choice.names
        try StickerOptions.check(names, in: library)
        var files = RunFiles()
        try files.read(source: sourcePath)
        files.read(stickers: names, in: library)
        files.read(detector: detector, config: configPath)
        files.write("-o", destination.replaced)
        try files.check(arguments)
        let stickers = try library.stickers(named: names)
        if device == nil, sourcePath == nil, VideoDevices.paths().isEmpty {
            throw FaceStickerError.invalidArgument(
                "selfie: no camera found (no /dev/video* on this machine); use --source FILE for a video, photo or folder")
        }
        let source: FrameSource
        if let sourcePath {
            source = try FrameSources.open(sourcePath, width: size.width, height: size.height, controls: controls)
        } else {
            source = try CameraSource(path: device ?? defaultDevice, width: size.width, height: size.height,
                                      controls: controls)
        }
        defer { source.close() }
        if let camera = source as? CameraSource {
            camera.controlChanges.forEach { Console.note("selfie: \($0.summary)") }
            Console.note("selfie: camera \(camera.summary)")
        }
        let options = SelfieOptions(warmUp: skip, countdown: countdown, burst: burst,
                                    mirror: mirror ? true : (noMirror ? false : nil))
        let session = SelfieSession(source: source, detector: detector, options: options)
        session.onCountdown = { Console.note("selfie: \($0)...") }
        let renderer = StickerRenderer(stickers: stickers, assignment: choice.assignment, filters: choice.filters)

        if preview {
            if let missing = PreviewWindow.unavailable {
                Console.note("selfie: --preview: \(missing); carrying on without a preview")
            } else {
                return try runPreview(session, renderer: renderer, library: library, destination: destination,
                                      quality: quality)
            }
        }
        let shot = try session.capture()
        var image = shot.image
        renderer.render(&image, faces: shot.faces)
        let written = try destination.write(image, quality: quality)
        try report(shot, written: written, detector: detector.kind, session: session)
        return shot.faces.isEmpty && arguments.flag(ResultOptions.requireFace) ? ExitStatus.noFace : ExitStatus.success
    }

    static func report(_ shot: SelfieShot, written: String, detector: DetectorKind, session: SelfieSession) throws {
        try Console.out(written)
        let score = shot.scores[shot.index]
        let faces = shot.faces.isEmpty ? "no face found, written without stickers"
            : "\(shot.faces.count) face(s), face sharpness \(JSONText.number(score.faceSharpness, digits: 1))"
        Console.note("selfie: kept frame \(shot.index + 1) of \(shot.scores.count) (\(faces)), "
            + "detector \(detector.rawValue), \(session.mirrored ? "mirrored" : "not mirrored"); wrote \(written)")
    }

    /// The live loop (`facesticker live`'s) with a shutter: space takes the picture shown, r retakes it.
    static func runPreview(_ session: SelfieSession, renderer: StickerRenderer, library: StickerLibrary,
                           destination: SelfieDestination, quality: Int) throws -> Int32 {
        try session.warmUp()
        let source = session.source
        let preview = try LiveCommand.makePreview(source: source, stickers: renderer.stickers, filters: renderer.filters,
                                                  assignment: renderer.assignment, library: library, mirrored: session.mirrored,
                                                  destination: destination, shotsToStderr: false, size: (640, 480),
                                                  command: "selfie")
        // The loop reads the source itself and mirrors as the session would (m toggles it).
        var options = LiveLoop.Options()
        options.mirrored = session.mirrored
        let size = try source.size
        let detector = VideoOptions(detector: session.detector.settings)
            .detectorSettings(width: size.width, height: size.height)
        let loop = try LiveLoop(source: source, detector: detector, painter: preview.painter, sinks: [], presenter: preview,
                            options: options, onNote: { Console.note("selfie: \($0)") })
        let cancellation = Cancellation()
        SignalCleanup.divertInterrupt { _ in cancellation.cancel() }
        defer { SignalCleanup.divertInterrupt(nil) }
        _ = try loop.run(cancellation: cancellation)
        Console.note("selfie: preview closed, \(preview.shots) picture(s) taken")
        return ExitStatus.success
    }

    /// `WxH`, each side 16...8192.
    static func parseSize(_ text: String) throws -> (width: Int, height: Int) {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (16...8192).contains(w), (16...8192).contains(h) else {
            throw FaceStickerError.invalidArgument("--size: \"\(text)\" is not WxH with sides 16...8192 (e.g. 1280x720)")
        }
        return (w, h)
    }
}
