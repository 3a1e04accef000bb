import FaceSticker
import Foundation
import Testing

/// Issue 14 §2: `-` for stdin and stdout, many photos with folders and -r,
/// two inputs on one output refused, --json summaries, a still image refused by
/// video, image sequences in and out, --tracks-in.
@Suite(Fixtures.needsYuNet) struct StreamsAndBatchesTests {
    static let yunet = PhotoCommandTests.yunet
    static let sticker = VideoCommandTests.sticker

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    static func json(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    /// A blank picture: no face, so detection is quick and the photo is still written.
    static func blank(_ path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try ImageFile.write(RGBAImage(width: 64, height: 48, fill: (90, 120, 200, 255)), to: path)
    }

    // MARK: Streams

    @Test(arguments: [Fixtures.astronaut, Fixtures.jpeg])
    func detectReadsStandardInput(photo: String) throws {
        let run = try CLIRun(["detect", "-"] + Self.yunet, stdin: try Self.bytes(photo))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdoutLines.isEmpty && run.stdoutLines.allSatisfy { $0.hasPrefix("- ") })
        let file = try CLIRun(["detect", photo] + Self.yunet)
        #expect(run.stdoutLines.count == file.stdoutLines.count, "the same faces as from the file")
    }

    @Test(arguments: [("png", [UInt8]([0x89, 0x50, 0x4E, 0x47])), ("jpg", [UInt8]([0xFF, 0xD8, 0xFF]))])
    func photoFromStandardInputToStandardOutput(format: String, magic: [UInt8]) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["photo", "-", "-o", "-", "--format", format] + Self.yunet,
                             stdin: try Self.bytes(Fixtures.astronaut), directory: dir.url.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Array(run.stdoutData.prefix(magic.count)) == magic)
        let out = dir.path("out." + format)
        try run.stdoutData.write(to: URL(fileURLWithPath: out))
        let image = try ImageFile.read(path: out)
        #expect(image.width == 512 && image.height == 512)
        #expect(run.stderr.contains("1 face(s)") && run.stderr.contains("standard output"))
        #expect(dir.contents() == ["out." + format], "no temporary file left")
        // Standard input with no -o goes to standard output too.
        let plain = try CLIRun(["photo", "-"] + Self.yunet, stdin: try Self.bytes(Fixtures.astronaut))
        #expect(plain.status == 0 && plain.stdoutData.starts(with: [0x89, 0x50]))
    }

    @Test(arguments: [
        (["photo", "-", "-o", "OUT"], Data("not a picture".utf8), "facesticker: - (standard input): not a PNG or JPEG image"),
        (["photo", "-", "-o", "OUT"], Data(), "facesticker: - (standard input): empty (no image arrived)"),
        (["detect", "-"], Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]), "facesticker: - (standard input): "),
    ])
    func badStandardInputIsNamed(arguments: [String], input: Data, start: String) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(arguments.map { $0 == "OUT" ? dir.path("o.png") : $0 } + Self.yunet, stdin: input)
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(start), "\(run.stderr)")
        #expect(!run.stderr.contains("facesticker-stream"), "the temporary file is never named")
        #expect(dir.contents().isEmpty)
    }

    @Test(arguments: [
        (["photo", "-", "-o", "-", "--json"], "--json: standard output already holds the picture"),
        (["photo", "-", "-", "-o", "-"], "photo: - (standard input) given twice"),
        (["photo", "-", "IMAGE"], "- (standard input) goes with -o OUT"),
        (["photo", "-", "--out-dir", "d"], "- (standard input) goes with -o OUT"),
        (["photo", "IMAGE", "-o", "x.jpg", "--format", "png"], "--format png: x.jpg is named as .jpg"),
    ])
    func streamUsageErrors(arguments: [String], start: String) throws {
        let run = try CLIRun(arguments.map { $0 == "IMAGE" ? Fixtures.astronaut : $0 } + Self.yunet, stdin: Data())
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: " + start] || run.stderr.hasPrefix("facesticker: " + start), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    // MARK: Batches

    /// Many photos and folders; -r looks into sub-folders, which --out-dir keeps; --json one object per photo.
    @Test func photoTakesManyInputsAndFolders() throws {
        let dir = try TemporaryDirectory()
        try Self.blank(dir.path("in/a.png"))
        try Self.blank(dir.path("in/sub/b.jpg"))
        try FileManager.default.copyItem(atPath: Fixtures.astronaut, toPath: dir.path("c.png"))
        let flat = try CLIRun(["photo", dir.path("in"), dir.path("c.png"), "--out-dir", dir.path("out"), "--json"] + Self.yunet)
        #expect(flat.status == 0, "a photo without a face is done: 0, \(flat.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("out")).sorted() == ["a-stickered.png", "c-stickered.png"])
        let objects = try flat.stdoutLines.map(Self.json)
        #expect(objects.count == 2)
        #expect(objects.map { $0["status"] as? String } == ["no-face", "stickered"])
        #expect(objects.map { $0["faces"] as? Int } == [0, 1])
        #expect(objects.allSatisfy { $0["input"] is String && $0["output"] is String && $0["seconds"] is Double })

        let deep = try CLIRun(["photo", "-r", dir.path("in"), "--out-dir", dir.path("deep"), "-q"] + Self.yunet)
        #expect(deep.status == 0 && deep.stderr.isEmpty, "\(deep.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path("deep/a-stickered.png")))
        #expect(FileManager.default.fileExists(atPath: dir.path("deep/sub/b-stickered.jpg")))
    }

    /// A photo that cannot be read fails alone: the others are written, status 1, and
    /// its --json object says why; --format picks the default names' type.
    @Test func aBadPhotoInABatchFailsAlone() throws {
        let dir = try TemporaryDirectory()
        try Self.blank(dir.path("in/a.png"))
        _ = try dir.write("in/b.png", "not a picture")
        try Self.blank(dir.path("in/c.png"))
        let run = try CLIRun(["photo", dir.path("in"), "--out-dir", dir.path("out"), "--format", "jpg", "--json"] + Self.yunet)
        #expect(run.status == 1)
        #expect(run.stderrLines.filter { $0.hasPrefix("facesticker: ") } == ["facesticker: \(dir.path("in/b.png")): not a PNG or JPEG file"]
                || run.stderrLines.contains { $0.hasPrefix("facesticker: \(dir.path("in/b.png")): ") }, "\(run.stderr)")
        let objects = try run.stdoutLines.map(Self.json)
        #expect(objects.map { $0["status"] as? String } == ["no-face", "failed", "no-face"])
        try #require(objects.count == 3, "\(run.stdout)")
        #expect((objects[1]["error"] as? String)?.hasPrefix(dir.path("in/b.png")) == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("out")).sorted() == ["a-stickered.jpg", "c-stickered.jpg"])
    }

    @Test func twoInputsOnOneOutputAreRefusedBeforeAnyWork() throws {
        let dir = try TemporaryDirectory()
        try Self.blank(dir.path("one/x.png"))
        try Self.blank(dir.path("two/x.png"))
        let before = dir.contents()
        let run = try CLIRun(["photo", dir.path("one/x.png"), dir.path("two/x.png"), "--out-dir", dir.path("out")] + Self.yunet)
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: \(dir.path("one/x.png")) and \(dir.path("two/x.png")) would both be written to "
            + "\(dir.path("out/x-stickered.png")); rename one or use separate --out-dir runs"])
        #expect(dir.contents() == before && !FileManager.default.fileExists(atPath: dir.path("out")))
        let video = try CLIRun(["video", Fixtures.carphone, Fixtures.carphone,
                                "--out-dir", dir.path("out")])
        #expect(video.status == 2 && video.stderr.contains("is given twice"), "\(video.stderr)")
    }

    @Test(arguments: [Fixtures.astronaut, Fixtures.jpeg])
    func aStillImageIsNotAVideo(photo: String) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["video", photo, "-o", dir.path("out.mp4"), "--sticker", Self.sticker])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(photo): not a video (a still picture; use facesticker photo)"])
        #expect(dir.contents().isEmpty)
    }

    /// `video -r` finds clips in sub-folders; --json gives one object per video.
    @Test func videoRecursesAndSummarisesAsJSON() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("clips/deeper"), withIntermediateDirectories: true)
        for name in ["clips/a.mp4", "clips/deeper/b.mp4"] {
            try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-frames:v", "6", "-c:v", "libx264",
                                   "-preset", "ultrafast", dir.path(name)])
        }
        let flat = try CLIRun(["video", dir.path("clips"), "--out-dir", dir.path("flat"), "--preset", "ultrafast",
                               "--sticker", Self.sticker, "--json", "-q"])
        #expect(flat.status == 0 && flat.stdoutLines.count == 1, "\(flat.stderr)")
        let run = try CLIRun(["video", "-r", dir.path("clips"), "--out-dir", dir.path("out"), "--preset", "ultrafast",
                              "--sticker", Self.sticker, "--json", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        let objects = try run.stdoutLines.map(Self.json)
        #expect(objects.map { $0["output"] as? String } == [dir.path("out/a-stickered.mp4"), dir.path("out/deeper/b-stickered.mp4")])
        #expect(objects.allSatisfy { $0["status"] as? String == "stickered" && $0["frames"] as? Int == 6 })
        #expect(objects.allSatisfy { $0["faces"] is Int && $0["framesWithFaces"] is Int && $0["warnings"] is [Any] })
        // Again with --skip-existing: both outputs are complete, nothing is done.
        let again = try CLIRun(["video", "-r", dir.path("clips"), "--out-dir", dir.path("out"), "--sticker", Self.sticker,
                                "--json", "--skip-existing"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try again.stdoutLines.map(Self.json).map { $0["status"] as? String } == ["skipped", "skipped"])
    }

    @Test func stickersAndDevicesListAsJSON() throws {
        let stickers = try StickerFixtures.installed()
        let run = try CLIRun(["stickers", "--json"], environment: ["FACESTICKER_STICKERS": stickers.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdoutLines.map(Self.json)
        let manifest = try StickerManifest.load(path: stickers.path("stickers.json"))
        #expect(objects.compactMap { $0["name"] as? String } == manifest.entries.map(\.name))
        #expect(objects.allSatisfy { !($0["anchors"] as? [String] ?? []).isEmpty && $0["installed"] as? Bool == true })
        // A device named that is no camera is still an error, one line, and its JSON object says so.
        let devices = try CLIRun(["devices", "--json", "/dev/null"])
        #expect(devices.status == 1 && devices.stderrLines.count == 1)
        #expect(try devices.stdoutLines.map(Self.json).map { $0["error"] as? String } == ["/dev/null: not a V4L2 video device"])
    }

    // MARK: Image sequences

    @Test func imageSequencesInAndOut() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("frames"), withIntermediateDirectories: true)
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-frames:v", "10", dir.path("frames/%04d.png")])
        let run = try CLIRun(["video", dir.path("frames/%04d.png"), "--fps", "10", "--preset", "ultrafast",
                              "--sticker", Self.sticker, "--json", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let out = dir.path("frames-stickered.mp4")
        let made = try MediaTools.stream(out, countFrames: true)
        #expect(made["nb_read_frames"] as? String == "10")
        #expect(made["avg_frame_rate"] as? String == "10/1")

        try FileManager.default.createDirectory(atPath: dir.path("pictures"), withIntermediateDirectories: true)
        let back = try CLIRun(["video", out, "-o", dir.path("pictures/%03d.jpg"), "--sticker", Self.sticker, "-q"])
        #expect(back.status == 0, "\(back.stderr)")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: dir.path("pictures")).sorted()
        #expect(pictures == (1...10).map { String(format: "%03d.jpg", $0) }, "no hidden folder left: \(pictures)")
        let first = try ImageFile.read(path: dir.path("pictures/001.jpg"))
        #expect(first.width == 176 && first.height == 144)

        // Pictures written where the input's pictures are (`%4d` is `%04d`, as ffmpeg pads): refused before any work.
        let onto = try CLIRun(["video", dir.path("frames/%04d.png"), "-o", dir.path("frames/%4d.png"), "--sticker", Self.sticker])
        #expect(onto.status == 2)
        #expect(onto.stderrLines == ["facesticker: -o \(dir.path("frames/%4d.png")) would overwrite the input sequence "
            + "\(dir.path("frames/0001.png")); choose another name (nothing was written)"])

        let missing = try CLIRun(["video", dir.path("none/%04d.png"), "--sticker", Self.sticker])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("facesticker: \(dir.path("none/%04d.png")): no picture matches the pattern"), "\(missing.stderr)")
    }

    // MARK: --tracks-in

    /// A tracks file written by --tracks re-renders without a detector; edited,
    /// its faces are drawn where it says; a bad one is named.
    @Test func tracksInRendersWithoutDetecting() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("clip.mp4")
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-frames:v", "8", "-c:v", "libx264",
                               "-preset", "ultrafast", clip])
        let first = try CLIRun(["video", clip, "-o", dir.path("a.mp4"), "--tracks", dir.path("a.json"), "--preset", "ultrafast",
                                "--sticker", Self.sticker, "--detect-every", "1", "-q"])
        #expect(first.status == 0, "\(first.stderr)")
        // No model at all: nothing is detected.
        let again = try CLIRun(["video", clip, "-o", dir.path("b.mp4"), "--tracks-in", dir.path("a.json"), "--tracks", dir.path("b.json"),
                                "--preset", "ultrafast", "--sticker", Self.sticker, "--model", "/nonexistent/model.onnx", "--json", "-q"])
        #expect(again.status == 0, "\(again.stderr)")
        let boxes = { (path: String) throws -> [[Double]] in
            let root = try #require(try JSONSerialization.jsonObject(with: Self.bytes(path)) as? [String: Any])
            return (root["frames"] as? [[String: Any]] ?? []).flatMap { ($0["faces"] as? [[String: Any]] ?? []).compactMap { $0["box"] as? [Double] } }
        }
        let original = try boxes(dir.path("a.json"))
        #expect(!original.isEmpty)
        #expect(try boxes(dir.path("b.json")) == original, "the faces drawn are the file's")
        #expect(try Self.json(again.stdout)["tracksIn"] as? String == dir.path("a.json"))

        _ = try dir.write("bad.json", #"{"frames": [{"index": 0, "faces": [{"id": 0, "box": [1, 2, -3, 4]}]}]}"#)
        let bad = try CLIRun(["video", clip, "-o", dir.path("c.mp4"), "--tracks-in", dir.path("bad.json"), "--sticker", Self.sticker])
        #expect(bad.status == 1)
        #expect(bad.stderrLines == ["facesticker: \(dir.path("bad.json")): key \"frames[0].faces[0].box\": "
            + "not [x, y, width, height] with a positive width and height"])
        #expect(!FileManager.default.fileExists(atPath: dir.path("c.mp4")))
    }
}
