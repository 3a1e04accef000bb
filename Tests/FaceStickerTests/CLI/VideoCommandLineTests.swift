import FaceSticker
import Foundation
import Testing

extension VideoCommandTests {
    // MARK: Command line

    @Test(arguments: [
        (["/nonexistent/clip.mp4"], "/nonexistent/clip.mp4: no such file"),
        (["TEXT"], "not a readable video"),
        (["CLIP", "-o", "@out.webm"], "cannot hold H.264"),
        (["CLIP", "CLIP", "-o", "@x.mp4"], "use --out-dir"),
        (["CLIP", "-o", "@missing/x.mp4"], "does not exist"),
        (["CLIP", "--crf", "60"], "--crf"),
        (["CLIP", "--preset", "warp"], "--preset: \"warp\" is not one of"),
        (["CLIP", "--detect-every", "0"], "--detect-every"),
        (["CLIP", "--assign", "random"], "--assign"),
        (["CLIP", "--bogus"], "--bogus"),
        ([], "no video given"),
    ])
    func badInputGivesOneLineAndExitOne(arguments: [String], mention: String) throws {
        let dir = try TemporaryDirectory()
        let text = try dir.write("notes.mp4", "not a video\n")
        let clip = Self.video("carphone.mp4")
        let run = try Self.run(arguments.map { argument in
            switch argument {
            case "TEXT": return text
            case "CLIP": return clip
            case _ where argument.hasPrefix("@"): return dir.path(String(argument.dropFirst()))
            default: return argument
            }
        })
        // Problems with the command line (options, arguments) are usage errors, exit 2;
        // files that cannot be read or written exit 1.
        let usage = mention.hasPrefix("--") || ["use --out-dir", "no video given"].contains(mention)
        #expect(run.status == (usage ? 2 : 1), "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderrLines.first?.hasPrefix("facesticker: ") == true)
        #expect(run.stderr.contains(mention), "\(run.stderr)")
        #expect(dir.contents() == ["notes.mp4"], "nothing written")
    }

    /// On a terminal: one progress line, redrawn in place, ending as the summary.
    @Test func aTerminalGetsAProgressLine() throws {
        let dir = try TemporaryDirectory()
        let command = [Fixtures.cli, "video", "--sticker", Self.sticker, "--preset", "ultrafast",
                       Self.video("carphone.mp4"), "-o", dir.path("out.mp4")].map { "'\($0)'" }.joined(separator: " ")
        // util-linux `script` runs the command on a pseudo-terminal.
        let shown = try MediaTools.run("script", ["-qefc", command, "/dev/null"])
        #expect(shown.contains("\r\u{1B}[K\(Self.video("carphone.mp4")): 120/120 frames, "), "\(shown.debugDescription)")
        #expect(shown.contains(" fps"))
        let last = shown.components(separatedBy: "\r\u{1B}[K").last ?? ""
        #expect(last.contains("120 frames, 1 face,"), "the line ends as the summary: \(last.debugDescription)")
    }

    /// Audio the output container cannot hold (PCM in MP4) is re-encoded, with a warning.
    /// An encoder that stops reading partway (a full disk, a crash) is an error
    /// naming the output, exit 1, nothing left behind: not a SIGPIPE that ends
    /// us (the library blocks SIGPIPE only around its own writes).
    @Test func anEncoderThatDiesIsAnErrorNotASignal() throws {
        let dir = try TemporaryDirectory()
        let bin = dir.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        // The real ffmpeg decodes; as the encoder (raw frames on pipe:0) it takes a little and quits.
        try Workspace.writeExecutable(bin + "/ffmpeg", text: """
            #!/bin/sh
            case " $* " in
            *" -i pipe:0 "*) head -c 100000 >/dev/null; echo "fake encoder: No space left on device" >&2; exit 1 ;;
            esac
            exec /usr/bin/ffmpeg "$@"
            """)
        let out = dir.path("out.mp4")
        let run = try CLIRun(["video", "--sticker", Self.sticker, Self.video("carphone.mp4"), "-o", out],
                             environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.last?.contains("\(out): cannot write: encoder stopped") == true, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).sorted() == ["bin"])
    }

    @Test func audioTheContainerCannotHoldIsReencoded() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("pcm.mov")
        try MediaTools.ffmpeg(["-i", Self.video("carphone.mp4"), "-f", "lavfi", "-i", "sine=f=440:d=1", "-frames:v", "20",
                               "-c:v", "copy", "-c:a", "pcm_s16le", "-shortest", clip])
        let output = dir.path("out.mp4")
        let run = try Self.run([clip, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.first == "facesticker: warning: \(clip): pcm_s16le audio cannot be copied into .mp4; re-encoded as AAC")
        #expect(try MediaTools.stream(output, "a")["codec_name"] as? String == "aac")
    }

    /// Several inputs and a folder for --tracks: one tracks file per output.
    @Test func severalInputsWriteTracksIntoAFolder() throws {
        let dir = try TemporaryDirectory()
        for name in ["a.mp4", "b.mp4"] {
            try MediaTools.ffmpeg(["-i", Self.video("carphone.mp4"), "-frames:v", "6", "-c:v", "libx264",
                                   "-preset", "ultrafast", dir.path(name)])
        }
        try FileManager.default.createDirectory(atPath: dir.path("tracks"), withIntermediateDirectories: false)
        let run = try Self.run([dir.path("a.mp4"), dir.path("b.mp4"), "--out-dir", dir.path("out"), "--tracks", dir.path("tracks")])
        #expect(run.status == 0, "\(run.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: dir.path("tracks")).sorted()) ==
            ["a-stickered.tracks.json", "b-stickered.tracks.json"])
        let refused = try Self.run([dir.path("a.mp4"), dir.path("b.mp4"), "--out-dir", dir.path("out"),
                                    "--tracks", dir.path("t.json")])
        #expect(refused.status == 2 && refused.stderr.contains("--tracks"))
    }

    /// A folder as input: every video in it, earlier outputs skipped; one summary line each, and the batch's.
    @Test func aFolderProcessesEveryVideoInIt() throws {
        let dir = try TemporaryDirectory()
        for name in ["a.mp4", "b.mkv"] {
            try MediaTools.ffmpeg(["-i", Self.video("carphone.mp4"), "-frames:v", "12", "-c:v", "libx264",
                                   "-preset", "ultrafast", dir.path(name)])
        }
        _ = try dir.write("readme.txt", "not a video")
        let run = try Self.run([dir.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(dir.contents() == ["a-stickered.mp4", "a.mp4", "b-stickered.mkv", "b.mkv", "readme.txt"])
        try #require(run.stderrLines.count == 3, "\(run.stderr)")
        #expect(run.stderrLines.prefix(2).allSatisfy { $0.contains("12 frames") && $0.contains("1 face") && $0.contains(" s (") })
        #expect(run.stderrLines.last == "video: 2 written, 0 skipped (already there), 0 failed", "the batch's line")
        let again = try Self.run([dir.url.path, "--quiet", "--json", "--out-dir", dir.path("out")])
        #expect(again.status == 0)
        #expect(again.stderr.isEmpty, "--quiet: no summary lines")
        #expect(again.stdoutLines.count == 2, "the -stickered outputs are not inputs")
    }
}
