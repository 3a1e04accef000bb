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
    the path written on stdout. When no face is found the picture is written
    without stickers. -o FILE already there is replaced only with -y
    (--overwrite); the default names never replace anything.
    """
    static let examples = [
        Example("facesticker selfie -o selfie.png", "Takes a burst from /dev/video0 and keeps the sharpest face, stickered."),
        Example("facesticker selfie --source samples/carphone.mp4 --sticker dog -o selfie.png",
                "The same from a video instead of a camera, with the dog sticker."),
        Example("facesticker selfie --preview", "A live window: space captures, f and s cycle filters and stickers."),
    ]

    static let skip = Option<Int?>("--skip", placeholder: "N", default: nil, range: 0...100_000,
                                   defaultText: "one second of a camera's frames, none for files",
                                   setting: .skip, help: "frames dropped first so exposure settles")
    static let countdown = Option<Int>("--countdown", placeholder: "S", default: SelfieOptions().countdown, range: 0...60,
                                       help: "count S seconds down on stderr before the burst")
    static let burst = Option<Int>("--burst", placeholder: "N", default: SelfieOptions().burst, range: 1...100,
                                   help: "frames taken; the sharpest, largest face wins")
    static let output = Option<String?>("-o", "--output", placeholder: "OUT", kind: .file, default: nil,
                                        defaultText: "selfie-YYYYMMDD-HHMMSS.png here, never overwriting (-2, -3... added)",
                                        help: ".png, .jpg or .jpeg file (replaced only with -y), or an existing folder")
    static let preview = Flag("--preview", help: "live window: space captures, f cycles filters, s cycles stickers, "
                                  + "m toggles mirroring, q quits (without a display: carries on without)")

    static var groups: [OptionGroup] {
        [OptionGroup(nil, [skip, countdown, burst, output, OutputOptions.quality, preview,
                           ResultOptions.overwrite, ResultOptions.requireFace]),
         CameraOptions.group, StickerOptions.group] + DetectorOptions.photoGroups
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let skip = arguments[Self.skip]
        let countdown = arguments[Self.countdown]
        let burst = arguments[Self.burst]
        let choice = StickerOptions.parse(arguments)
        let output = arguments[Self.output]
        let quality = arguments[OutputOptions.quality]
        let preview = arguments[Self.preview]
        let configPath = arguments[DetectorOptions.config]
        let detector = try DetectorOptions.parse(arguments, profile: choice.profile)
        try arguments.noPositionals("use --source PATH for a file")
        let camera = try CameraOptions.parse(arguments)
        let (sourcePath, size, controls) = (camera.source, camera.size, camera.controls)
        if preview, arguments[ResultOptions.requireFace] {
            throw UsageError("selfie: --require-face and --preview together (in the preview a person picks the pictures)")
        }
        if let sourcePath, !controls.isEmpty, try FrameSources.kind(of: sourcePath) != .camera {
            throw UsageError("selfie: --set needs a camera, and \(sourcePath) is a file")
        }
        let destination = try SelfieDestination.choose(output: output)

        let names = choice.names
        let library = try StickerOptions.library(using: names)
        try StickerOptions.check(names, in: library)
        var files = RunFiles()
        try files.read(source: sourcePath)
        files.read(stickers: names, in: library)
        files.read(detector: detector, config: configPath)
        files.write("-o", destination.replaced)
        try files.check(arguments)
        let stickers = try library.stickers(named: names)
        if camera.namedDevice == nil, sourcePath == nil, VideoDevices.paths().isEmpty {
            throw FaceStickerError.invalidArgument(
                "selfie: no camera found (no /dev/video* on this machine); use --source FILE for a video, photo or folder")
        }
        let source: FrameSource
        if let sourcePath {
            source = try FrameSources.open(sourcePath, width: size.width, height: size.height, controls: controls)
        } else {
            source = try CameraSource(path: camera.device, width: size.width, height: size.height, controls: controls)
        }
        defer { source.close() }
        if let camera = source as? CameraSource {
            camera.controlChanges.forEach { Console.note("selfie: \($0.summary)") }
            Console.note("selfie: camera \(camera.summary)")
        }
        let options = SelfieOptions(warmUp: skip, countdown: countdown, burst: burst, mirror: camera.mirror)
        let session = SelfieSession(source: source, detector: detector, options: options)
        session.onCountdown = { Console.note("selfie: \($0)...") }
        let renderer = StickerRenderer(stickers: stickers, assignment: choice.assignment, filters: choice.filters)

        if preview {
            if let missing = PreviewWindow.unavailable {
                Console.note("selfie: --preview: \(missing); carrying on without a preview")
            } else {
                return try runPreview(session, renderer: renderer, library: library, destination: destination,
                                      quality: quality, size: size)
            }
        }
        let shot = try session.capture()
        var image = shot.image
        renderer.render(&image, faces: shot.faces)
        let written = try destination.write(image, quality: quality)
        try report(shot, written: written, detector: detector.kind, session: session)
        return shot.faces.isEmpty && arguments[ResultOptions.requireFace] ? ExitStatus.noFace : ExitStatus.success
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
                           destination: SelfieDestination, quality: Int, size: FrameSize) throws -> Int32 {
        try session.warmUp()
        let source = session.source
        let preview = try Preview.make(source: source, stickers: renderer.stickers, filters: renderer.filters,
                                       assignment: renderer.assignment, library: library, mirrored: session.mirrored,
                                       destination: destination, quality: quality, shotsToStderr: false, size: size,
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
}
