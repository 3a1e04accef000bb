import FaceSticker
import Foundation

/// `facesticker photo`: stickers on every face of photos.
enum PhotoCommand: Command {
    static let name = "photo"
    static let summary = "put stickers on the faces in PNG or JPEG photos"
    static let synopsis = "[options] IN..."
    static let details = """
    Puts stickers on every face in each photo IN (PNG or JPEG; a folder: every
    photo in it, with -r also in its sub-folders; `-`: standard input, PNG or
    JPEG told by its content) and writes the result: by default beside IN with
    -stickered before the extension, or into --out-dir, or to -o OUT (one input;
    `-o -` is standard output, PNG unless --format jpg). Standard input with no
    -o goes to standard output. Two inputs that would write one output are
    refused before anything is done. A photo with no face is written too
    (filtered, without stickers).
    An output already there is replaced only with -y (--overwrite); without
    it the run is refused before any work. A batch ends with one line:
    written, skipped (already there), failed, without a face.
    """
    static let examples = [
        Example("facesticker photo samples/astronaut.png",
                "Writes samples/astronaut-stickered.png, sunglasses on every face."),
        Example("facesticker photo samples/astronaut.png --sticker blur -o blurred.png",
                "Blurs every face instead, with the detector set to leave no face unhidden."),
        Example("facesticker photo samples/astronaut.png --sticker crown --filter sepia -o crowned.jpg",
                "A crown on each head and the whole photo in sepia, written as JPEG."),
    ]

    static let mirror = Flag("--mirror", help: "flip the photo left to right first, as a selfie camera shows it")
    static let debug = Flag("--debug", help: "also draw face boxes, scores, landmarks and sticker outlines")
    static let output = OutputOptions.output

