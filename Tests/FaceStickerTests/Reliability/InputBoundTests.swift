import FaceSticker
import Foundation
import Testing

/// Issue 23, class 7: inputs are bounded and checked against each other. A
/// tracks file is capped, read as it goes and must fit the video; a key given
/// twice in any JSON file is refused; every text file has a cap
/// (`TextInput`); stdin is checked from its first bytes and capped.
@Suite struct InputBoundTests {
    static let haar = BadInputs.haar

    /// An 8-frame clip (the issue's) in `ws`, as `name` (its container picks whether it states a frame count).
    static func clip(_ ws: Workspace, _ name: String = "clip.mp4") throws -> String {
        let path = ws.path(name)
        try MediaTools.ffmpegOnce(["-i", Fixtures.carphone, "-frames:v", "8", "-an", "-c:v", "libx264", "-preset", "ultrafast", path])
        return path
    }

    /// A tracks file listing `frames`, each with one face, as `--tracks` writes them.
    static func tracks(_ ws: Workspace, _ frames: [Int], name: String = "tracks.json") throws -> String {
        let face = #"{"id": 0, "box": [60, 30, 50, 60], "score": 0.9, "landmarks": null}"#
        let lines = frames.map { #"{"index": \#($0), "time": 0, "faces": [\#(face)]}"# }
        return try ws.write(name, text: "{\"frames\": [\n" + lines.joined(separator: ",\n") + "\n]}\n")
    }

    /// `video clip --tracks-in tracks -o out.mp4`.
    static func redraw(_ ws: Workspace, _ clip: String, _ tracks: String, out: String = "out.mp4") throws -> CLIRun {
        try CLIRun(["video", "-q", clip, "-o", ws.path(out), "--tracks-in", tracks, "--sticker", ws.path("sticker.png"),
                    "--preset", "ultrafast"], directory: ws.root, deadline: 300)
    }

    /// A file of `bytes` zero bytes that takes no disk (its size alone is over a cap).
    static func sparse(_ ws: Workspace, _ name: String, bytes: Int) throws -> String {
        let path = try ws.write(name, [])
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return path
    }

    // MARK: --tracks-in fits the video

    /// The issue's files for an 8-frame video, and others past its end: refused
    /// before any work, naming the tracks file and the first frame past the end.
    @Test(arguments: [
        ("frames 0 to 999", Array(0...999), "frame 8 and 991 more, up to frame 999,"),
        ("only frame 1e11", [100_000_000_000], "frame 100000000000"),
        ("one frame too many", Array(0...8), "frame 8"),
        ("frames out of order, the last first", [999, 3, 8, 0], "frame 8 and 1 more, up to frame 999,"),
    ])
    func framesPastTheEndOfTheVideoAreRefused(what: String, frames: [Int], first: String) throws {
        let ws = try Workspace()
        let clip = try Self.clip(ws)
        let tracks = try Self.tracks(ws, frames)
        _ = try ws.opaqueSticker()
        let before = ws.snapshot()
        let run = try Self.redraw(ws, clip, tracks)
        #expect(run.status == 1, "\(what): \(run.stderr)")
        #expect(run.stderrLines == ["facesticker: \(tracks): \(first) is past the end of \(clip), which has 8 frames (0 to 7); "
            + "is it the tracks file of another video? (nothing was written)"], "\(what)")
        #expect(ws.snapshot() == before, "\(what): nothing written")
    }

    /// An image sequence states its count exactly: three pictures, frame 3 listed, refused too.
    @Test func aSequenceInputIsCheckedToo() throws {
        let ws = try Workspace()
        for i in 1...3 { _ = try ws.photo(String(format: "seq/%04d.png", i)) }
        let tracks = try Self.tracks(ws, [0, 3])
        _ = try ws.opaqueSticker()
        let run = try Self.redraw(ws, ws.path("seq/%04d.png"), tracks)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains("\(tracks): frame 3 is past the end of")
                && run.stderr.contains("3 frames (0 to 2)"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }

    /// An MPEG transport stream states no frame count (only a duration): the video is drawn and
    /// the frames it never reached are a warning naming the tracks file; every frame within it is
    /// accepted quietly. (Matroska states none either, but its frames are counted from its packets
    /// before the run: `aMatroskaClipIsCheckedBeforeAnyWork`.)
    @Test(arguments: [("clip.ts", Array(0...9), true), ("clip.ts", Array(0...7), false), ("clip.mp4", Array(0...7), false)])
    func framesPastAnEstimatedEndAreAWarning(name: String, frames: [Int], warned: Bool) throws {
        let ws = try Workspace()
        let clip = try Self.clip(ws, name)
        let tracks = try Self.tracks(ws, frames)
        let run = try CLIRun(["video", clip, "-o", ws.path("out.mp4"), "--tracks-in", tracks, "--sticker", try ws.opaqueSticker(),
                              "--preset", "ultrafast"], directory: ws.root, deadline: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let warnings = run.stderrLines.filter { $0.hasPrefix("facesticker: warning:") }
        #expect(warnings == (warned ? ["facesticker: warning: \(tracks): frame 8 and 1 more, up to frame 9, is past the end of "
            + "\(clip), which has 8 frames (0 to 7); those frames were not drawn"] : []), "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }

    /// A Matroska clip's frames are counted from its packets (issue #41), so a tracks file past
    /// its end is refused before any work, as for a file that states its count.
    @Test func aMatroskaClipIsCheckedBeforeAnyWork() throws {
        let ws = try Workspace()
        let clip = try Self.clip(ws, "clip.mkv")
        let tracks = try Self.tracks(ws, Array(0...9))
        _ = try ws.opaqueSticker()
        let run = try Self.redraw(ws, clip, tracks)
        #expect(run.status == 1 && run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("frame 8 and 1 more, up to frame 9, is past the end of \(clip), which has 8 frames"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }

    // MARK: --tracks-in is read as it goes

    /// The issue's 200k frames (5 MiB: 676 MiB before), and frames with a whole face each: the
    /// file is read a frame at a time (refused here as past the end, after reading it all).
    @Test(arguments: [(200_000, false), (20_000, true)])
    func aLongTracksFileIsReadInBoundedMemory(frames: Int, withFaces: Bool) throws {
        let ws = try Workspace()
        let clip = try Self.clip(ws)
        let face = #"{"id": 1, "box": [60.25, 30.5, 50.75, 60.5], "score": 0.9876, "landmarks": [[70.5, 40.25], [90.5, 40.25], "#
            + #"[80.5, 50.25], [72.5, 60.25], [88.5, 60.25]], "sticker": {"center": [85.5, 45.25], "size": [60.5, 30.25], "#
            + #""angle": -3.25, "skew": 0}, "source": "detected"}"#
        var text = "{\"frames\": [\n"
        for i in 0..<frames {
            text += (i > 0 ? ",\n" : "") + #"{"index": \#(i), "time": \#(Double(i) / 30), "faces": [\#(withFaces ? face : "")]}"#
        }
        let tracks = try ws.write("long.json", text: text + "\n]}\n")
        _ = try ws.opaqueSticker()
        let run = try Self.redraw(ws, clip, tracks)
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1 && run.stderr.contains("\(tracks): frame 8 and \(frames - 9) more"), "\(run.stderr)")
        #expect(run.peakBytes < 200 << 20, "peak \(run.peakBytes >> 20) MiB for \(frames) frames")
    }

    /// 64 MiB of white space inside the list costs no memory (300 MiB of it once took as much).
    @Test func whiteSpaceCostsNoMemory() throws {
        let ws = try Workspace()
        let clip = try Self.clip(ws)
        var bytes = Array(#"{"frames": ["#.utf8)
        bytes += [UInt8](repeating: 0x20, count: 64 << 20)
        bytes += Array(#"{"index": 0, "faces": []}]}"#.utf8)
        let tracks = try ws.write("spaces.json", bytes)
        bytes = []
        _ = try ws.opaqueSticker()
        let run = try Self.redraw(ws, clip, tracks)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakBytes < 200 << 20, "peak \(run.peakBytes >> 20) MiB")
    }

    // MARK: Every text file has a cap

    /// Each kind of text file one byte over its cap (a sparse file: no disk, and none of it read).
    @Test(arguments: [
        ("tracks", "tracks file", 1 << 30, "1 GiB"),
        ("config", "config", 1 << 20, "1 MiB"),
        ("manifest", "sticker manifest", 4 << 20, "4 MiB"),
        ("ground truth", "ground truth", 64 << 20, "64 MiB"),
    ])
    func aTextFileOverItsCapIsRefusedFromItsSize(kind: String, role: String, cap: Int, shown: String) throws {
        let ws = try Workspace()
        var environment: [String: String] = [:]
        let file: String, arguments: [String]
        switch kind {
        case "tracks":
            file = try Self.sparse(ws, "big.json", bytes: cap + 1)
            arguments = ["video", "-q", try ws.video(), "-o", ws.path("out.mp4"), "--tracks-in", file, "--sticker", try ws.opaqueSticker()]
        case "config":
            file = try Self.sparse(ws, "big.json", bytes: cap + 1)
            arguments = ["detect", "--config", file, try ws.photo()]
        case "manifest":
            file = try Self.sparse(ws, "lib/stickers.json", bytes: cap + 1)
            environment["FACESTICKER_STICKERS"] = ws.path("lib")
            arguments = ["stickers"]
        default:
            _ = try BadInputs.dataset(ws)
            file = try Self.sparse(ws, "ds/wider_face_gt.txt", bytes: cap + 1)
            arguments = BadInputs.tuneCall(["--dataset", ws.path("ds")])
        }
        let run = try CLIRun(arguments, environment: environment, directory: ws.root, deadline: 120)
        #expect(run.status == 1, "\(kind): \(run.stderr)")
        #expect(run.stderrLines == ["facesticker: \(file): \(role): larger than \(shown), the most one may hold"], "\(kind)")
        #expect(run.peakBytes < 200 << 20, "\(kind): peak \(run.peakBytes >> 20) MiB")
    }

    // MARK: A key given twice is refused, in every JSON file

    /// (what, kind, JSON, key path, the duplicate's text): the duplicate is found where it stands.
    static let duplicates: [(String, String, String, String, String)] = [
        ("the issue's config", "config", #"{"detector":"haar","detector":"centerface"}"#, "detector", #""detector""#),
        ("config, spelt with an escape", "config", #"{"detector": "haar", "detect\u006fr": "yunet"}"#, "detector",
         #""detect\u006fr""#),
        ("config, inside its notes", "config", #"{"detector": "haar", "tuning": {"f1": 0.5, "f1": 0.9}}"#, "tuning.f1", #""f1""#),
        ("config given to photo", "photo config", #"{"detector": "haar", "minNeighbors": 3, "minNeighbors": 9}"#,
         "minNeighbors", #""minNeighbors""#),
        ("manifest, its list", "manifest", #"{"stickers": [], "stickers": []}"#, "stickers", #""stickers""#),
        ("manifest, a layer's size", "manifest",
         #"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "face", "size": 1, "size": 2}]}]}"#,
         "stickers[0].layers[0].size", #""size""#),
        ("tracks file, its frames", "tracks", #"{"frames": [], "frames": [{"index": 0, "faces": []}]}"#, "frames", #""frames""#),
        ("tracks file, a frame's index", "tracks", #"{"frames": [{"index": 0, "index": 5, "faces": []}]}"#,
         "frames[0].index", #""index""#),
        ("tracks file, a face's box", "tracks",
         #"{"frames": [{"index": 0, "faces": [{"id": 0, "box": [1, 2, 3, 4], "box": [5, 6, 7, 8]}]}]}"#,
         "frames[0].faces[0].box", #""box""#),
        ("JSON ground truth, an image", "ground truth", #"{"photo.png": [[178, 58, 94, 117]], "photo.png": []}"#,
         "photo.png", #""photo.png""#),
    ]

    @Test(arguments: duplicates)
    func aKeyGivenTwiceIsRefused(what: String, kind: String, json: String, key: String, token: String) throws {
        let ws = try Workspace()
        var environment: [String: String] = [:]
        let file: String, arguments: [String]
        switch kind {
        case "config":
            file = try ws.write("config.json", text: json)
            arguments = ["detect", "--config", file, try ws.photo()]
        case "photo config":
            file = try ws.write("config.json", text: json)
            arguments = ["photo", "--config", file, "--sticker", try ws.opaqueSticker(), try ws.photo(), "-o", ws.path("out.png")]
        case "manifest":
            file = try ws.write("lib/stickers.json", text: json)
            environment["FACESTICKER_STICKERS"] = ws.path("lib")
            arguments = ["stickers"]
        case "tracks":
            file = try ws.write("tracks.json", text: json)
            arguments = ["video", "-q", try ws.video(), "-o", ws.path("out.mp4"), "--tracks-in", file, "--sticker", try ws.opaqueSticker()]
        default:
            _ = try BadInputs.dataset(ws, groundTruth: json, name: "boxes.json")
            file = ws.path("ds/boxes.json")
            arguments = BadInputs.tuneCall(["--dataset", ws.path("ds")])
        }
        let before = ws.snapshot()
        let run = try CLIRun(arguments, environment: environment, directory: ws.root, deadline: 120)
        let column = try #require(json.range(of: token, options: .backwards)).lowerBound.utf16Offset(in: json) + 1
        #expect(run.status == 1, "\(what): \(run.stderr)")
        #expect(run.stderrLines == ["facesticker: \(file): key \"\(key)\": given twice in one object (again at line 1, column \(column))"],
                "\(what)")
        #expect(ws.snapshot() == before, "\(what): nothing written")
    }

    /// The strict reader's other refusals, in the file kinds that reach it: nesting that would
    /// exhaust the stack, a number no Double holds, bytes that are no UTF-8.
    @Test(arguments: [
        ("config", #"{"tuning": "# + String(repeating: "[", count: 100_000), "nested more than 100 deep at line 1, column"),
        ("tracks", #"{"note": "# + String(repeating: "[", count: 100_000), "nested more than 100 deep at line 1, column"),
        ("config", #"{"detector": "haar", "minNeighbors": 1e400}"#, #"key "minNeighbors": 1e400 is out of range (line 1, column"#),
        ("tracks", "{\"frames\": [],\n \"note\": \"\u{1}\"}", "a control character inside a string (escape it) at line 2"),
    ])
    func hostileJSONIsRefusedWithItsPlace(kind: String, json: String, problem: String) throws {
        let ws = try Workspace()
        let file = try ws.write(kind + ".json", text: json)
        let arguments = kind == "config" ? ["detect", "--config", file, try ws.photo()]
            : ["video", "-q", try ws.video(), "-o", ws.path("out.mp4"), "--tracks-in", file, "--sticker", try ws.opaqueSticker()]
        let run = try CLIRun(arguments, directory: ws.root, deadline: 120)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: \(file): ") && run.stderr.contains(problem),
                "\(run.stderr)")
    }

    // MARK: stdin is bounded as a file is

    /// What arrives on stdin is judged from its first bytes, before the rest is read: (what, first bytes, the error).
    static let stdinHeads: [(String, @Sendable (Workspace) throws -> [UInt8], String)] = [
        ("PNG header claiming 100000x100000", { ws in
            Array(try Data(contentsOf: URL(fileURLWithPath: try ws.forgedPNG("huge.png", width: 100_000, height: 100_000))))
        }, "PNG is 100000x100000 pixels, more than the 268435456 allowed"),
        ("JPEG header claiming 30000x30000", { ws in Array(try Data(contentsOf: URL(fileURLWithPath: try ws.forgedJPEG()))) },
         "not a readable image (JPEG header claims 30000x30000 pixels, more than the 268435456 allowed)"),
        ("a GIF", { _ in Array("GIF89a".utf8) }, "not a PNG or JPEG image"),
    ]

    /// The first bytes, then 64 MiB more: refused at once, the rest never held.
    @Test(arguments: ["photo", "detect"], [0, 1, 2])
    func stdinIsJudgedFromItsFirstBytes(command: String, head: Int) throws {
        let ws = try Workspace()
        let (what, bytes, problem) = Self.stdinHeads[head]
        var input = try bytes(ws)
        input += [UInt8](repeating: 0x55, count: 64 << 20)
        let arguments = command == "photo" ? ["photo", "--sticker", try ws.opaqueSticker()] + Self.haar + ["-", "-o", ws.path("out.png")]
            : ["detect"] + Self.haar + ["-"]
        let run = try CLIRun(arguments, environment: ["TMPDIR": try ws.folder("tmp")], stdin: Data(input), directory: ws.root,
                             deadline: 120)
        #expect(run.status == 1, "\(what): \(run.stderr)")
        #expect(run.stderrLines == ["facesticker: - (standard input): \(problem)"], "\(what)")
        #expect(run.peakBytes < 150 << 20, "\(what): peak \(run.peakBytes >> 20) MiB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.path("tmp")).isEmpty, "\(what): no temporary file left")
        #expect(!FileManager.default.fileExists(atPath: ws.path("out.png")))
    }

    /// The issue's case: a real PNG header, then 600 MB of junk (1 GiB of memory before), from a
    /// file (sparse: no disk) as stdin. Copied a chunk at a time up to the cap and refused there,
    /// in little memory, its temporary file removed.
    @Test(arguments: ["photo", "detect"])
    func stdinOverItsCapIsRefused(command: String) throws {
        let ws = try Workspace()
        let header = Array(try Data(contentsOf: URL(fileURLWithPath: try ws.photo())).prefix(33)) // signature and IHDR
        let input = try ws.write("junk.png", header)
        let handle = try #require(FileHandle(forWritingAtPath: input))
        try handle.truncate(atOffset: 600_000_000)
        try handle.close()
        let rest = command == "photo" ? ["photo", "--sticker", try ws.opaqueSticker()] + Self.haar + ["-", "-o", ws.path("out.png")]
            : ["detect"] + Self.haar + ["-"]
        // exec: the shell becomes the CLI, so the memory measured is the CLI's.
        let run = try CLIRun(shell: #"exec "$FS" "$@" < "$INPUT""#, rest, environment: ["TMPDIR": try ws.folder("tmp"), "INPUT": input],
                             directory: ws.root, deadline: 300)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines == ["facesticker: - (standard input): more than 512 MiB, too large for a photo"])
        #expect(run.peakBytes < 150 << 20, "peak \(run.peakBytes >> 20) MiB")
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.path("tmp")).isEmpty, "no temporary file left")
    }

    /// A real photo on stdin still goes through (the bounds are no obstacle).
    @Test func aPhotoOnStdinIsStillRead() throws {
        let ws = try Workspace()
        let photo = try Data(contentsOf: URL(fileURLWithPath: try ws.photo()))
        let run = try CLIRun(["photo", "--sticker", try ws.opaqueSticker()] + Self.haar + ["-", "-o", ws.path("out.png")],
                             stdin: photo, directory: ws.root, deadline: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(ImageFile.headerSize(path: ws.path("out.png"))?.width == 512)
    }
}
