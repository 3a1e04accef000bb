import FaceSticker
import Foundation
import Testing

/// Issue 24 §3 and §4: exit statuses a script can trust, the same in every
/// command (0 done, 1 an input or output failed, 2 usage, 3 `--require-face`
/// and some input had no face), and the overwrite policy (an output already
/// there is replaced only with -y, refused before any work otherwise; batches
/// say how many were written, skipped and failed).
@Suite(Fixtures.needsYuNet) struct ExitStatusTests {
    static let yunet = PhotoCommandTests.yunet

    /// A real picture without a face: the astronaut photo below her face (suit,
    /// arms, the flag), cropped by ffmpeg.
    static func faceless(_ ws: Workspace, _ name: String = "suit.png") throws -> String {
        let path = ws.path(name)
        try MediaTools.ffmpeg(["-i", Fixtures.astronaut, "-vf", "crop=512:176:0:336", path])
        return path
    }

    /// A short real clip without a face: that picture as ten frames of H.264.
    static func facelessClip(_ ws: Workspace) throws -> String {
        let picture = try faceless(ws, "suit-frame.png"), path = ws.path("suit.mp4")
        try MediaTools.ffmpeg(["-loop", "1", "-i", picture, "-frames:v", "10", "-r", "10", "-pix_fmt", "yuv420p",
                               "-c:v", "libx264", "-preset", "ultrafast", path])
        return path
    }

    /// The first ten frames of carphone.mp4 (a face in each): short, so -y runs stay cheap.
    static func clip(_ ws: Workspace, _ name: String = "clip.mp4") throws -> String {
        let path = ws.path(name)
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-frames:v", "10", "-an", "-c:v", "libx264", "-preset", "ultrafast", path])
        return path
    }

    static let video = ["--preset", "ultrafast", "--sticker", "sunglasses"]

    // MARK: No face: 0, or 3 with --require-face

    /// The command on one input without a face, its output (nil: detect writes none).
    static func noFaceRun(_ command: String, _ ws: Workspace) throws -> (arguments: [String], output: String?) {
        switch command {
        case "detect": return (["detect", try faceless(ws)] + yunet, nil)
        case "photo": return (["photo", try faceless(ws), "-o", ws.path("out.png")] + yunet, ws.path("out.png"))
        case "video": return (["video", try facelessClip(ws), "-o", ws.path("out.mp4")] + video + yunet, ws.path("out.mp4"))
        default: return (["selfie", "--source", try faceless(ws), "--burst", "1", "-o", ws.path("out.png")] + yunet,
                         ws.path("out.png"))
        }
    }

    @Test(arguments: ["detect", "photo", "video", "selfie"], [false, true])
    func noFaceIsDoneUnlessRequired(command: String, requireFace: Bool) throws {
        let ws = try Workspace()
        let (arguments, output) = try Self.noFaceRun(command, ws)
        let run = try CLIRun(arguments + (requireFace ? ["--require-face"] : []))
        #expect(run.status == (requireFace ? 3 : 0), "\(run.stderr)")
        #expect(!run.stderr.contains("facesticker: "), "a missing face is no error: \(run.stderr)")
        if command != "detect" { #expect(run.stderr.contains("no face"), "a note says so: \(run.stderr)") }
        if let output { #expect(FileManager.default.fileExists(atPath: output), "the output is still written") }
    }

    @Test(arguments: ["detect", "photo"])
    func aFailureWinsOverAMissingFace(command: String) throws {
        let ws = try Workspace()
        let arguments = [command, try Self.faceless(ws), ws.path("missing.png"), "--require-face"]
            + (command == "photo" ? ["--out-dir", ws.path("out")] : [])
        let run = try CLIRun(arguments + Self.yunet)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("missing.png"))
    }

    @Test(arguments: ["detect", "photo"])
    func aFaceInEveryInputIsZeroWithRequireFace(command: String) throws {
        let ws = try Workspace()
        let run = try CLIRun([command, Fixtures.astronaut, "--require-face"]
            + (command == "photo" ? ["-o", ws.path("out.png")] : []) + Self.yunet)
        #expect(run.status == 0, "\(run.stderr)")
    }

    // MARK: An unknown sticker and an unknown filter: both usage errors

    @Test(arguments: ["photo", "video", "selfie", "live"],
          [("--sticker", "sunglases", "sunglasses"), ("--filter", "sepai", "sepia")])
    func unknownStickerAndUnknownFilterAreBothUsageErrors(command: String, bad: (option: String, value: String, meant: String)) throws {
        let ws = try Workspace()
        let photo = try ws.photo()
        var arguments = [command]
        switch command {
        case "photo": arguments += [photo, "-o", ws.path("out.png")]
        case "video": arguments += [try ws.video(), "-o", ws.path("out.mp4")]
        case "selfie": arguments += ["--source", photo, "-o", ws.path("out.png")]
        default: arguments += ["--source", photo, "--y4m", ws.path("out.y4m"), "--duration", "1"]
        }
        let before = ws.snapshot()
        let run = try CLIRun(arguments + [bad.option, bad.value] + Self.yunet)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        let kind = bad.option == "--sticker" ? "sticker" : "filter"
        #expect(run.stderr.hasPrefix("facesticker: \(bad.option): unknown \(kind) \"\(bad.value)\" (did you mean \(bad.meant)?)"),
                "\(run.stderr)")
        #expect(ws.snapshot() == before, "nothing written")
    }

