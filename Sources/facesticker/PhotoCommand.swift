import FaceSticker
import Foundation

/// `facesticker photo`: stickers on every face of one photo.
enum PhotoCommand: Command {
    static let name = "photo"
    static let summary = "put stickers on the faces in a PNG or JPEG photo"
    static let usage = """
    usage: facesticker photo [options] IN

    Puts stickers on every face in IN (PNG or JPEG) and writes the result.
    Exit status: 0 when faces were stickered, 2 when no face was found (the
    output is still written, filtered), 1 on any error.

    options:
      -o, --output OUT       .png, .jpg or .jpeg (default: IN's name with -stickered before
                             the extension); never IN itself
      --sticker NAME|PATH    a sticker `facesticker stickers` lists, or any PNG (it covers the
                             face); repeat to layer stickers in order (default: \(defaultSticker));
                             or an effect hiding the face: \(Anonymisation.Effect.validSpecs)
      --assign all|cycle     all: every face gets every sticker (default); cycle: faces, left
                             to right, get successive stickers
      --filter SPEC          colour filter, repeat to chain: \(FilterChain.validSpecs)
      --mirror               flip the photo left to right first, as a selfie camera shows it
      --debug                also draw face boxes, scores, landmarks and sticker outlines
      --quality Q            JPEG quality, 1...100 (default 92)
    \(FaceOptions.help(ranks: "size ranks, 1 = largest"))
    \(DetectorOptions.help)
    """

    static let defaultSticker = "sunglasses"

    static func run(_ arguments: [String]) throws -> Int32 {
        var parser = ArgumentParser(arguments)
        let output = try parser.value("-o", "--output")
        let stickerNames = try parser.values("--sticker")
        let assignName = try parser.value("--assign") ?? StickerAssignment.all.rawValue
        guard let assignment = StickerAssignment(rawValue: assignName) else {
            throw FaceStickerError.invalidArgument("--assign: unknown mode \"\(assignName)\" (all, cycle)")
        }
        let filters = try FilterChain(specs: try parser.values("--filter"))
        let mirror = parser.flag("--mirror")
        let debug = parser.flag("--debug")
        let quality = try parser.int("--quality", in: 1...100) ?? 92
        let faceOptions = try FaceOptions.parse(&parser)
        try faceOptions.choice.validateForPhoto()
        let configPath = try RunFiles.configPath(parser)
        let detector = try DetectorOptions.parse(&parser)
        let paths = try parser.positionals()
        guard let input = paths.first else { throw FaceStickerError.invalidArgument("photo: no photo given (see --help)") }
        guard paths.count == 1 else {
            throw FaceStickerError.invalidArgument("photo: one photo at a time (got \(paths.count)); use -o to name the output")
        }
        let out = output ?? defaultOutput(for: input)
        guard ImageFile.Format(path: out) != nil else {
            throw FaceStickerError.output(path: out, reason: "unknown image type (use .png, .jpg or .jpeg)")
        }
        let library = try StickerLibrary.installed()
        let names = stickerNames.isEmpty ? [defaultSticker] : stickerNames
        var files = RunFiles()
        files.read("the input photo", input)
        files.read(stickers: names, in: library)
        files.read(detector: detector, config: configPath)
        files.write(output == nil ? "the output" : "-o", out)
        try files.check()

        let stickers = faceOptions.masked(try library.stickers(named: names))
        var image = try ImageFile.read(path: input)
        if mirror { image = ExifOrientation.upMirrored.upright(image) }
        let faces = try detector.detect(in: image)
        var renderer = StickerRenderer(stickers: stickers, assignment: assignment, filters: filters, debug: debug)
        renderer.choice = faceOptions.choice
        renderer.render(&image, faces: faces)
        try ImageFile.write(image, to: out, quality: quality)
        if faces.isEmpty {
            Console.note("photo: no face found in \(input) (detector \(detector.kind.rawValue)); wrote \(out) without stickers")
            return ExitStatus.noFace
        }
        Console.note("photo: \(faces.count) face(s) stickered with \(stickers.map(\.name).joined(separator: " + ")), "
            + "detector \(detector.kind.rawValue); wrote \(out)")
        return ExitStatus.success
    }

    /// IN's name with `-stickered` before the extension; PNG when IN's type cannot be written.
    static func defaultOutput(for input: String) -> String {
        let url = URL(fileURLWithPath: input)
        let ext = url.pathExtension
        let base = String(input.dropLast(ext.isEmpty ? 0 : ext.count + 1))
        return base + "-stickered." + (ImageFile.Format(path: input) != nil ? ext : "png")
    }
}
