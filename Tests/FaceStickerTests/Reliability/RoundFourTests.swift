import Foundation
import Testing
@testable import FaceSticker

/// Issue #41 (reliability, round four): usage errors found by a hostile run are
/// usage errors (exit 2, one line naming what the user typed), before any work.
@Suite struct RoundFourTests {
    /// (arguments, what the one line must name); IMAGE and VIDEO stand for the fixtures, OUT for a path in the test's folder.
    static let usage: [([String], [String])] = [
        // A detector option against another option (or the config's value) names both options.
        (["detect", "IMAGE", "--detector", "haar", "--max-size", "16"], ["--max-size", "--min-size (24)", "16"]),
        (["detect", "IMAGE", "--detector", "haar", "--min-size", "40", "--max-size", "30"], ["--max-size", "--min-size (40)"]),
        // An output name no writer has a format for.
        (["photo", "IMAGE", "-o", "OUT/x.gif"], ["x.gif", "unknown image type"]),
        // Video reads files by path, never standard input.
        (["video", "-", "-o", "OUT/x.mp4"], ["standard input", "by its path"]),
    ]

    @Test(arguments: usage)
    func aUsageErrorIsExitTwoOnOneLineBeforeAnyWork(arguments: [String], mentions: [String]) throws {
        let dir = try TemporaryDirectory()
        let args = arguments.map {
            $0 == "IMAGE" ? Fixtures.astronaut : $0 == "VIDEO" ? Fixtures.carphone : $0.replacingOccurrences(of: "OUT", with: dir.url.path)
        }
        let run = try CLIRun(args, stdin: Data())
        #expect(run.status == 2, "\(args): \(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        for word in mentions {
            #expect(run.stderr.contains(word.replacingOccurrences(of: "OUT", with: dir.url.path)), "\(word) not in: \(run.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty, "nothing is written")
    }

