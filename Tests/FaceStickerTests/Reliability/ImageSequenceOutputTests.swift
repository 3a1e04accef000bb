@testable import FaceSticker
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, class 2: an image sequence (`video IN -o out/%04d.png`, `video
/// frames/%04d.png`) is an output like any other. Its frames are checked
/// against every file the run reads or writes before any work, written whole
/// into a scratch folder that no signal or error leaves behind and put in place
/// as one set (older frames of the pattern beyond the new count removed), and
/// the pattern follows ffmpeg's rules in one parser; an input sequence with a
/// gap or a frame that is no file is refused before ffprobe opens it.
@Suite struct ImageSequenceOutputTests {
    static let base = ["video", "-q", "--detector", "haar", "--preset", "ultrafast"]

    /// The call with an opaque sticker made in `ws` once (or the `--sticker` the case gives in `rest`).
    static func call(_ ws: Workspace, _ rest: [String]) throws -> [String] {
        let sticker = FileManager.default.fileExists(atPath: ws.path("sticker.png")) ? ws.path("sticker.png") : try ws.opaqueSticker()
        return base + (rest.contains("--sticker") ? [] : ["--sticker", sticker]) + rest
    }

    static func run(_ ws: Workspace, _ rest: [String], environment: [String: String] = [:]) throws -> CLIRun {
        let run = try CLIRun(try call(ws, rest), environment: environment, directory: ws.root, deadline: 300)
        try #require(!run.hung, "hung: \(run.stderr)")
        return run
    }

    /// An 8-frame clip, `clip.mp4`.
    static func clip(_ ws: Workspace, frames: Int = 8) throws -> String {
        try MediaTools.ffmpegOnce(["-i", Fixtures.carphone, "-frames:v", String(frames), "-c:v", "libx264", "-preset", "ultrafast",
                                   ws.path("clip.mp4")])
        return "clip.mp4"
    }

