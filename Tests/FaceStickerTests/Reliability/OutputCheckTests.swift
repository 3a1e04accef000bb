import FaceSticker
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, class 3: every output is in the checked set and checked before
/// any work (live as selfie; one folder reached by two paths; a FIFO; a
/// closed stdout; `--out-dir`), and the folders a failed run made are gone.
/// Class 4: `--skip-existing` skips only complete outputs. Class 7: batch
/// results are printed in input order.
@Suite struct OutputCheckTests {
    static let haar = ["--detector", "haar"]

    /// An eight-frame H.264 clip of the carphone video (quick to sticker).
    static func shortClip(_ ws: Workspace, _ name: String = "short.mp4") throws -> String {
        let path = ws.path(name)
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try MediaTools.ffmpegOnce(["-i", Fixtures.carphone, "-frames:v", "8", "-c:v", "libx264", "-preset", "ultrafast", path])
        return path
    }

    /// The CLI run in a mount namespace of its own in which `bind` is a bind
    /// mount of `real` (read-only with `readOnly`): needs root and unshare(1),
    /// else the test is cancelled with the reason. The mount ends with the run.
    static func withBindMount(real: String, bind: String, readOnly: Bool = false, _ arguments: [String],
                              directory: String) throws -> CLIRun {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            try Test.cancel("a bind mount needs root and unshare(1)")
        }
        // unshare itself may be refused (a chroot, a container without CAP_SYS_ADMIN): probed once (issue #41).
        guard ImageSequenceOutputTests.canMount else {
            try Test.cancel("cannot make a mount namespace here (unshare -m is refused): a bind mount needs one")
        }
        let remount = readOnly ? " && mount -o remount,bind,ro \"$2\"" : ""
        let script = "mount --bind \"$1\" \"$2\"\(remount) || exit 99; shift 2; exec \"$0\" \"$@\""
        let run = try CLIRun(program: "/usr/bin/unshare", ["-m", "/bin/sh", "-c", script, Fixtures.cli, real, bind] + arguments,
                             directory: directory, deadline: 300)
        if run.status == 99 { try Test.cancel("cannot bind-mount here: \(run.stderr)") }
        return run
    }

    /// A refused run: exit 2, one line holding `mentions`, the workspace unchanged.
    static func expectRefused(_ run: CLIRun, mentions: [String], ws: Workspace, before: [String: Workspace.Entry]) {
        #expect(!run.hung)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        for mention in mentions {
            #expect(run.stderr.contains(mention), "\"\(run.stderr)\" should mention \"\(mention)\"")
        }
        #expect(ws.snapshot() == before, "files changed, added or removed")
    }

    // MARK: Class 3: live lists what it reads and writes

    struct LiveCase: Sendable, CustomStringConvertible {
        let description: String
        /// The arguments after `live`, and the words the line must hold.
        let make: @Sendable (Workspace) throws -> (arguments: [String], mentions: [String])
    }

    static let liveCases: [LiveCase] = [
        LiveCase(description: "-o on a photo of the --source folder (selfie refuses it too)") { ws in
            _ = try ws.photo("src/a.png")
            _ = try ws.photo("src/b.png")
            return (["--source", ws.path("src"), "--y4m", ws.path("o.y4m"), "-o", ws.path("src/a.png")],
                    ["-o", "a photo of the source folder", ws.path("src/a.png")])
        },
        LiveCase(description: "--y4m on a photo of the --source folder") { ws in
            _ = try ws.photo("src/a.png")
            _ = try ws.photo("src/b.png")
            return (["--source", ws.path("src"), "--y4m", ws.path("src/b.png")], ["--y4m", "a photo of the source folder"])
        },
        LiveCase(description: "--y4m on the --source video") { ws in
            let clip = try ws.video()
            return (["--source", clip, "--y4m", clip], ["--y4m", "the source", clip])
        },
        LiveCase(description: "-o on the sticker picture") { ws in
            let sticker = try ws.opaqueSticker("in-use.png")
            return (["--source", try ws.video(), "--y4m", ws.path("o.y4m"), "--sticker", sticker, "-o", sticker],
                    ["-o", "sticker picture", sticker])
        },
        LiveCase(description: "--y4m on the detector config") { ws in
            let config = try ws.write("config.json", text: #"{"detector": "haar"}"#)
            return (["--source", try ws.video(), "--config", config, "--y4m", config], ["--y4m", "detector config", config])
        },
    ]

    @Test(arguments: liveCases)
    func liveRefusesAnOutputOnWhatItReads(_ item: LiveCase) throws {
        let ws = try Workspace()
        let (arguments, mentions) = try item.make(ws)
        let sticker = arguments.contains("--sticker") ? [] : ["--sticker", try ws.opaqueSticker()]
        let before = ws.snapshot()
        let run = try CLIRun(["live", "--fast"] + Self.haar + sticker + arguments, directory: ws.root, deadline: 120)
        Self.expectRefused(run, mentions: mentions, ws: ws, before: before)
    }

    // MARK: Class 3: one folder reached by two paths

    struct Alias: Sendable, CustomStringConvertible {
        let description: String
        /// A second path, through `how`, to `name` in the folder `real` (made, empty); true when it needs a bind mount.
        let make: @Sendable (Workspace, _ name: String) throws -> (path: String, mount: Bool)
    }

    static let aliases: [Alias] = [
        Alias(description: "a bind mount of the folder") { ws, name in
            (try ws.folder("bind") + "/" + name, true)
        },
        Alias(description: "a symbolic link to the folder") { ws, name in
            try FileManager.default.createSymbolicLink(atPath: ws.path("sym"), withDestinationPath: "real")
            return (ws.path("sym/" + name), false)
        },
        Alias(description: "two symbolic links, relative") { ws, name in
            try FileManager.default.createSymbolicLink(atPath: ws.path("sym"), withDestinationPath: "real")
            try FileManager.default.createSymbolicLink(atPath: ws.path("sym2"), withDestinationPath: "sym")
            return ("sym2/" + name, false)
        },
        Alias(description: "a hard link to an output already there") { ws, name in
            let existing = try ws.write("real/" + name, text: "an older output\n")
            guard link(existing, ws.path("alias-" + name)) == 0 else { throw Workspace.Missing(what: "a hard link") }
            return (ws.path("alias-" + name), false)
        },
    ]

    /// `video -o real/t.mp4 --tracks ALIAS/t.mp4`: the video would be renamed over the tracks file.
    @Test(arguments: aliases)
    func videoOutputsOnOneFileByTwoPaths(_ alias: Alias) throws {
        let ws = try Workspace()
        let clip = try Self.shortClip(ws)
        _ = try ws.folder("real")
        let (tracks, mount) = try alias.make(ws, "t.mp4")
        let arguments = ["video", "--sticker", try ws.opaqueSticker()] + Self.haar
            + [clip, "-o", "real/t.mp4", "--tracks", tracks]
        let before = ws.snapshot()
        let run = mount ? try Self.withBindMount(real: ws.path("real"), bind: ws.path("bind"), arguments, directory: ws.root)
            : try CLIRun(arguments, directory: ws.root, deadline: 300)
        Self.expectRefused(run, mentions: ["--tracks", tracks, "is also -o real/t.mp4"], ws: ws, before: before)
    }

    /// `live -o real/s.png --y4m ALIAS/s.png`: the shot and the stream on one file.
    @Test(arguments: aliases)
    func liveOutputsOnOneFileByTwoPaths(_ alias: Alias) throws {
        let ws = try Workspace()
        _ = try ws.folder("real")
        let (y4m, mount) = try alias.make(ws, "s.png")
        let arguments = ["live", "--fast", "--sticker", try ws.opaqueSticker()] + Self.haar
            + ["--source", try Self.shortClip(ws), "-o", "real/s.png", "--y4m", y4m]
        let before = ws.snapshot()
        let run = mount ? try Self.withBindMount(real: ws.path("real"), bind: ws.path("bind"), arguments, directory: ws.root)
            : try CLIRun(arguments, directory: ws.root, deadline: 300)
        Self.expectRefused(run, mentions: ["-o real/s.png", "is also --y4m", y4m], ws: ws, before: before)
    }

    // MARK: Class 3: a FIFO with no reader, a closed stdout

    /// `live --y4m out.fifo` with nobody reading says it waits, and a signal ends it the usual way.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aFIFOWithNoReaderWaitsAndASignalEndsTheRun(_ number: Int32) throws {
        let ws = try Workspace()
        let clip = try Self.shortClip(ws)
        let fifo = try ws.fifo("out.fifo")
        let sticker = try ws.opaqueSticker()
        let before = ws.snapshot()
        let run = try CLIRun.Running(["live", "--fast", "--sticker", sticker] + Self.haar
                                         + ["--source", clip, "--y4m", fifo], directory: ws.root)
        #expect(run.waitFor("waiting for a reader", seconds: 120), "\(run.stderr)")
        kill(run.pid, number)
        let ended = run.finish(deadline: 30)
        #expect(!ended.hung && ended.status == 128 + number, "one \(SignalCleanup.name(number)) ends the run: \(ended.stderr)")
        #expect(ended.stderrLines == ["live: --y4m \(fifo): waiting for a reader of the FIFO (Ctrl-C stops)",
                                      "facesticker: interrupted by \(SignalCleanup.name(number)); no output written"],
                "\(ended.stderr)")
        #expect(ws.snapshot() == before, "nothing left behind")
    }

    /// A reader that comes later gets the whole stream.
    @Test func aFIFOReaderThatComesLaterGetsTheStream() throws {
        let ws = try Workspace()
        let clip = try Self.shortClip(ws)
        let fifo = try ws.fifo("out.fifo")
        let run = try CLIRun.Running(["live", "--fast", "--sticker", try ws.opaqueSticker()] + Self.haar
                                         + ["--source", clip, "--y4m", fifo], directory: ws.root)
        #expect(run.waitFor("waiting for a reader", seconds: 120), "\(run.stderr)")
        let handle = try #require(FileHandle(forReadingAtPath: fifo))
        let bytes = handle.readDataToEndOfFile()
        try handle.close()
        let ended = run.finish(deadline: 120)
        #expect(ended.status == 0, "\(ended.stderr)")
        let stream = try #require(Y4MStream([UInt8](bytes)))
        #expect(stream.width == 176 && stream.height == 144 && stream.frames.count == 8)
    }

    /// `live --y4m -` with stdout closed is exit 1 and one line, as for every other command.
    @Test(arguments: [["--fast"], ["--duration", "1"], ["--fast", "--stats"]])
    func liveY4MOnAClosedStdoutIsAFailure(_ extra: [String]) throws {
        let ws = try Workspace()
        let arguments = ["live", "--source", try Self.shortClip(ws), "--y4m", "-", "--sticker", try ws.opaqueSticker()]
            + Self.haar + extra
        let before = ws.snapshot()
        let run = try CLIRun(shell: "\"$0\" \"$@\" >&-", arguments, directory: ws.root, deadline: 120)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines == ["facesticker: standard output: cannot write: Bad file descriptor"], "\(run.stderr)")
        #expect(ws.snapshot() == before)
    }

    /// A closed stdout that the run does not write to is no failure.
    @Test func liveY4MToAFileWithStdoutClosedSucceeds() throws {
        let ws = try Workspace()
        let arguments = ["live", "--source", try Self.shortClip(ws), "--fast", "--y4m", ws.path("o.y4m"), "-q",
                         "--sticker", try ws.opaqueSticker()] + Self.haar
        let run = try CLIRun(shell: "\"$0\" \"$@\" >&-", arguments, directory: ws.root, deadline: 120)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try #require(Y4MStream(try [UInt8](Data(contentsOf: URL(fileURLWithPath: ws.path("o.y4m")))))).frames.count == 8)
    }

    // MARK: Class 3: --out-dir checked once, before any work

    struct OutDirCase: Sendable, CustomStringConvertible {
        let description: String
        /// The --out-dir, the words of the line, and whether it is a read-only bind mount of `ro`.
        let make: @Sendable (Workspace) throws -> (outDir: String, reason: String, readOnly: Bool)
    }

    static let outDirCases: [OutDirCase] = [
        OutDirCase(description: "a file") { ws in (try ws.write("list.txt", text: "x\n"), "not a folder", false) },
        OutDirCase(description: "/dev/null") { _ in ("/dev/null", "not a folder", false) },
        OutDirCase(description: "a folder under a file") { ws in
            (try ws.write("list.txt", text: "x\n") + "/out/deeper", "\(ws.path("list.txt")) is not a folder", false)
        },
        OutDirCase(description: "a read-only folder") { ws in (try ws.folder("ro"), "folder is not writable", true) },
        OutDirCase(description: "a new folder in a read-only one") { ws in
            _ = try ws.folder("ro")
            return (ws.path("ro/new/out"), "folder \(ws.path("ro")) is not writable", true)
        },
    ]

    static let outDirCommands = ["photo", "video"]

    @Test(arguments: outDirCases, outDirCommands)
    func aBadOutDirIsRefusedOnceBeforeAnyWork(_ item: OutDirCase, command: String) throws {
        let ws = try Workspace()
        if command == "photo" {
            _ = try ws.photo("in/a.png")
            _ = try ws.photo("in/b.png")
        } else {
            _ = try Self.shortClip(ws, "in/a.mp4")
            _ = try Self.shortClip(ws, "in/b.mp4")
        }
        let (outDir, reason, readOnly) = try item.make(ws)
        let arguments = [command, ws.path("in"), "--out-dir", outDir, "--sticker", try ws.opaqueSticker()] + Self.haar
        let before = ws.snapshot()
        let run: CLIRun
        if readOnly, getuid() == 0 {
            run = try Self.withBindMount(real: ws.path("ro"), bind: ws.path("ro"), readOnly: true, arguments, directory: ws.root)
        } else if readOnly {
            chmod(ws.path("ro"), 0o555)
            defer { chmod(ws.path("ro"), 0o755) }
            run = try CLIRun(arguments, directory: ws.root, deadline: 300)
        } else {
            run = try CLIRun(arguments, directory: ws.root, deadline: 300)
        }
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines == ["facesticker: \(outDir): cannot write: \(reason)"], "one line, no work: \(run.stderr)")
        #expect(ws.snapshot() == before)
    }

    // MARK: Class 3: every folder a failed run made is removed, and only those

    struct FolderCase: Sendable, CustomStringConvertible {
        let description: String
        let command: String
        /// Folders there before the run (kept), and the --out-dir under them.
        let existing: [String]
        let outDir: String
    }

    static let folderCases: [FolderCase] = [
        FolderCase(description: "video bad.mp4 --out-dir x/y/z", command: "video", existing: [], outDir: "x/y/z"),
        FolderCase(description: "photo bad.png --out-dir x/y/z", command: "photo", existing: [], outDir: "x/y/z"),
        FolderCase(description: "video bad.mp4 --out-dir kept/y/z", command: "video", existing: ["kept"], outDir: "kept/y/z"),
        FolderCase(description: "photo bad.png --out-dir kept/y/z (absolute)", command: "photo", existing: ["kept"],
                   outDir: "ABS/kept/y/z"),
    ]

    @Test(arguments: folderCases)
    func aFailedRunRemovesTheFoldersItMade(_ item: FolderCase) throws {
        let ws = try Workspace()
        let bad = try ws.write(item.command == "video" ? "bad.mp4" : "bad.png", text: "not a picture\n")
        for folder in item.existing { _ = try ws.folder(folder) }
        let outDir = item.outDir.replacingOccurrences(of: "ABS", with: ws.root)
        let sticker = try ws.opaqueSticker()
        let before = ws.snapshot()
        let run = try CLIRun([item.command, bad, "--out-dir", outDir, "--sticker", sticker] + Self.haar,
                             directory: ws.root, deadline: 120)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains(bad), "\(run.stderr)")
        #expect(ws.snapshot() == before, "the folders made are gone, the ones there before kept")
    }

    /// `photo -r` into --out-dir: the sub-folder whose photo failed is removed, the others keep their outputs.
    @Test func aBatchRemovesOnlyTheFoldersLeftEmpty() throws {
        let ws = try Workspace()
        _ = try ws.photo("album/good/a.png")
        _ = try ws.write("album/bad/b.png", text: "not a picture\n")
        let run = try CLIRun(["photo", "-r", ws.path("album"), "--out-dir", ws.path("out/deep"), "-q",
                              "--sticker", try ws.opaqueSticker()] + Self.haar, directory: ws.root, deadline: 120)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains(ws.path("album/bad/b.png")), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.path("out/deep")) == ["good"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.path("out/deep/good")) == ["a-stickered.png"])
    }

    /// A signal while the video is written into folders the run made: those
    /// folders go with the temporary file (`Cleanup.madeFolder`).
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalRemovesTheFoldersTheRunMade(_ signal: Int32) throws {
        let ws = try Workspace()
        let long = ws.path("long.mp4")
        try MediaTools.ffmpegOnce(["-stream_loop", "4", "-i", Fixtures.carphone, "-c:v", "libx264", "-preset", "ultrafast", long])
        _ = try ws.folder("kept")
        let sticker = try ws.opaqueSticker()
        let before = ws.snapshot()
        let running = try CLIRun.Running(["video", long, "--out-dir", ws.path("kept/made/deeper"), "--sticker", sticker]
                                         + Self.haar, directory: ws.root)
        // Until the temporary output is there: a guard against a run that never writes, not a timing.
        let started = Date()
        var writing = false
        while !writing, Date().timeIntervalSince(started) < 240, running.wait(seconds: 0.05) == nil {
            writing = !((try? FileManager.default.contentsOfDirectory(atPath: ws.path("kept/made/deeper"))) ?? []).isEmpty
        }
        try #require(writing, "no output was being written: \(running.stderr)")
        kill(running.pid, signal)
        let run = running.finish(deadline: 120)
        #expect(run.status == 128 + signal, "\(run.stderr)")
        #expect(ws.snapshot() == before, "kept/made/deeper and kept/made are gone, kept is there")
    }
}
