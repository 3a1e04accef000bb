import FaceSticker
import Foundation
import Testing

/// `facesticker tune --mask` and `--mask-outputs`, run as a user runs them, on
/// a few wider-dev photos.
@Suite struct TuneMaskTests {
    /// One table row: subset, faces, unhidden, under half, regions off faces per image, masked outside
    /// faces (mean, p90), pictures wiped, ms per photo.
    struct Row: Equatable {
        let subset: String
        let faces: Int, unhidden: Int, underHalf: Int
        let regionsPerImage: String
        let outside: String
        let wiped: Int
        let ms: String

        init(_ line: String) throws {
            let f = line.split(separator: " ").map(String.init)
            try #require(f.count == 10, "\(line)")
            subset = f[0]
            faces = try #require(Int(f[1]))
            unhidden = try #require(Int(f[2]))
            underHalf = try #require(Int(f[4]))
            regionsPerImage = f[6]
            outside = f[7]
            wiped = try #require(Int(f[8]))
            ms = f[9]
        }
    }

    static func rows(_ run: CLIRun) throws -> [Row] {
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stdoutLines
        try #require(lines.count == 5, "header and easy, medium, hard, all: \(run.stdout)")
        #expect(lines[0].split(separator: " ").map(String.init) == MaskCoverage.Summary.header)
        let rows = try lines.dropFirst().map(Row.init)
        #expect(rows.map(\.subset) == ["easy", "medium", "hard", "all"])
        return rows
    }

    /// Writes, for each image of the dataset, `transform(original, faces)` as
    /// OUT/NAME.png, where `tune --mask-outputs OUT` looks for it.
    static func writeOutputs(_ dataset: String, into out: String,
                             _ transform: (RGBAImage, [GroundTruth.Box]) -> RGBAImage) throws {
        for image in try FaceDataset.load(folder: dataset).images {
            let path = MaskCoverage.outputPath(for: image, in: out)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try ImageFile.write(transform(try ImageFile.read(path: image.path), image.faces), to: path)
        }
    }

    /// Every labelled box's pixels inverted: each channel changes, so each face is wholly covered.
    static func invertFaces(_ picture: RGBAImage, _ faces: [GroundTruth.Box]) -> RGBAImage {
        var out = picture
        for face in faces {
            guard let (columns, rows) = MaskCoverage.pixelBounds(of: face.box, width: out.width, height: out.height)
            else { continue }
            for y in rows {
                for x in columns {
                    let (r, g, b, a) = picture[x, y]
                    out[x, y] = (255 - r, 255 - g, 255 - b, a)
                }
            }
        }
        return out
    }