    // MARK: Outputs already there

    /// A run whose outputs are already there: the arguments, the files put
    /// there first, the one the refusal names, and how many more it counts.
    struct Existing: CustomTestStringConvertible, Sendable {
        let name: String
        let make: @Sendable (Workspace) throws -> (arguments: [String], there: [String])
        let more: Int
        var testDescription: String { name }
    }

    static let existing: [Existing] = [
        Existing(name: "photo -o", make: { ws in
            (["photo", try ws.photo(), "-o", ws.path("out.png")] + yunet, [ws.path("out.png")])
        }, more: 0),
        Existing(name: "photo's default name", make: { ws in
            (["photo", try ws.photo("p.png")] + yunet, [ws.path("p-stickered.png")])
        }, more: 0),
        Existing(name: "photo --out-dir batch", make: { ws in
            for name in ["a", "b", "c"] { _ = try ws.photo("in/\(name).png") }
            return (["photo", ws.path("in"), "--out-dir", ws.path("out")] + yunet,
                    [ws.path("out/a-stickered.png"), ws.path("out/b-stickered.png")])
        }, more: 1),
        Existing(name: "video -o", make: { ws in
            (["video", try clip(ws), "-o", ws.path("out.mp4")] + video + yunet, [ws.path("out.mp4")])
        }, more: 0),
        Existing(name: "video -o sequence", make: { ws in
            (["video", try clip(ws), "-o", ws.path("seq/%04d.png")] + video + yunet,
             [ws.path("seq/0001.png"), ws.path("seq/0002.png"), ws.path("seq/0003.png")])
        }, more: 2),
        Existing(name: "video --tracks", make: { ws in
            (["video", try clip(ws), "-o", ws.path("out.mp4"), "--tracks", ws.path("t.json")] + video + yunet,
             [ws.path("t.json")])
        }, more: 0),
        Existing(name: "selfie -o", make: { ws in
            (["selfie", "--source", try ws.photo(), "--burst", "1", "-o", ws.path("me.png")] + yunet, [ws.path("me.png")])
        }, more: 0),
        Existing(name: "live --y4m", make: { ws in
            (["live", "--source", try ws.photo(), "--fps", "10", "--duration", "0.3", "--y4m", ws.path("out.y4m")] + yunet,
             [ws.path("out.y4m")])
        }, more: 0),
    ]

    /// Old bytes where an output goes (a PNG for pictures: a run reading them would find a picture).
    static func prepare(_ ws: Workspace, _ paths: [String]) throws {
        for path in paths {
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data("an earlier output\n".utf8).write(to: URL(fileURLWithPath: path))
        }
    }

