import FaceSticker
import Foundation
import Testing

/// `facesticker detect` run as a user runs it.
@Suite(Fixtures.needsYuNet) struct DetectCommandTests {
    @Test func printsOneLinePerFace() throws {
        let run = try CLIRun(["detect", "--detector", "centerface", Fixtures.astronaut])
        #expect(run.status == 0)
        #expect(run.stdoutLines.count == 1)
        let fields = run.stdoutLines.first?.split(separator: " ") ?? []
        #expect(fields.count == 6)
        #expect(fields.first.map(String.init) == Fixtures.astronaut)
        #expect(run.stderr.contains("centerface"), "says which detector ran")
    }

    @Test(Fixtures.needsShared("data/photos/messi5.jpg"), Fixtures.needsYuNet) func jsonHasTheDocumentedShape() throws {
        let run = try CLIRun(["detect", "--json", "--detector", "yunet", "--model", Fixtures.yunetModel,
                              Fixtures.astronaut, Fixtures.messi])
        #expect(run.status == 0)
        try #require(run.stdoutLines.count == 2, "\(run.stderr)")
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(run.stdoutLines[0].utf8)) as? [String: Any])
        #expect(object["path"] as? String == Fixtures.astronaut)
        #expect(object["detector"] as? String == "yunet")
        #expect(object["width"] as? Int == 512 && object["height"] as? Int == 512)
        let faces = try #require(object["faces"] as? [[String: Any]])
        try #require(faces.count == 1)
        #expect((faces[0]["box"] as? [Double])?.count == 4)
        #expect((faces[0]["landmarks"] as? [[Double]])?.count == 5)
        #expect(faces[0]["pose"] is [String: Double] || faces[0]["pose"] is NSNull, "pose: {yaw, pitch, roll}, or null without a mesh")
    }

    @Test func haarGivesNullLandmarks() throws {
        let run = try CLIRun(["detect", "--json", "--detector", "haar", Fixtures.astronaut])
        #expect(run.stdout.contains("\"landmarks\": null"))
    }

    @Test func anImageWithoutAFaceIsDone() throws {
        let dir = try TemporaryDirectory()
        let blank = dir.path("blank.jpg")
        let process = try CLIRun(["detect", "--detector", "haar", Fixtures.astronaut, blank])
        #expect(process.status == 1, "missing file")
        try ImageFile.write(RGBAImage(width: 64, height: 48, fill: (200, 30, 30, 255)), to: blank)
        let run = try CLIRun(["detect", "--detector", "haar", Fixtures.astronaut, blank])
        #expect(run.status == 0, "an image without a face is done")
        #expect(run.stdoutLines.count == 1)
    }

    @Test(arguments: [
        (["detect", "/nonexistent/photo.jpg"], "/nonexistent/photo.jpg: no such file"),
        (["detect", "--detector", "yunet", "--model", "/nonexistent/yunet.onnx", "IMAGE"], "/nonexistent/yunet.onnx"),
        (["detect", "--detector", "centerface", "--score-threshold", "-1", "IMAGE"], "--score-threshold"),
        (["detect", "--detector", "haar", "--scale-factor", "0", "IMAGE"], "--scale-factor"),
        (["detect", "--detector", "blazeface", "IMAGE"], "blazeface"),
        (["detect", "--bogus", "IMAGE"], "--bogus"),
        (["detect"], "no image"),
    ])
    func badInputGivesOneLineAndExitOne(arguments: [String], mention: String) throws {
        let run = try CLIRun(arguments.map { $0 == "IMAGE" ? Fixtures.astronaut : $0 })
        // A bad option value is a usage error (2); a file that cannot be read is bad input (1).
        #expect(run.status == (mention.hasPrefix("/") ? 1 : 2))
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(mention))
        #expect(run.stdout.isEmpty)
    }

    @Test func undecodableAndCorruptFilesGiveOneLine() throws {
        let dir = try TemporaryDirectory()
        let text = try dir.write("notes.jpg", "this is text, not a JPEG\n")
        let run = try CLIRun(["detect", "--detector", "haar", text])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(text): not a readable image (PNG or JPEG expected)"])

        let model = try dir.write("yunet.onnx", "garbage")
        let bad = try CLIRun(["detect", "--detector", "yunet", "--model", model, Fixtures.astronaut])
        #expect(bad.status == 1)
        #expect(bad.stderrLines.count == 1)
        #expect(bad.stderr.contains(model))
    }

    @Test(Fixtures.needsShared("data/photos/messi5.jpg")) func configFileIsReadAndBadKeysNamed() throws {
        let dir = try TemporaryDirectory()
        let good = try dir.write("good.json", #"{"detector": "centerface", "scoreThreshold": 0.99}"#)
        let strict = try CLIRun(["detect", "--config", good, "--require-face", Fixtures.messi])
        #expect(strict.status == 3, "no face in messi5 clears 0.99")
        let bad = try dir.write("bad.json", #"{"detector": "centerface", "scoreThreshold": "x"}"#)
        let run = try CLIRun(["detect", "--config", bad, Fixtures.astronaut])
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1)
        #expect(run.stderr.contains("bad.json") && run.stderr.contains("scoreThreshold"))
    }

    @Test func helpAndVersion() throws {
        #expect(try CLIRun(["--version"]).stdout.hasPrefix("facesticker "))
        let help = try CLIRun(["--help"])
        #expect(help.status == 0 && help.stdout.contains("detect"))
        let detectHelp = try CLIRun(["help", "detect"])
        #expect(detectHelp.status == 0 && detectHelp.stdout.contains("--score-threshold"))
    }
}