    /// A FIFO or a UNIX socket at an output path (photo -o, video -o, --tracks) is refused
    /// before any work, with -y too, and left as it was: outputs are renamed into place,
    /// which would replace it.
    @Test(arguments: [("photo", "out.png", "fifo"), ("photo", "out.png", "socket"), ("video", "out.mp4", "fifo"),
                      ("video", "tracks.json", "fifo"), ("video", "out.mp4", "socket")])
    func aFIFOOrSocketAtAnOutputIsRefused(command: String, name: String, kind: String) throws {
        let dir = try TemporaryDirectory()
        let path = dir.path(name)
        var socketFD: Int32 = -1
        if kind == "fifo" {
            try #require(mkfifo(path, 0o644) == 0)
        } else {
            socketFD = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "the socket's path fits")
            withUnsafeMutableBytes(of: &address.sun_path) { raw in for (i, b) in bytes.enumerated() { raw[i] = b } }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try #require(bound == 0, "bind: \(errno)")
        }
        defer { if socketFD >= 0 { close(socketFD) } }
        let args: [String]
        if command == "photo" {
            args = ["photo", Fixtures.astronaut, "-o", path, "--detector", "haar"]
        } else if name == "tracks.json" {
            args = ["video", Fixtures.carphone, "-o", dir.path("out.mp4"), "--tracks", path, "--detector", "haar"]
        } else {
            args = ["video", Fixtures.carphone, "-o", path, "--detector", "haar"]
        }
        for overwrite in [false, true] {
            let run = try CLIRun(args + (overwrite ? ["-y"] : []))
            #expect(run.status == 2, "\(args): \(run.stderr)")
            #expect(run.stderrLines.count == 1 && run.stderr.contains(path) && run.stderr.contains(kind == "fifo" ? "FIFO" : "socket"),
                    "\(run.stderr)")
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == (kind == "fifo" ? S_IFIFO : S_IFSOCK), "left as it was")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == [name], "nothing else written")
        }
    }

    /// No-clobber is atomic (issue #41, item 5): without -y, an output that another program
    /// wrote while the run worked (here a shell, once the run's hidden temporary file
    /// appears) is kept, and the run fails naming it, leaving no temporary; with -y it is replaced.
    @Test(arguments: [false, true])
    func anOutputThatAppearsDuringTheRunIsNotReplacedWithoutY(overwrite: Bool) throws {
        let dir = try TemporaryDirectory()
        let script = """
            cd "$1"
            "$FS" video "$2" -o out.mp4 --detector haar --detect-every 1 $3 2> err.txt &
            pid=$!
            i=0
            while ! ls -a | grep -q '^\\.out\\.part-'; do
                i=$((i + 1)); [ $i -gt 6000 ] && { kill $pid; echo "no temporary appeared"; exit 9; }
                sleep 0.01
            done
            echo other > out.mp4
            wait $pid
            echo "status $?"
            """
        let run = try CLIRun(shell: script, [dir.url.path, Fixtures.carphone, overwrite ? "-y" : "-q"])
        let said = "\(run.stdout) \(run.stderr) \((try? String(contentsOfFile: dir.path("err.txt"), encoding: .utf8)) ?? "")"
        let written = try Data(contentsOf: URL(fileURLWithPath: dir.path("out.mp4")))
        if overwrite {
            #expect(run.stdout.contains("status 0"), "\(said)")
            #expect(written.count > 1000, "-y replaces it")
        } else {
            #expect(run.stdout.contains("status 1"), "\(said)")
            #expect(String(decoding: written, as: UTF8.self) == "other\n", "the other program's file is kept")
            let err = try String(contentsOfFile: dir.path("err.txt"), encoding: .utf8)
            #expect(err.contains("out.mp4: cannot write: another program wrote it during the run; it is not replaced"), "\(err)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "temporaries left: \(left)")
    }

    /// Two inputs whose tracks files would share a name (a folder for --tracks): the
    /// refusal names both inputs.
    @Test func twoInputsWhoseTracksFilesClashAreNamed() throws {
        let dir = try TemporaryDirectory()
        for folder in ["a", "b", "t"] { try FileManager.default.createDirectory(atPath: dir.path(folder), withIntermediateDirectories: true) }
        let (a, b) = (dir.path("a/x.mp4"), dir.path("b/x.mkv"))
        try FileManager.default.copyItem(atPath: Fixtures.carphone, toPath: a)
        try FileManager.default.copyItem(atPath: Fixtures.carphone, toPath: b)
        let run = try CLIRun(["video", a, b, "--out-dir", dir.path("o"), "--tracks", dir.path("t"), "--detector", "haar"])
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1 && run.stderr.contains(a) && run.stderr.contains(b) && run.stderr.contains("x-stickered.tracks.json"),
                "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("o")), "nothing made")
    }

    /// A tracks box of a million pixels is named for that, not called "not positive".
    @Test(arguments: [("[0, 0, 1000000, 40]", "beyond 1,000,000 pixels"), ("[0, 0, -5, 40]", "positive width and height"),
                      ("[1e300, 0, 5, 40]", "beyond 1,000,000 pixels")])
    func aTracksBoxIsNamedForItsProblem(box: String, problem: String) throws {
        let text = "{\"frames\": [{\"index\": 0, \"faces\": [{\"id\": 0, \"box\": \(box)}]}]}"
        #expect {
            _ = try TracksFile.decode(Data(text.utf8), path: "t.json")
        } throws: { error in
            "\(error)".contains("frames[0].faces[0].box") && "\(error)".contains(problem)
        }
    }

    /// A config whose relative "model" path is not there: the one line names the config,
    /// the key and the folder a relative path is taken from.
    @Test func aConfigsRelativeModelIsNamedWithTheConfig() throws {
        let dir = try TemporaryDirectory()
        let config = dir.path("cfg.json")
        try Data(#"{"detector": "yunet", "model": "models/yunet.onnx"}"#.utf8).write(to: URL(fileURLWithPath: config))
        let run = try CLIRun(["detect", Fixtures.astronaut, "--config", config], directory: "/")
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1 && run.stderr.contains(config) && run.stderr.contains("model")
                && run.stderr.contains("relative path is taken from the current folder (/)"), "\(run.stderr)")
    }

    /// `-v` and `-q` before the command are the command's (a newcomer's first try).
    @Test func verboseAndQuietMayComeBeforeTheCommand() throws {
        let verbose = try CLIRun(["-v", "detect", Fixtures.astronaut, "--detector", "haar"])
        #expect(verbose.status == 0, "\(verbose.stderr)")
        #expect(verbose.stderr.contains("detector: haar"), "-v's detail lines: \(verbose.stderr)")
        let dir = try TemporaryDirectory()
        let quiet = try CLIRun(["--quiet", "-v", "photo", Fixtures.astronaut, "-o", dir.path("o.png"), "--detector", "haar"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        let alone = try CLIRun(["-v"])
        #expect(alone.status == 2 && alone.stderr.contains("unknown option -v"), "\(alone.stderr)")
    }

    /// A video output whose name picks no container ffmpeg can put H.264 in is named with
    /// that problem, not with ffmpeg's "Unable to find a suitable output format", and
    /// nothing is written.
    @Test(arguments: ["x.txt", "clip.mp4.bak", "x.json"])
    func aVideoOutputNamedAsNoContainerIsNamed(name: String) throws {
        let dir = try TemporaryDirectory()
        let out = dir.path(name)
        let run = try CLIRun(["video", Fixtures.carphone, "-o", out, "--detector", "haar"])
        #expect(run.status == 1)
        let ext = (name as NSString).pathExtension
        #expect(run.stderrLines == ["facesticker: \(out): cannot write: a .\(ext) name is no video container (use .mp4, .mkv or .mov)"],
                "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty, "nothing is written")
    }

    /// --tracks-in with a part (item 2): a tracks file of the whole video draws the part's
    /// own frames (each output frame's faces are the input frame's, by the file's
    /// "firstFrame"), and one of a part is refused, before any work, for a run that starts
    /// before it; from within it, it draws its frames.
    @Test func aWholeVideosTracksDrawAPartOfIt() throws {
        let dir = try TemporaryDirectory()
        let (whole, part) = (dir.path("whole.json"), dir.path("part.json"))
        let common = ["video", Fixtures.carphone, "--preset", "ultrafast", "-y"]
        let first = try CLIRun(common + ["-o", dir.path("w.mp4"), "--tracks", whole])
        #expect(first.status == 0, "\(first.stderr)")
        let wholeFile = try TracksFile.load(path: whole)
        #expect(wholeFile.firstFrame == 0)
        func boxes(_ file: TracksFile, _ index: Int) -> [Rect] { (file.faces[index] ?? []).map(\.face.box) }
        #expect((90..<120).contains { !boxes(wholeFile, $0).isEmpty }, "faces in the part to compare")

        let drawn = try CLIRun(common + ["-o", dir.path("p.mp4"), "--start", "3", "--tracks-in", whole, "--tracks", part])
        #expect(drawn.status == 0 && drawn.stderrLines.count == 1, "no warning: \(drawn.stderr)")
        let partFile = try TracksFile.load(path: part)
        #expect(partFile.firstFrame == 90 && partFile.faces.count == 30)
        for k in 0..<30 { #expect(boxes(partFile, k) == boxes(wholeFile, 90 + k), "output frame \(k) is input frame \(90 + k)") }

        let before = try CLIRun(common + ["-o", dir.path("x.mp4"), "--start", "2", "--tracks-in", part])
        #expect(before.status == 1 && before.stderrLines.count == 1 && before.stderr.contains(part)
                && before.stderr.contains("frame 90") && before.stderr.contains("frame 60"), "\(before.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("x.mp4")))
        let within = try CLIRun(common + ["-o", dir.path("x.mp4"), "--start", "3.5", "--tracks-in", part,
                                          "--tracks", dir.path("within.json")])
        #expect(within.status == 0, "\(within.stderr)")
        let withinFile = try TracksFile.load(path: dir.path("within.json"))
        for k in 0..<15 { #expect(boxes(withinFile, k) == boxes(wholeFile, 105 + k)) }
    }

    /// No-clobber holds for an image sequence too: without -y, a picture another program
    /// wrote at a frame's name during the run is kept and no picture is put in place; with
    /// -y the sequence replaces it, whole.
    @Test(arguments: [false, true])
    func aPictureThatAppearsDuringTheRunIsNotReplacedWithoutY(overwrite: Bool) throws {
        let dir = try TemporaryDirectory()
        let script = """
            cd "$1"
            mkdir frames
            "$FS" video "$2" -o 'frames/%04d.png' --detector haar --detect-every 1 $3 2> err.txt &
            pid=$!
            i=0
            while ! ls -a frames | grep -q '^\\.facesticker-frames-'; do
                i=$((i + 1)); [ $i -gt 6000 ] && { kill $pid; echo "no scratch folder appeared"; exit 9; }
                sleep 0.01
            done
            echo other > frames/0005.png
            wait $pid
            echo "status $?"
            """
        let run = try CLIRun(shell: script, [dir.url.path, Fixtures.carphone, overwrite ? "-y" : "-q"])
        let err = (try? String(contentsOfFile: dir.path("err.txt"), encoding: .utf8)) ?? ""
        let pictures = try FileManager.default.contentsOfDirectory(atPath: dir.path("frames"))
        let fifth = try Data(contentsOf: URL(fileURLWithPath: dir.path("frames/0005.png")))
        if overwrite {
            #expect(run.stdout.contains("status 0"), "\(run.stdout) \(err)")
            #expect(pictures.count == 120 && fifth.count > 1000, "-y replaces it: \(pictures.count) pictures")
        } else {
            #expect(run.stdout.contains("status 1"), "\(run.stdout) \(err)")
            #expect(pictures == ["0005.png"] && String(decoding: fifth, as: UTF8.self) == "other\n", "kept, and nothing else placed: \(pictures)")
            #expect(err.contains("frames/0005.png: cannot write: another program wrote it during the run; no picture is replaced"), "\(err)")
        }
    }

    /// --skip-existing tells a part from the whole and from another part (item 3), by the
    /// record kept with the output (`OutputRecord`), and by its frames where a copy lost it.
    @Test func skipExistingTellsAPartFromTheWhole() throws {
        let dir = try TemporaryDirectory()
        let output = dir.path("o.mp4")
        let common = ["video", Fixtures.carphone, "-o", output, "--preset", "ultrafast", "--tracks-in",
                      try dir.write("none.json", #"{"frames": []}"#), "--skip-existing"]
        func run(_ range: [String]) throws -> String {
            let run = try CLIRun(common + range)
            #expect(run.status == 0, "\(run.stderr)")
            return run.stderr
        }
        func frames() throws -> Int { Int(try MediaTools.stream(output, countFrames: true)["nb_read_frames"] as? String ?? "") ?? -1 }
        _ = try run(["--start", "1", "--duration", "1"])
        #expect(OutputRecord.read(path: output) == OutputRecord(part: "1000000-2000000", foundFace: false))
        #expect(try run([]).contains("incomplete (it is the part from 1 s to 2 s, not the whole video); done again"))
        #expect(try frames() == 120)
        #expect(try run([]).contains("skipped"))
        _ = try run(["--start", "1", "--duration", "1"])
        // Another part of the same length, and the whole video stickered over the same part.
        #expect(try run(["--start", "2", "--duration", "1"]).contains("not the part from 2 s to 3 s"))
        #expect(try run(["--start", "2", "--duration", "1", "--keep-rest"]).contains("not the whole video stickered from 2 s to 3 s"))
        #expect(try frames() == 120)
        // A copy that dropped the record: its frames tell the part from the whole.
        _ = try run(["--start", "1", "--duration", "1"])
        let copy = try Data(contentsOf: URL(fileURLWithPath: output))
        try FileManager.default.removeItem(atPath: output)
        try copy.write(to: URL(fileURLWithPath: output))
        #expect(OutputRecord.read(path: output) == nil)
        #expect(try run([]).contains("it has 30 frames, the whole video of the input 120"))
    }

    /// --skip-existing skips a complete image sequence, untouched (item 6), and does one
    /// again whose pictures are not all there.
    @Test func skipExistingSkipsACompleteImageSequence() throws {
        let dir = try TemporaryDirectory()
        let pattern = dir.path("%04d.png")
        let common = ["video", Fixtures.carphone, "-o", pattern, "--start", "3", "--tracks-in",
                      try dir.write("none.json", #"{"frames": []}"#), "--skip-existing"]
        let first = try CLIRun(common)
        #expect(first.status == 0, "\(first.stderr)")
        func inode(_ name: String) throws -> Int { (try FileManager.default.attributesOfItem(atPath: dir.path(name))[.systemFileNumber] as? Int) ?? -1 }
        let before = try inode("0030.png")
        let again = try CLIRun(common)
        #expect(again.status == 0 && again.stderr.contains("is already there; skipped"), "\(again.stderr)")
        #expect(try inode("0030.png") == before, "untouched")
        try FileManager.default.removeItem(atPath: dir.path("0017.png"))
        let redo = try CLIRun(common)
        #expect(redo.status == 0 && redo.stderr.contains("are not numbered 1 to 29"), "\(redo.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path("0017.png")))
        // The whole video is not this part.
        let whole = try CLIRun(common.filter { $0 != "--start" && $0 != "3" })
        #expect(whole.status == 0 && whole.stderr.contains("not the whole video"), "\(whole.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir.path("0120.png")))
    }

    /// --require-face counts an output --skip-existing skipped as its record says (item 7):
    /// exit 3 on the re-run too, and --json says so; a copy without the record is not counted, with a note.
    @Test(arguments: ["photo", "video"])
    func requireFaceRemembersSkippedOutputsWithoutAFace(command: String) throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("gray.png"), output = dir.path(command == "photo" ? "o.png" : "o.mp4")
        try MediaTools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=160x120", "-frames:v", "1", input])
        let args = command == "photo" ? ["photo", input, "-o", output, "--detector", "haar"]
            : ["video", Fixtures.carphone, "-o", output, "--preset", "ultrafast", "--tracks-in", try dir.write("none.json", #"{"frames": []}"#)]
        let first = try CLIRun(args + ["--require-face", "--skip-existing"])
        #expect(first.status == 3, "\(first.stderr)")
        let again = try CLIRun(args + ["--require-face", "--skip-existing", "--json"])
        #expect(again.status == 3, "\(again.stderr)")
        #expect(again.stdout.contains(#""status": "skipped", "foundFace": false"#), "\(again.stdout)")
        let copy = try Data(contentsOf: URL(fileURLWithPath: output))
        try FileManager.default.removeItem(atPath: output)
        try copy.write(to: URL(fileURLWithPath: output))
        let unrecorded = try CLIRun(args + ["--require-face", "--skip-existing"])
        #expect(unrecorded.status == 0 && unrecorded.stderr.contains("records no face finding"), "\(unrecorded.stderr)")
    }

    /// A variable-rate Matroska video (carphone's first 60 frames at 30 a second, the other
    /// 60 at 10, with 8 s of sound): the output has the same frames over the same time as
    /// the input, whole (item 11) or a part, and a --start past its last frame is a usage
    /// error before any work (item 10). Matroska states no frame count: the frames' times
    /// come from a pass over its packets.
    @Test(arguments: ["mkv", "mp4"])
    func aVariableRateMatroskaKeepsItsDuration(ext: String) throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("vfr.mkv")
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=8",
                               "-map", "0:v", "-map", "1:a", "-vf", "setpts='if(lt(N,60),N/30,2+(N-60)/10)/TB'",
                               "-fps_mode", "vfr", "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", input])
        let none = try dir.write("none.json", #"{"frames": []}"#)
        func made(_ range: [String]) throws -> (frames: Int, lasts: Double, audioEnd: Double) {
            let output = dir.path("out." + ext)
            let run = try CLIRun(["video", input, "-o", output, "-y", "--preset", "ultrafast", "--tracks-in", none] + range)
            #expect(run.status == 0 && run.stderrLines.count == 2, "no warning: \(run.stderr)")
            let stream = try MediaTools.stream(output, countFrames: true)
            let frames = Int(stream["nb_read_frames"] as? String ?? "") ?? -1
            let rate = try #require(FrameRate(stream["avg_frame_rate"] as? String ?? ""))
            let times = try VideoRangeTests.frameTimes([output]).compactMap { $0 }
            return (frames, (times.last ?? 0) + 1 / rate.value, try VideoRangeTests.audioSpan(output).end)
        }
        let whole = try made([])
        #expect(whole.frames == 120 && abs(whole.lasts - 8) < 0.1 && abs(whole.audioEnd - 8) < 0.1, "\(whole)")
        // From 3 s: the frames at 3.0, 3.1 ... 7.9.
        let part = try made(["--start", "3"])
        #expect(part.frames == 50 && abs(part.lasts - 5) < 0.1 && abs(part.audioEnd - 5) < 0.1, "\(part)")
        let past = try CLIRun(["video", input, "-o", dir.path("past." + ext), "--start", "7.95", "--tracks-in", none])
        #expect(past.status == 2 && past.stderrLines.count == 1 && past.stderr.contains("past the end"), "\(past.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("past." + ext)))
    }

    /// A clean Matroska cut by ffmpeg (stamped in milliseconds) is not called damaged (item
    /// 12): two frames whose times round to one in the frame rate's ticks are no damage.
    @Test(Fixtures.needsShared("data/video")) func aCleanCutMatroskaIsNotCalledDamaged() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("cut.mkv")
        try MediaTools.ffmpeg(["-ss", "4", "-t", "3", "-i", Fixtures.sharedPath("data/video/Megamind.avi"),
                               "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", input])
        let run = try CLIRun(["video", input, "-o", dir.path("out.mp4"), "--preset", "ultrafast", "--tracks-in",
                              try dir.write("none.json", #"{"frames": []}"#)])
        #expect(run.status == 0 && !run.stderr.contains("damaged"), "\(run.stderr)")
        #expect(run.stderr.contains(": 72 frames"), "\(run.stderr)")
    }
}