    @Test(arguments: existing)
    func anOutputAlreadyThereIsRefusedBeforeAnyWork(_ example: Existing) throws {
        let ws = try Workspace()
        let (arguments, there) = try example.make(ws)
        try Self.prepare(ws, there)
        let before = ws.snapshot()
        let run = try CLIRun(arguments)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "one line: \(run.stderr)")
        let line = try #require(run.stderrLines.first)
        #expect(line.contains(there[0] + " is already there"), "the first one named: \(line)")
        #expect(line.contains("(and \(example.more) more)") == (example.more > 0), "\(line)")
        #expect(line.contains("-y (--overwrite) replaces"), "\(line)")
        #expect(line.contains("--skip-existing") == ["photo", "video"].contains(arguments[0]), "\(line)")
        #expect(ws.snapshot() == before, "nothing touched")
    }

    @Test(arguments: existing)
    func withOverwriteTheOutputIsReplaced(_ example: Existing) throws {
        let ws = try Workspace()
        let (arguments, there) = try example.make(ws)
        try Self.prepare(ws, there)
        let run = try CLIRun(arguments + ["-y"])
        #expect(run.status == 0, "\(run.stderr)")
        for path in there {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes != Data("an earlier output\n".utf8), "\(path) replaced")
        }
    }

    @Test func aSelfieNamedByDefaultNeverNeedsOverwrite() throws {
        let ws = try Workspace()
        let photo = try ws.photo()
        let folder = try ws.folder("shots")
        let first = try CLIRun(["selfie", "--source", photo, "--burst", "1", "-o", folder] + Self.yunet)
        let second = try CLIRun(["selfie", "--source", photo, "--burst", "1", "-o", folder] + Self.yunet)
        #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
        #expect(first.stdout != second.stdout, "a fresh name each time: \(first.stdout) \(second.stdout)")
    }

    @Test(Fixtures.needsShared("data/wider-dev"), arguments: ["-o", "--plot", "--sheet"])
    func tuneOutputsAlreadyThere(option: String) throws {
        let ws = try Workspace()
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 2)
        let name = ["-o": "best.json", "--plot": "pr.png", "--sheet": "sheet.jpg"][option] ?? "x"
        try Self.prepare(ws, [ws.path(name)])
        let arguments = ["tune", "--dataset", dataset, "--detector", "haar", "--evaluate", option, ws.path(name)]
        let refused = try CLIRun(arguments)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderrLines == ["facesticker: tune: \(option) \(ws.path(name)) is already there; "
                                        + "-y (--overwrite) replaces (nothing was written)"], "\(refused.stderr)")
        let replaced = try CLIRun(arguments + ["--overwrite"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: ws.path(name))) != Data("an earlier output\n".utf8))
    }

    // MARK: A batch's summary line

    @Test func aBatchSaysWhatItWroteSkippedAndFailed() throws {
        let ws = try Workspace()
        _ = try ws.photo("in/face.png")
        _ = try Self.faceless(ws, "in/suit.png")
        let batch = ["photo", ws.path("in"), "--out-dir", ws.path("out")] + Self.yunet
        let first = try CLIRun(batch)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderrLines.last == "photo: 2 written, 0 skipped (already there), 0 failed, 1 without a face",
                "\(first.stderr)")

        let again = try CLIRun(batch)
        #expect(again.status == 2)
        #expect(again.stderrLines == ["facesticker: photo: the output \(ws.path("out/face-stickered.png")) is already "
            + "there (and 1 more); -y (--overwrite) replaces, --skip-existing skips complete ones (nothing was written)"],
                "\(again.stderr)")

        let skipping = try CLIRun(batch + ["--skip-existing", "--json"])
        #expect(skipping.status == 0, "\(skipping.stderr)")
        // The faceless photo's output records that it had no face (issue #41): still counted.
        #expect(skipping.stderrLines.last == "photo: 0 written, 2 skipped (already there), 0 failed, 1 without a face",
                "\(skipping.stderr)")
        #expect(skipping.stdoutLines.allSatisfy { $0.contains("\"status\": \"skipped\"") }, "\(skipping.stdout)")

        // An incomplete output is done again under --skip-existing, without -y: that is what it asks for.
        let cut = ws.path("out/suit-stickered.png")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: cut))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: cut))
        let resumed = try CLIRun(batch + ["--skip-existing"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderrLines.last == "photo: 1 written, 1 skipped (already there), 0 failed, 1 without a face",
                "\(resumed.stderr)")

        let replaced = try CLIRun(batch + ["-y", "--require-face"])
        #expect(replaced.status == 3, "\(replaced.stderr)")
        #expect(replaced.stderrLines.last == "photo: 2 written, 0 skipped (already there), 0 failed, 1 without a face")

        let quiet = try CLIRun(batch + ["-y", "-q"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "-q prints errors and warnings only: \(quiet.stderr)")
    }

    @Test func aFailedInputIsCounted() throws {
        let ws = try Workspace()
        let run = try CLIRun(["photo", try ws.photo("a.png"), try ws.truncatedPNG("b.png"), "--out-dir", ws.path("out")]
            + Self.yunet)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.last == "photo: 1 written, 0 skipped (already there), 1 failed", "\(run.stderr)")
    }

    @Test func aSingleInputHasNoBatchLine() throws {
        let ws = try Workspace()
        let run = try CLIRun(["photo", try ws.photo(), "-o", ws.path("out.png")] + Self.yunet)
        #expect(run.status == 0 && run.stderrLines.count == 1, "\(run.stderr)")
    }

    @Test func cycleNamesOnlyTheStickersDrawn() throws {
        let ws = try Workspace()
        let run = try CLIRun(["photo", Fixtures.astronaut, "-o", ws.path("out.png"), "--assign", "cycle",
                              "--sticker", "dog", "--sticker", "cat"] + Self.yunet)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("1 face(s) stickered with dog,"), "one face, one sticker: \(run.stderr)")
        #expect(!run.stderr.contains("cat"), "\(run.stderr)")
    }

    @Test func theHelpListsTheTable() throws {
        let run = try CLIRun(["--help"])
        #expect(run.status == 0)
        for status in ["0", "1", "2", "3", "128+N"] {
            #expect(run.stdoutLines.contains { $0.hasPrefix("  " + status + " ") }, "\(status): \(run.stdout)")
        }
        let table = run.stdoutLines.drop { !$0.hasPrefix("exit status") }
        #expect(!table.isEmpty && table.allSatisfy { $0.count <= 80 }, "\(run.stdout)")
    }
}