    @Test(Fixtures.needsShared("data/wider-dev"), arguments: [true, false])
    func scoresAnotherToolsPictures(facesHidden: Bool) throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 3)
        let out = dir.path("out")
        try Self.writeOutputs(dataset, into: out) { picture, faces in
            facesHidden ? Self.invertFaces(picture, faces) : picture
        }
        let run = try CLIRun(["tune", "--dataset", dataset, "--mask-outputs", out, "--jobs", "2"])
        let rows = try Self.rows(run)
        let all = try #require(rows.last)
        #expect(all.faces > 40, "the first three wider-dev photos hold dozens of faces")
        for row in rows {
            // Hidden: no face left; untouched: every face left, and not one pixel covered.
            #expect(row.unhidden == (facesHidden ? 0 : row.faces) && row.underHalf == row.unhidden, "\(row)")
            #expect(row.regionsPerImage == "0.00" && row.outside == "0.0%,0.0%" && row.wiped == 0 && row.ms == "-",
                    "masks only on faces, no time measured: \(row)")
        }
        if !facesHidden { #expect(run.stderr.contains("; 0 covered regions, 0 touching no labelled face")) }
    }

    /// `--sheet` draws the largest faces left unhidden, cut from the pictures scored.
    @Test(Fixtures.needsShared("data/wider-dev")) func sheetShowsTheFacesLeftUnhidden() throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 2)
        let out = dir.path("out"), sheet = dir.path("unhidden.png")
        try Self.writeOutputs(dataset, into: out) { picture, _ in picture }
        let run = try CLIRun(["tune", "--dataset", dataset, "--mask-outputs", out, "--sheet", sheet])
        #expect(run.status == 0 && run.stderr.contains("wrote the largest faces left unhidden to \(sheet)"), "\(run.stderr)")
        let picture = try ImageFile.read(path: sheet)
        // Six tiles of 180 px a row, two rows: the first two photos leave more than twelve faces unhidden.
        #expect(picture.width == 6 * 188 + 8 && picture.height == 70 + 26 + 2 * (180 + 22 + 8) + 8)
    }

    /// `--mask` is `photo --sticker` in memory: the same pictures score the same.
    @Test(Fixtures.needsShared("data/wider-dev")) func maskScoresWhatPhotoWrites() throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 2)
        let out = dir.path("photo")
        for image in try FaceDataset.load(folder: dataset).images {
            let path = MaskCoverage.outputPath(for: image, in: out)
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            let photo = try CLIRun(["photo", "-q", "--sticker", "solid:#ff00ff", "--mask-scale", "1.5", "-o", path,
                                    image.path])
            #expect(photo.status == 0, "\(photo.stderr)")
        }
        let masked = try Self.rows(CLIRun(["tune", "--dataset", dataset, "--mask", "solid:#ff00ff", "--mask-scale", "1.5",
                                           "--jobs", "1"]))
        let scored = try Self.rows(CLIRun(["tune", "--dataset", dataset, "--mask-outputs", out]))
        #expect(masked.map(\.unhidden) == scored.map(\.unhidden) && masked.map(\.underHalf) == scored.map(\.underHalf))
        #expect(masked.map(\.regionsPerImage) == scored.map(\.regionsPerImage))
        #expect(masked.map(\.outside) == scored.map(\.outside) && masked.map(\.wiped) == scored.map(\.wiped))
        let all = try #require(masked.last)
        #expect(all.unhidden < all.faces, "the recall profile hides some of the crowd: \(all)")
        #expect(Double(all.ms).map { $0 > 0 } == true, "--mask times each photo: \(all)")
    }

    /// The detector options override the recall profile as they do for photo.
    @Test(Fixtures.needsShared("data/wider-dev")) func detectorOptionsOverrideTheProfile() throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 1)
        let plain = try CLIRun(["tune", "--dataset", dataset, "--mask", "blur"])
        #expect(plain.status == 0 && plain.stderr.contains("(profile recall)"), "\(plain.stderr)")
        let haar = try CLIRun(["tune", "--dataset", dataset, "--mask", "pixelate", "--detector", "haar",
                               "--profile", "precision"])
        #expect(haar.status == 0 && haar.stderr.contains("detector haar (profile precision)"), "\(haar.stderr)")
    }

    @Test(Fixtures.needsShared("data/wider-dev"), arguments: ["no folder", "one missing", "wrong size", "not a picture"])
    func badOutputsGiveOneLine(problem: String) throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 3)
        let out = dir.path("out")
        let images = try FaceDataset.load(folder: dataset).images
        let bad = MaskCoverage.outputPath(for: images[1], in: out)
        if problem != "no folder" { try Self.writeOutputs(dataset, into: out) { picture, _ in picture } }
        switch problem {
        case "one missing": try FileManager.default.removeItem(atPath: bad)
        case "wrong size": try ImageFile.write(RGBAImage(width: 10, height: 12), to: bad)
        case "not a picture": try "not a picture".write(toFile: bad, atomically: true, encoding: .utf8)
        default: break
        }
        let run = try CLIRun(["tune", "--dataset", dataset, "--mask-outputs", out])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        try #require(run.stderrLines.count == 1, "\(run.stderr)")
        let line = run.stderrLines[0]
        let named = problem == "no folder" ? MaskCoverage.outputPath(for: images[0], in: out) : bad
        #expect(line.hasPrefix("facesticker: \(named): "), "\(line)")
        switch problem {
        case "no folder": #expect(line.contains("no such file") && line.contains("3 of 3 outputs missing"))
        case "one missing": #expect(line.contains("1 of 3 outputs missing"))
        case "wrong size": #expect(line.contains("10x12, but \(images[1].name) is 416x416"))
        default: break
        }
    }

    @Test(arguments: [
        (["--mask", "sunglasses"], "--mask: \"sunglasses\" is not an effect"),
        (["--mask", "blur:abc"], "--mask: blur:abc: strength"),
        (["--mask", "blur", "--mask-outputs", "OUT"], "--mask and --mask-outputs: choose one"),
        (["--mask", "blur", "--grid", "minSize=10"], "--grid: not with --mask"),
        (["--mask-outputs", "OUT", "--plot", "p.png"], "--plot: not with --mask-outputs"),
        (["--mask", "blur", "--sheet", "s.gif"], "--sheet s.gif: use a .png, .jpg or .jpeg name"),
        (["--mask-outputs", "OUT", "--detector", "haar"], "--detector: not with --mask-outputs (it runs no detector)"),
        (["--mask-outputs", "OUT", "--mask-scale", "2"], "--mask-scale: not with --mask-outputs"),
        (["--mask", "blur", "--detector", "haar", "--detector", "yunet"], "--detector: give one with --mask"),
        (["--profile", "recall"], "--profile: only with --mask"),
        (["--mask-tolerance", "3"], "--mask-tolerance: only with --mask or --mask-outputs"),
        (["--mask", "blur", "--mask-tolerance", "255"], "--mask-tolerance: 255 is outside 0...254"),
    ])
    func badArgumentsGiveOneLine(arguments: [String], message: String) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["tune", "--dataset", dir.path("set")]
                             + arguments.map { $0 == "OUT" ? dir.path("out") : $0 })
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: " + message] || (run.stderrLines.count == 1
            && run.stderr.hasPrefix("facesticker: " + message)), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func helpSaysWhereOutputsAreLookedFor() throws {
        let help = try CLIRun(["help", "tune"])
        #expect(help.status == 0)
        for text in ["--mask SPEC", "--mask-outputs OUTDIR", "--mask-tolerance", "--profile", "--mask-scale",
                     "OUTDIR/NAME.png", "unhidden"] {
            #expect(help.stdout.contains(text), "\(text)")
        }
    }
}
