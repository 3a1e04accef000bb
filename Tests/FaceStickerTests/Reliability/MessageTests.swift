import FaceSticker
import Foundation
import Testing

/// Issue 15, class 6: each message names the user's file, the setting and the
/// real problem. (The non-regular inputs, /dev/zero, /dev/null, symlink loops
/// and folders, are rows of the bad-input matrix.)
@Suite struct MessageTests {
    @Test(arguments: [
        ("noext", "the name has no extension"),
        ("out.webm", "a .webm file cannot hold H.264"),
    ])
    func aVideoOutputNameGetsItsRealProblem(name: String, problem: String) throws {
        let ws = try Workspace()
        let out = ws.path(name)
        let run = try CLIRun(try BadInputs.videoCall(ws, [try ws.video(), "-o", out]), directory: ws.root, deadline: 120)
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(out): cannot write: " + problem
            + (name == "noext" ? ", which picks the container (use .mp4, .mkv or .mov)" : " video (use .mp4, .mkv or .mov)")],
                "\(run.stderr)")
    }

    /// A model for another detector loads, then fails to run: the message names the model and the detector.
    @Test(Fixtures.needsYuNet, arguments: [("yunet", "centerface.onnx"), ("centerface", "face_detection_yunet_2022mar.onnx")])
    func aModelForAnotherDetectorIsNamed(detector: String, file: String) throws {
        let model = Fixtures.root.appendingPathComponent("models/" + file).path
        try #require(FileManager.default.fileExists(atPath: model), "make setup installs \(model)")
        let ws = try Workspace()
        let run = try CLIRun(["detect", "--detector", detector, "--model", model, try ws.photo()],
                                 directory: ws.root, deadline: 120)
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1 && run.stderr.contains(model) && run.stderr.contains("not a \(detector) model"),
                "\(run.stderr)")
    }

    /// A writer that fails on its hidden temporary file (a full disk while writing
    /// --tracks) is reported under the name the user gave, and nothing is left.
    @Test func aFailedWriteNamesTheUsersFileNotTheTemporaryOne() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("clip.tracks.json")
        var seen = ""
        do {
            try AtomicFile.write(to: out) { temporary in
                seen = temporary
                _ = FileManager.default.createFile(atPath: temporary, contents: Data("{".utf8))
                throw FaceStickerError.output(path: temporary, reason: "No space left on device (writing \(temporary))")
            }
            Issue.record("the write should fail")
        } catch {
            #expect("\(error)" == "\(out): cannot write: No space left on device (writing \(out))")
            #expect(!"\(error)".contains(seen))
        }
        #expect(dir.contents().isEmpty)
    }
}
