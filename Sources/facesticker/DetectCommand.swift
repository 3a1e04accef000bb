import FaceSticker

/// `facesticker detect`: find faces in images and print them.
enum DetectCommand: Command {
    static let name = "detect"
    static let summary = "find faces in PNG or JPEG images and print their boxes"
    static let synopsis = "[options] IMAGE..."
    static let details = """
    Prints one line per face, `path x y w h score`, or with --json one JSON
    object per image. IMAGE `-` is standard input (PNG or JPEG, told by its
    content).
    """
    static let examples = [
        Example("facesticker detect samples/astronaut.png", "Prints one line per face: the file, the box (x y w h) and the score."),
        Example("facesticker detect --json --detector yunet samples/astronaut.png",
                "One JSON object for the image, with YuNet instead of the default detector."),
        Example("facesticker detect --json --mesh samples/astronaut.png",
                "Each face's head pose and its 468 face-mesh points as well."),
    ]

    static let json = Flag("--json", help: "one JSON object per image and line")
    static let mesh = Flag("--mesh", help: "with --json: each face's 468 face-mesh points, [x, y, z] in pixels (null without a mesh)")
    static var groups: [OptionGroup] { [OptionGroup(nil, [json, mesh, ResultOptions.requireFace])] + DetectorOptions.groups }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let json = arguments[Self.json]
        let includeMesh = arguments[Self.mesh]
        if includeMesh, !json { throw UsageError("detect: --mesh needs --json") }
        let detector = try DetectorOptions.parse(arguments)
        let paths = arguments.positionals
        guard !paths.isEmpty else { throw UsageError("detect: no image given (see --help)") }
        if paths.filter({ $0 == "-" }).count > 1 { throw UsageError("detect: - (standard input) given twice") }
        var outcome = RunOutcome(requireFace: arguments[ResultOptions.requireFace])
        var faceCount = 0
        for path in paths {
            do {
                let image = path == "-" ? try Streams.readImage() : try ImageFile.read(path: path)
                let faces = try detector.detect(in: image)
                let report = DetectionReport(path: path, detector: detector.kind, width: image.width,
                                             height: image.height, faces: faces, includeMesh: includeMesh)
                if json {
                    try Console.out(json: report.json)
                } else {
                    try report.lines.forEach { try Console.out($0) }
                }
                faceCount += faces.count
                outcome.written += 1
                if faces.isEmpty { outcome.withoutFace += 1 }
            } catch let failure as StandardOutputFailure {
                throw failure
            } catch {
                Console.error(error)
                outcome.failed += 1
            }
        }
        // On failure the error line is the only one, so scripts and people see it alone.
        if outcome.failed == 0 {
            let without = outcome.withoutFace > 0 ? " (\(outcome.withoutFace) without a face)" : ""
            Console.note("detect: \(paths.count) image(s)\(without), \(faceCount) face(s), detector \(detector.kind.rawValue)")
        }
        return outcome.status
    }
}
