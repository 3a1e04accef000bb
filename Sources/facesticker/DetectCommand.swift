import FaceSticker

/// `facesticker detect`: find faces in images and print them.
enum DetectCommand: Command {
    static let name = "detect"
    static let summary = "find faces in PNG or JPEG images and print their boxes"
    static let usage = """
    usage: facesticker detect [options] IMAGE...

    Prints one line per face, `path x y w h score`, or with --json one JSON
    object per image. Exit status: 0 when every image has a face, 2 when some
    image has none, 1 on any error.

    options:
      --json                 one JSON object per image and line
    \(DetectorOptions.help)
    """

    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = ArgumentParser(arguments)
        let json = parser.flag("--json")
        let detector = try DetectorOptions.parse(&parser)
        let paths = try parser.positionals()
        guard !paths.isEmpty else { throw FaceStickerError.invalidArgument("detect: no image given (see --help)") }
        var status = ExitStatus.success
        var faceCount = 0
        for path in paths {
            do {
                let image = try ImageFile.read(path: path)
                let faces = try detector.detect(in: image)
                let report = DetectionReport(path: path, detector: detector.kind, width: image.width,
                                             height: image.height, faces: faces)
                if json {
                    try Console.out(report.json)
                } else {
                    try report.lines.forEach { try Console.out($0) }
                }
                faceCount += faces.count
                if faces.isEmpty, status == ExitStatus.success { status = ExitStatus.noFace }
            } catch let failure as StandardOutputFailure {
                throw failure
            } catch {
                Console.error(error)
                status = ExitStatus.failure
            }
        }
        // On failure the error line is the only one, so scripts and people see it alone.
        if status != ExitStatus.failure {
            Console.note("detect: \(paths.count) image(s), \(faceCount) face(s), detector \(detector.kind.rawValue)")
        }
        return status
    }
}