    /// `count` frames of the test video as pictures named by ffmpeg's `pattern` in `folder`.
    static func frames(_ ws: Workspace, _ folder: String, _ pattern: String = "%04d.png", count: Int = 8) throws {
        _ = try ws.folder(folder)
        // ffmpeg reads the whole path as the pattern: a % in the folder is written %%.
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-frames:v", String(count),
                               ws.path(folder.replacingOccurrences(of: "%", with: "%%") + "/" + pattern)])
    }

    /// The names in `folder` of the workspace, hidden ones too, sorted.
    static func names(_ ws: Workspace, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: ws.path(folder))) ?? []).sorted()
    }

    static func frameCount(_ path: String) throws -> String? {
        try MediaTools.stream(path, countFrames: true)["nb_read_frames"] as? String
    }

    /// Whether this machine lets a test mount in a mount namespace of its own (root, `unshare -m`).
    static let canMount: Bool = {
        guard let ws = try? Workspace(), let point = try? ws.folder("mnt"),
              let run = try? CLIRun(program: "/usr/bin/unshare", ["-m", "/bin/sh", "-c", "mount -t tmpfs -o size=16k tmpfs \"$0\"", point],
                                    deadline: 60) else { return false }
        return run.status == 0
    }()

    static var needsMount: ConditionTrait {
        .enabled(if: canMount, "needs root and a mount namespace of its own (unshare -m) for a bind mount or a small disk")
    }

    // MARK: Signals

    struct Interruption: Sendable, CustomStringConvertible {
        let signal: Int32
        let pattern: String
        let tracks: Bool
        var description: String { "\(SignalCleanup.name(signal)) writing \(pattern)\(tracks ? " with --tracks" : "")" }
    }

    static let interruptions: [Interruption] = SignalCleanup.signals.map { Interruption(signal: $0, pattern: "sig/%04d.png", tracks: false) }
        + [Interruption(signal: SIGUSR1, pattern: "sig/%03d.jpg", tracks: true),
           Interruption(signal: SIGTERM, pattern: "sig/%d.png", tracks: true)]

    /// A signal while frames are written: no scratch folder, no frame and no
    /// tracks file is left, and the frames there before are as they were.
    @Test(arguments: interruptions)
    func aSignalLeavesNoScratchFolder(_ item: Interruption) throws {
        let ws = try Workspace()
        let long = ws.path("long.mp4")
        try MediaTools.ffmpegOnce(["-stream_loop", "4", "-i", Fixtures.carphone, "-c:v", "libx264", "-preset", "ultrafast", long])
        let oldName = ImageSequence.Pattern.split(try ImageSequence.Pattern(item.pattern).path(frame: 1)).name
        _ = try ws.write("sig/" + oldName, text: "an older frame")
        // -y: the older frame is to be replaced (and, the run stopped, kept).
        let arguments = try Self.call(ws, ["long.mp4", "-o", item.pattern, "-y"] + (item.tracks ? ["--tracks", "t.json"] : []))
        let before = ws.snapshot()
        let running = try CLIRun.Running(arguments, directory: ws.root)
        // Until the scratch folder holds a frame: a guard against a run that never writes, not a timing.
        let started = Date()
        var writing = false
        while !writing, Date().timeIntervalSince(started) < 240, running.wait(seconds: 0.05) == nil {
            writing = Self.names(ws, "sig").contains { $0.hasPrefix(".facesticker-frames-") && !Self.names(ws, "sig/" + $0).isEmpty }
        }
        try #require(writing, "no frame was being written: \(running.stderr)")
        kill(running.pid, item.signal)
        let run = running.finish(deadline: 120)
        #expect(run.status == 128 + item.signal, "\(run.stderr)")
        #expect(run.stderrLines == ["facesticker: interrupted by \(SignalCleanup.name(item.signal)); no output written"])
        #expect(Self.names(ws, "sig") == [oldName])
        #expect(ws.snapshot() == before, "nothing left, nothing changed")
    }

    // MARK: Frames checked against what the run reads and writes

    struct Clash: Sendable, CustomStringConvertible {
        let what: String
        /// The arguments after the common ones, the line expected, the environment, and a folder to bind-mount onto another.
        let make: @Sendable (Workspace) throws -> (arguments: [String], line: String, environment: [String: String], bind: (String, String)?)
        var description: String { what }
    }

    /// A manifest in `stickers/` whose sticker `hat` is `0003.png`.
    static func manifest(_ ws: Workspace) throws -> [String: String] {
        _ = try ws.folder("stickers")
        _ = try ws.opaqueSticker("stickers/0003.png")
        _ = try ws.write("stickers/stickers.json", text: #"{"stickers": [{"name": "hat", "layers": [{"art": "0003.png", "anchor": "eyes", "size": 2}]}]}"#)
        return ["FACESTICKER_STICKERS": ws.path("stickers")]
    }

    static func refusal(_ output: String, _ rest: String) -> String {
        "facesticker: -o \(output) \(rest); choose another name (nothing was written)"
    }

    static let clashes: [Clash] = [
        Clash(what: "-o through a symbolic link to the input sequence's folder") { ws in
            try frames(ws, "in")
            try FileManager.default.createSymbolicLink(atPath: ws.path("link"), withDestinationPath: "in")
            return (["in/%04d.png", "-o", "link/%04d.png"], refusal("link/%04d.png", "would overwrite the input sequence in/0001.png"), [:], nil)
        },
        Clash(what: "-o in a bind mount of the input sequence's folder") { ws in
            try frames(ws, "in")
            _ = try ws.folder("bind")
            return (["in/%04d.png", "-o", "bind/%04d.png"], refusal("bind/%04d.png", "would overwrite the input sequence in/0001.png"),
                    [:], ("in", "bind"))
        },
        Clash(what: "-o where %4d names the input's frames (ffmpeg pads %4d with zeros)") { ws in
            try frames(ws, "in")
            return (["in/%04d.png", "-o", "in/%4d.png"], refusal("in/%4d.png", "would overwrite the input sequence in/0001.png"), [:], nil)
        },
        Clash(what: "-o %02d onto frame 10 of an input named by %d") { ws in
            try frames(ws, "in", "%d.png", count: 12)
            return (["in/%d.png", "-o", "in/%02d.png"], refusal("in/%02d.png", "would overwrite the input sequence in/10.png"), [:], nil)
        },
        Clash(what: "-o over the --sticker picture") { ws in
            _ = try ws.folder("art")
            _ = try ws.opaqueSticker("art/0001.png")
            return ([try clip(ws), "--sticker", "art/0001.png", "-o", "art/%04d.png"],
                    refusal("art/%04d.png", "would overwrite the sticker picture art/0001.png"), [:], nil)
        },
        Clash(what: "-o over a --sticker link named like a frame") { ws in
            _ = try ws.opaqueSticker("hat.png")
            _ = try ws.folder("art")
            try FileManager.default.createSymbolicLink(atPath: ws.path("art/0002.png"), withDestinationPath: "../hat.png")
            return ([try clip(ws), "--sticker", "art/0002.png", "-o", "art/%04d.png"],
                    refusal("art/%04d.png", "would overwrite the sticker picture art/0002.png"), [:], nil)
        },
        Clash(what: "-o over an old frame hard-linked as the --sticker") { ws in
            _ = try ws.folder("out")
            _ = try ws.opaqueSticker("out/0005.png")
            guard link(ws.path("out/0005.png"), ws.path("hat.png")) == 0 else { throw Workspace.Missing(what: "a hard link") }
            return ([try clip(ws), "--sticker", "hat.png", "-o", "out/%04d.png"],
                    refusal("out/%04d.png", "would overwrite the sticker picture hat.png"), [:], nil)
        },
        Clash(what: "-o over installed sticker art") { ws in
            let environment = try manifest(ws)
            return ([try clip(ws), "--sticker", "hat", "-o", "stickers/%04d.png"],
                    refusal("stickers/%04d.png", "would overwrite the art of sticker hat \(ws.path("stickers/0003.png"))"), environment, nil)
        },
        Clash(what: "-o over the --tracks file") { ws in
            _ = try ws.folder("tj")
            return ([try clip(ws), "--tracks", "tj/0002.png", "-o", "tj/%04d.png"], refusal("tj/%04d.png", "is also --tracks tj/0002.png"), [:], nil)
        },
        Clash(what: "-o over the --tracks-in file") { ws in
            _ = try ws.write("tj/0003.png", text: #"{"frames": []}"#)
            return ([try clip(ws), "--tracks-in", "tj/0003.png", "-o", "tj/%04d.png"],
                    refusal("tj/%04d.png", "would overwrite --tracks-in tj/0003.png"), [:], nil)
        },
        Clash(what: "-o %d over a --tracks file numbered far beyond the video") { ws in
            _ = try ws.folder("tj")
            return ([try clip(ws), "--tracks", "tj/99999.png", "-o", "tj/%d.png"], refusal("tj/%d.png", "is also --tracks tj/99999.png"), [:], nil)
        },
    ]

    /// Refused before any work: exit 2, one line naming the pattern and the file, nothing changed.
    @Test(arguments: clashes)
    func framesAreCheckedAgainstEveryFileOfTheRun(_ item: Clash) throws {
        let ws = try Workspace()
        let (arguments, line, environment, bind) = try item.make(ws)
        if bind != nil, !Self.canMount { return } // a bind mount needs root in a mount namespace of its own
        let full = try Self.call(ws, arguments)
        let before = ws.snapshot()
        let run: CLIRun
        if let bind {
            // In a mount namespace of its own, so the mount ends with the run.
            run = try CLIRun(program: "/usr/bin/unshare", ["-m", "/bin/sh", "-c", "mount --bind \"$1\" \"$2\" && shift 2 && exec \"$0\" \"$@\"",
                                                           Fixtures.cli, bind.0, bind.1] + full,
                             environment: environment, directory: ws.root, deadline: 300)
        } else {
            run = try CLIRun(full, environment: environment, directory: ws.root, deadline: 300)
        }
        try #require(!run.hung)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines == [line])
        #expect(ws.snapshot() == before, "nothing written, nothing removed")
    }

    // MARK: Written whole

    /// A folder named like a frame, below or beyond the new count: refused
    /// before any work (renaming a picture onto it would fail half-way).
    @Test(arguments: ["xd/0003.png", "xd/0012.png"])
    func aFolderWhereAFrameGoesIsRefusedBeforeAnyWork(_ folder: String) throws {
        let ws = try Workspace()
        _ = try ws.folder(folder)
        _ = try ws.write("xd/0001.png", text: "an older frame")
        // -y: the older frame may be replaced; the folder still cannot be.
        let arguments = try Self.call(ws, [try Self.clip(ws), "-o", "xd/%04d.png", "-y"])
        let before = ws.snapshot()
        let run = try CLIRun(arguments, directory: ws.root, deadline: 300)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines == ["facesticker: xd/%04d.png: cannot write: \(folder) is a folder, which a picture cannot replace"])
        #expect(ws.snapshot() == before)
    }

    /// 20 old frames, 8 new, with -y: the folder then holds the 8 new ones only, as a
    /// replaced file holds only its new content; names the pattern cannot
    /// make (`00001.png`, `0001.jpg`, `notes.txt`) are kept.
    @Test func olderFramesOfThePatternAreReplacedWhole() throws {
        let ws = try Workspace()
        for number in 1...20 { _ = try ws.write(String(format: "old/%04d.png", number), text: "old frame \(number)") }
        for other in ["old/12345.png", "old/00001.png", "old/0001.jpg", "old/notes.txt"] { _ = try ws.write(other, text: "other") }
        let run = try Self.run(ws, [try Self.clip(ws), "-o", "old/%04d.png", "-y"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty)
        #expect(Self.names(ws, "old") == ["00001.png", "0001.jpg"] + (1...8).map { String(format: "%04d.png", $0) } + ["notes.txt"])
        for number in 1...8 {
            let picture = try ImageFile.read(path: ws.path(String(format: "old/%04d.png", number)))
            #expect(picture.width == 176 && picture.height == 144)
        }
    }

    /// The input's frames and the output's may share a folder when no name is shared.
    @Test func framesBesideTheInputsWithOtherNamesAreWritten() throws {
        let ws = try Workspace()
        try Self.frames(ws, "in")
        let before = ws.snapshot()
        let run = try Self.run(ws, ["in/%04d.png", "-o", "in/%03d.png"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.names(ws, "in") == (1...8).flatMap { [String(format: "%03d.png", $0), String(format: "%04d.png", $0)] }.sorted())
        let after = ws.snapshot()
        for (name, entry) in before where name.hasPrefix("in/") { #expect(after[name] == entry, "\(name) is read, not written") }
    }

    /// A disk that fills half-way: one line naming the pattern (never the
    /// scratch folder), and the old frames as they were.
    @Test(Self.needsMount) func aFullDiskLeavesTheOldFrames() throws {
        let ws = try Workspace()
        let clip = try Self.clip(ws)
        _ = try ws.folder("small")
        let script = """
            mount -t tmpfs -o size=100k tmpfs small || exit 99
            printf 'old one' > small/0001.png; printf 'old two' > small/0002.png
            "$0" "$@"; status=$?
            ls -A small; cat small/0001.png small/0002.png
            exit $status
            """
        let run = try CLIRun(program: "/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, Fixtures.cli] + (try Self.call(ws, [clip, "-o", "small/%04d.png", "-y"])),
                             directory: ws.root, deadline: 300)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: small/%04d.png: cannot write: "), "\(run.stderr)")
        #expect(!run.stderr.contains(".facesticker-frames"), "the scratch folder is never named")
        #expect(run.stdoutLines == ["0001.png", "0002.png", "old oneold two"])
    }

    // MARK: Input sequences

    struct BadInput: Sendable, CustomStringConvertible {
        let what: String
        /// Makes the sequence; gives its pattern and the line expected.
        let make: @Sendable (Workspace) throws -> (pattern: String, line: String)
        var description: String { what }
    }

    /// Frames 1 to 8 of `in/%04d.png` with frame 4 made by `replace`.
    static func fourth(_ ws: Workspace, _ replace: (String) throws -> Void) throws -> String {
        try frames(ws, "in")
        try FileManager.default.removeItem(atPath: ws.path("in/0004.png"))
        try replace(ws.path("in/0004.png"))
        return "in/%04d.png"
    }

    static let badInputs: [BadInput] = [
        BadInput(what: "a missing frame in the middle") { ws in
            (try fourth(ws) { _ in }, "facesticker: in/%04d.png: in/0004.png is missing, but in/0005.png is there: the sequence has a gap (fill or renumber it)")
        },
        BadInput(what: "a missing frame 10 of a %d sequence") { ws in
            try frames(ws, "n", "%d.png", count: 12)
            try FileManager.default.removeItem(atPath: ws.path("n/10.png"))
            return ("n/%d.png", "facesticker: n/%d.png: n/10.png is missing, but n/11.png is there: the sequence has a gap (fill or renumber it)")
        },
        BadInput(what: "a sequence that starts at frame 7") { ws in
            _ = try ws.write("late/0007.png", try Data(contentsOf: URL(fileURLWithPath: Fixtures.astronaut)).map { $0 })
            return ("late/%04d.png", "facesticker: late/%04d.png: no picture matches the pattern for frame 0 to 4 (where a sequence starts); "
                + "the first is late/0007.png")
        },
        BadInput(what: "a FIFO as frame 4") { ws in
            (try fourth(ws) { guard mkfifo($0, 0o644) == 0 else { throw Workspace.Missing(what: "a FIFO") } },
             "facesticker: in/0004.png: a FIFO (named pipe), not a file; give a regular file")
        },
        BadInput(what: "a folder as frame 4") { ws in
            (try fourth(ws) { try FileManager.default.createDirectory(atPath: $0, withIntermediateDirectories: false) },
             "facesticker: in/0004.png: a folder, not a file")
        },
        BadInput(what: "a link to /dev/zero as frame 4") { ws in
            (try fourth(ws) { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "/dev/zero") },
             "facesticker: in/0004.png: a device, not a file")
        },
        BadInput(what: "a dangling link as frame 4") { ws in
            (try fourth(ws) { try FileManager.default.createSymbolicLink(atPath: $0, withDestinationPath: "gone.png") },
             "facesticker: in/0004.png: no such file")
        },
    ]

    /// Refused before ffprobe opens a frame (nothing blocks): exit 1, one line naming the frame, no output.
    @Test(arguments: badInputs)
    func aBrokenInputSequenceIsNamedBeforeAnyWork(_ item: BadInput) throws {
        let ws = try Workspace()
        let (pattern, line) = try item.make(ws)
        let run = try Self.run(ws, [pattern, "-o", "out.mp4"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines == [line])
        #expect(!FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }
}