    static var groups: [OptionGroup] {
        [OptionGroup(nil, [output, OutputOptions.format, OutputOptions.quality, OutputOptions.json, mirror, debug,
                           ResultOptions.overwrite, ResultOptions.requireFace]),
         BatchOptions.group, StickerOptions.group, FaceOptions.group] + DetectorOptions.photoGroups
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// The command line, parsed and checked: what the run reads.
    struct Request {
        let stickers: StickerOptions.Choice
        let faces: FaceOptions.Choice
        let profile: DetectionProfile
        let detector: FaceFinder
        /// `--json`'s `settings`: each detector setting in effect and where it came from.
        let settings: JSONOutput
        let mirror: Bool
        let debug: Bool
        let json: Bool
        let quality: Int
        let format: ImageFile.Format?
        let requireFace: Bool
        /// `-y`: an output may be replaced, also one that appears during the run.
        let overwrite: Bool

        init(_ arguments: Arguments) throws {
            overwrite = arguments[ResultOptions.overwrite]
            stickers = StickerOptions.parse(arguments)
            let faces = FaceOptions.parse(arguments)
            try asUsage { try faces.choice.validateForPhoto() }
            self.faces = faces
            profile = DetectorOptions.profile(arguments, fallback: stickers.profile)
            detector = try DetectorOptions.parse(arguments, profile: profile)
            settings = try DetectorOptions.settingsJSON(arguments, profile: profile)
            mirror = arguments[PhotoCommand.mirror]
            debug = arguments[PhotoCommand.debug]
            json = arguments[OutputOptions.json]
            quality = arguments[OutputOptions.quality]
            format = arguments[OutputOptions.format]
            requireFace = arguments[ResultOptions.requireFace]
        }
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let request = try Request(arguments)
        let (batch, library) = try plan(request, arguments)
        let stickers = request.faces.masked(try library.stickers(named: request.stickers.names))
        var renderer = StickerRenderer(stickers: stickers, assignment: request.stickers.assignment,
                                       filters: request.stickers.filters, debug: request.debug)
        renderer.choice = request.faces.choice
        let job = PhotoJob(finder: request.detector, renderer: renderer, mirror: request.mirror)
        return try batch.run("photo", json: request.json, requireFace: request.requireFace) { item in
            try photo(item, job: job, request: request, batch: batch)
        }
    }

    /// The batch and the sticker pack, every file the run reads and writes checked before any work.
    private static func plan(_ request: Request, _ arguments: Arguments) throws -> (Batch, StickerLibrary) {
        let paths = arguments.positionals
        if paths.filter({ $0 == "-" }).count > 1 { throw UsageError("photo: - (standard input) given twice") }
        // Standard input alone, no output named: the picture goes to standard output.
        let toOut = paths == ["-"] && !arguments.has(BatchOptions.outDir) ? "-" : nil
        let batch = try Batch(paths, arguments: arguments, output: arguments[output] ?? toOut,
                              extensions: imageExtensions, what: "photo",
                              defaultOutput: { defaultOutput(for: $0, in: $1, format: request.format) },
                              existing: existing)
        if batch.all.contains(where: { $0.output == "-" }), request.json {
            throw UsageError("--json: standard output already holds the picture (-o -)")
        }
        if batch.all.contains(where: { $0.input == "-" && $0.output != "-" }), arguments.has(BatchOptions.skipExisting) {
            Console.detail("photo: --skip-existing does not apply to standard input")
        }
        for item in batch.items where item.output != "-" {
            // The name alone says it: a usage error before any work (issue #41).
            guard let kind = ImageFile.Format(path: item.output) else {
                throw UsageError("\(item.output): cannot write: unknown image type (use .png, .jpg or .jpeg)")
            }
            if let format = request.format, format != kind {
                throw UsageError("--format \(format == .png ? "png" : "jpg"): \(item.output) is named as .\(PathText.extension(of: item.output))")
            }
        }
        let library = try StickerOptions.library(using: request.stickers.names)
        try StickerOptions.check(request.stickers.names, in: library)
        var files = RunFiles()
        for item in batch.items where item.input != "-" { files.read("the input photo", item.input) }
        files.read(stickers: request.stickers.names, in: library)
        files.read(detector: request.detector, config: arguments[DetectorOptions.config])
        for item in batch.items where item.output != "-" {
            files.write(arguments.has(output) ? "-o" : "the output", item.output)
        }
        try files.check(arguments, replacing: batch.redone, skipExisting: true)
        return (batch, library)
    }

    /// One photo: the job run on it (standard input and output read and written here), its lines printed.
    private static func photo(_ item: BatchItem, job: PhotoJob, request: Request, batch: Batch) throws -> BatchItemDone {
        let started = DispatchTime.now().uptimeNanoseconds
        let result: PhotoJob.Result
        if item.input == "-" || item.output == "-" {
            var image = item.input == "-" ? try Streams.readImage() : try ImageFile.read(path: item.input)
            result = try job.run(&image)
            if item.output == "-" {
                try Streams.writeImage(image, format: request.format ?? .png, quality: request.quality)
            } else {
                try batch.makeFolder(for: item)
                try ImageFile.write(image, to: item.output, quality: request.quality,
                                    replacing: request.overwrite || batch.redone.contains(item.output))
            }
        } else {
            try batch.makeFolder(for: item)
            // Without -y, nothing there at the start is replaced at the end (issue #41) but an incomplete output redone.
            let replacing = request.overwrite || batch.redone.contains(item.output)
            result = try job.run(input: item.input, output: item.output, quality: request.quality, replacing: replacing,
                                 warn: Console.warning)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let shownOutput = item.output == "-" ? Streams.stdoutName : item.output
        let shownInput = item.input == "-" ? Streams.stdinName : item.input
        let detector = request.detector.kind.rawValue
        if result.faces.isEmpty {
            Console.note("photo: no face found in \(shownInput) (detector \(detector)); wrote \(shownOutput) without stickers")
        } else {
            let what = result.drawn.isEmpty ? "found, none chosen for stickers" : "stickered with " + result.drawn.joined(separator: " + ")
            Console.note("photo: \(result.faces.count) face(s) \(what), detector \(detector); wrote \(shownOutput)")
        }
        Console.detail(String(format: "photo: %@: %dx%d, %.2f s", shownInput, result.width, result.height, seconds))
        var object = JSONObject(item, status: result.faces.isEmpty ? "no-face" : "stickered")
        object.add("faces", result.faces.count)
        object.add("width", result.width)
        object.add("height", result.height)
        object.add("detector", detector)
        object.add("profile", request.profile.rawValue)
        object.add("settings", request.settings)
        object.add("stickers", strings: job.renderer.stickers.map(\.name))
        object.add("seconds", number: seconds)
        object.add("placements", .array(result.placements.map(placementJSON)))
        return BatchItemDone(foundFace: !result.faces.isEmpty, json: object)
    }

    /// One face stickered, as `--json` tells it: its box and score, its head pose (null
    /// where the face mesh did not read it), and each layer drawn: which sticker, its
    /// anchor, and where it went, in the output's pixels (`angle` and `skew` in degrees).
    static func placementJSON(_ placed: StickerRenderer.FacePlacement) -> JSONOutput {
        let face = placed.face, box = face.box
        return .object([("box", .numbers([box.x, box.y, box.width, box.height], digits: 1)),
                        ("score", .number(face.score, digits: 3)),
                        ("pose", DetectionReport.json(pose: face.pose, landmarks: face.landmarks)),
                        ("layers", .array(placed.layers.map { $0.placement.json($0.label, digits: 1) }))])
    }

    /// What `--skip-existing` finds at a photo's output: complete when the
    /// file ends as its format ends (a PNG's IEND chunk, a JPEG's end-of-image
    /// marker) and decodes whole (for a PNG every chunk's CRC and the deflate
    /// stream checked) to the input's size (turned a quarter too: EXIF orientation).
    static func existing(_ item: BatchItem) -> ExistingOutput {
        var info = stat()
        guard stat(item.output, &info) == 0 else { return .missing }
        let png = (try? ImageFile.isPNG(path: item.output)) == true
        guard ends(item.output, with: png ? pngEnd : [0xFF, 0xD9]) else {
            return .incomplete(png ? "the PNG has no end" : "no PNG or JPEG with an end")
        }
        let image: RGBAImage
        do {
            let (decoded, damage) = try ImageFile.readReportingDamage(path: item.output)
            if let damage { return .incomplete("damaged JPEG: \(damage)") }
            image = decoded
        } catch {
            return .incomplete("it does not decode")
        }
        let record = OutputRecord.read(path: item.output)
        guard let expected = ImageFile.headerSize(path: item.input) else { return .complete(foundFace: record?.foundFace) }
        let size = (image.width, image.height)
        guard size == (expected.width, expected.height) || size == (expected.height, expected.width) else {
            return .incomplete("\(image.width)x\(image.height), not the input's size")
        }
        return .complete(foundFace: record?.foundFace)
    }

    /// A PNG's last chunk: IEND, empty, with its CRC.
    private static let pngEnd: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]

    /// Whether the file's last bytes are `tail`.
    private static func ends(_ path: String, with tail: [UInt8]) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd(), size >= UInt64(tail.count),
              (try? handle.seek(toOffset: size - UInt64(tail.count))) != nil else { return false }
        return (try? handle.read(upToCount: tail.count)) == Data(tail)
    }

    /// IN's name with `-stickered` before the extension, in `folder` (default: beside IN);
    /// `format`'s extension when given, PNG when IN's type cannot be written.
    static func defaultOutput(for input: String, in folder: String? = nil, format: ImageFile.Format? = nil) -> String {
        let name = PathText.name(of: input)
        let ext = PathText.extension(of: name)
        let newExt: String
        if let format {
            newExt = format == .png ? "png" : (ImageFile.Format(path: input) == .jpeg ? ext : "jpg")
        } else {
            newExt = ImageFile.Format(path: input) != nil ? ext : "png"
        }
        return PathText.join(folder ?? PathText.folder(of: input), PathText.removingExtension(name) + "-stickered." + newExt)
    }
}
