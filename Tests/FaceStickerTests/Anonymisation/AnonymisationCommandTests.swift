import FaceSticker
import Foundation
import Testing

/// The effects and face choice through `photo` and `video`, each run in its own folder.
@Suite(Fixtures.needsYuNet) struct AnonymisationCommandTests {
    @Test(arguments: ["blur", "pixelate:8", "solid:#00ff00"])
    func photoHidesTheFaceAndOnlyTheFace(spec: String) throws {
        let folder = try TemporaryDirectory()
        let out = folder.path("out.png")
        let run = try CLIRun(["photo", Fixtures.astronaut, "--sticker", spec, "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("stickered with \(spec == "blur" ? Anonymisation.Effect(.blur(strength: Anonymisation.Effect.defaultStrength)).name : spec)"))
        let before = try ImageFile.read(path: Fixtures.astronaut), after = try ImageFile.read(path: out)
        // The face (178, 58, 94x117) changed; a corner far from it did not.
        #expect(after[225, 110] != before[225, 110])
        #expect(after[10, 500] == before[10, 500] && after[500, 10] == before[500, 10])
        // And the detector no longer finds it.
        #expect(try Fixtures.detector(.centerface).detect(in: after).allSatisfy { $0.box.iou(Fixtures.astronautFace) < 0.3 })
    }

    @Test(arguments: [
        (["--sticker", "blur:0"], "facesticker: --sticker: blur:0: strength 0 is outside 1...50"),
        (["--sticker", "solid:#12"], "facesticker: --sticker: solid:#12: colour \"#12\" is not #RRGGBB (six hex digits, e.g. #000000)"),
        (["--sticker", "pixelate:many"], "facesticker: --sticker: pixelate:many: block count \"many\" is not a whole number (2...64)"),
        (["--sticker", "blur", "--mask-scale", "9"], "facesticker: --mask-scale: 9 is outside 0.5...4.0"),
        (["--sticker", "blur", "--mask-shape", "star"], "facesticker: --mask-shape: unknown shape \"star\" (ellipse, box)"),
        (["--faces", "0"], "facesticker: --faces: rank 0: face ranks start at 1 (the largest face)"),
        (["--faces", "1,x"], "facesticker: --faces: \"1,x\" is not all, largest or a list of face numbers like 1,3 (\"x\" is not a number)"),
        (["--max-faces", "0"], "facesticker: --max-faces: 0 is outside 1...1000"),
        (["--min-face", "-3"], "facesticker: --min-face: -3 is outside 1...100000"),
    ])
    func badValuesGiveOneLineNamingThem(arguments: [String], message: String) throws {
        let folder = try TemporaryDirectory()
        let out = folder.path("out.png")
        let run = try CLIRun(["photo", Fixtures.astronaut, "-o", out] + arguments)
        #expect(run.status == 2, "a bad option value is a usage error")
        #expect(run.stderrLines == [message])
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    /// `--min-face` larger than the astronaut's face leaves the photo as it was.
    @Test func photoMinFaceLeavesSmallFacesAlone() throws {
        let folder = try TemporaryDirectory()
        let out = folder.path("out.png")
        let run = try CLIRun(["photo", Fixtures.astronaut, "--sticker", "blur", "--min-face", "400", "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try ImageFile.read(path: out) == (try ImageFile.read(path: Fixtures.astronaut)))
    }

    /// Video: the blur follows the tracked face; `--faces` with an id no track has leaves frames untouched.
    @Test func videoBlursTrackedFaces() throws {
        let folder = try TemporaryDirectory()
        let clip = Fixtures.carphone
        let blurred = folder.path("blur.mp4"), tracks = folder.path("t.json")
        let run = try CLIRun(["video", clip, "--sticker", "blur", "--preset", "ultrafast", "-q", "--tracks", tracks, "-o", blurred])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try String(contentsOfFile: tracks, encoding: .utf8)
        #expect(json.contains("\"sticker\": {\"center\""))
        let none = folder.path("none.mp4"), noneTracks = folder.path("n.json")
        let skipped = try CLIRun(["video", clip, "--sticker", "blur", "--faces", "99", "--preset", "ultrafast", "-q",
                                  "--tracks", noneTracks, "-o", none])
        #expect(skipped.status == 0, "\(skipped.stderr)")
        let noneJSON = try String(contentsOfFile: noneTracks, encoding: .utf8)
        #expect(noneJSON.contains("\"id\": 0") && !noneJSON.contains("\"sticker\": {"))
    }
}
