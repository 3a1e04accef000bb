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
}
