import FaceSticker
import Foundation
import Testing

/// Issue 23, class 1 (crashes: a path split that traps, Slurm numbers that
/// overflow, a detector given more pixels than OpenCV counts), class 3's
/// empty option values and class 7's frame rates, all through the CLI: a
/// number or a path from the user or a file never traps, and a value the run
/// cannot use is a usage error before any work.
@Suite struct ArithmeticAndUsageTests {
    static let haar = BadInputs.haar

    /// `count` 64x48 numbered PNGs, `folder/0001.png` ... (three by default).
    static func frames(_ ws: Workspace, in folder: String, count: Int = 3) throws {
        _ = try ws.folder(folder)
        try MediaTools.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=64x48:rate=5", "-frames:v", String(count),
                               ws.path(folder) + "/%04d.png"])
    }

    /// Every file under the workspace, relative, sorted.
    static func files(_ ws: Workspace) -> [String] {
        ((FileManager.default.enumerator(atPath: ws.root)?.allObjects as? [String]) ?? []).filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: ws.path(path), isDirectory: &folder) && !folder.boolValue
        }.sorted()
    }

    static func expectNoCrash(_ run: CLIRun) {
        #expect(run.signal == nil && !run.hung, "ended by signal \(run.signal ?? 0): \(run.stderr.prefix(400))")
    }

    // MARK: Class 1: default outputs for every path shape

    /// `video 'x/%04d.png'` trapped in NSString.deletingLastPathComponent (a one-letter
    /// folder); every shape of a sequence path gets its documented default output.
    @Test(arguments: [
        ("x", "x/%04d.png", "x-stickered.mp4"),              // the issue's case
        ("ab", "ab/%04d.png", "ab-stickered.mp4"),           // what worked
        ("x", "./x/%04d.png", "x-stickered.mp4"),
        ("x", "x//%04d.png", "x-stickered.mp4"),             // a doubled slash
        ("x/y", "x/y/%04d.png", "x/y-stickered.mp4"),        // one-letter folders all the way
        ("x", "x/./%04d.png", "x/frames-stickered.mp4"),     // a folder named `.`: inside it
    ])
    func sequenceDefaultOutputs(folder: String, input: String, output: String) throws {
        let ws = try Workspace()
        try Self.frames(ws, in: folder)
        let run = try CLIRun(["video", "-q", "--sticker", try ws.opaqueSticker()] + Self.haar + [input],
                             directory: ws.root, deadline: 300)
        Self.expectNoCrash(run)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: ws.path(output)), "\(Self.files(ws))")
    }

    /// A sequence in the current folder (`%04d.png`, `./%04d.png`) has no folder name to
    /// borrow: `frames-stickered.mp4` beside the frames; with --out-dir, in it.
    @Test(arguments: [("%04d.png", nil, "x/frames-stickered.mp4"), ("./%04d.png", nil, "x/frames-stickered.mp4"),
                      ("%04d.png", "o", "x/o/frames-stickered.mp4"), ("../x/%04d.png", "../o", "o/x-stickered.mp4")])
    func sequencesInTheCurrentFolder(input: String, outDir: String?, output: String) throws {
        let ws = try Workspace()
        try Self.frames(ws, in: "x")
        let run = try CLIRun(["video", "-q", "--sticker", try ws.opaqueSticker()] + Self.haar + [input]
                             + (outDir.map { ["--out-dir", $0] } ?? []), directory: ws.path("x"), deadline: 300)
        Self.expectNoCrash(run)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: ws.path(output)), "\(Self.files(ws))")
    }

    /// The same trap hit one-letter files: `photo a`, `video v`, `live --y4m y`.
    @Test(arguments: ["photo", "video", "live"])
    func oneLetterFilesGetTheirDefaultOutputs(command: String) throws {
        let ws = try Workspace()
        let sticker = try ws.opaqueSticker()
        let arguments: [String], expected: String
        switch command {
        case "photo":
            _ = try ws.photo("a")
            (arguments, expected) = (["photo", "-q", "--sticker", sticker] + Self.haar + ["a"], "a-stickered.png")
        case "video":
            _ = try ws.video("v")
            (arguments, expected) = (["video", "-q", "--sticker", sticker] + Self.haar + ["v"], "v-stickered.mkv")
        default:
            _ = try ws.photo("a.png")
            (arguments, expected) = (["live", "-q", "--sticker", sticker] + Self.haar
                                     + ["--source", "a.png", "--y4m", "y", "--duration", "0.5"], "y")
        }
        let run = try CLIRun(arguments, directory: ws.root, deadline: 300)
        Self.expectNoCrash(run)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: ws.path(expected)), "\(Self.files(ws))")
    }

    // MARK: Class 1: --shard auto with numbers that overflow

    static let intMax = String(Int.max), intMin = String(Int.min)

    /// Every scheduler variable `--shard auto` reads, at the ends of 64 bits: one
    /// usage line naming the variable, exit 2, nothing written (no --out-dir made).
    @Test(arguments: [
        // The issue's two cases.
        (["SLURM_ARRAY_TASK_ID": intMax, "SLURM_ARRAY_TASK_MIN": intMin, "SLURM_ARRAY_TASK_COUNT": "3"],
         "SLURM_ARRAY_TASK_ID=\(intMax) is too far from SLURM_ARRAY_TASK_MIN=\(intMin)"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MAX": intMax], "SLURM_ARRAY_TASK_MAX=\(intMax)"),
        // Variants: each difference, sum and conversion.
        (["SLURM_ARRAY_TASK_ID": intMin, "SLURM_ARRAY_TASK_MIN": intMax, "SLURM_ARRAY_TASK_COUNT": "3"],
         "SLURM_ARRAY_TASK_ID=\(intMin) is too far"),
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_MIN": "5", "SLURM_ARRAY_TASK_MAX": intMin],
         "SLURM_ARRAY_TASK_MAX=\(intMin)"),
        (["SLURM_ARRAY_TASK_ID": intMax, "SLURM_ARRAY_TASK_MAX": intMax, "SLURM_ARRAY_TASK_STEP": "1"],
         "SLURM_ARRAY_TASK_MAX=\(intMax)"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_STEP": intMin, "SLURM_ARRAY_TASK_COUNT": "3"],
         "SLURM_ARRAY_TASK_STEP=\(intMin) is not positive"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_STEP": "0", "SLURM_ARRAY_TASK_COUNT": "3"],
         "SLURM_ARRAY_TASK_STEP=0 is not positive"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": intMax], "SLURM_ARRAY_TASK_COUNT=\(intMax)"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": intMin], "SLURM_ARRAY_TASK_COUNT=\(intMin)"),
        (["SLURM_ARRAY_TASK_ID": "99999999999999999999", "SLURM_ARRAY_TASK_COUNT": "3"],
         "SLURM_ARRAY_TASK_ID=\"99999999999999999999\" is too large"),
        (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_MIN": "-99999999999999999999", "SLURM_ARRAY_TASK_COUNT": "3"],
         "SLURM_ARRAY_TASK_MIN=\"-99999999999999999999\" is too large"),
        (["JOB_COMPLETION_INDEX": intMax, "FACESTICKER_SHARD_COUNT": intMax],
         "JOB_COMPLETION_INDEX=\(intMax), FACESTICKER_SHARD_COUNT=\(intMax)): N must be 1...1000000"),
        (["AWS_BATCH_JOB_ARRAY_INDEX": intMin, "FACESTICKER_SHARD_COUNT": "3"],
         "AWS_BATCH_JOB_ARRAY_INDEX=\(intMin), FACESTICKER_SHARD_COUNT=3): the index must be 0...2"),
        (["FACESTICKER_SHARD": "\(intMax)/\(intMax)"], "FACESTICKER_SHARD=\(intMax)/\(intMax): N must be 1...1000000"),
        (["FACESTICKER_SHARD": "1/99999999999999999999"], "FACESTICKER_SHARD=\"1/99999999999999999999\" is not I/N"),
    ])
    func schedulerNumbersThatOverflowAreUsageErrors(environment: [String: String], problem: String) throws {
        try expectShardRefused(command: "photo", environment: environment, problem: problem)
    }

    /// The issue's two Slurm cases on `video` too (the same one parser).
    @Test(arguments: [
        (["SLURM_ARRAY_TASK_ID": intMax, "SLURM_ARRAY_TASK_MIN": intMin, "SLURM_ARRAY_TASK_COUNT": "3"],
         "SLURM_ARRAY_TASK_ID=\(intMax)"),
        (["SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_MAX": intMax], "SLURM_ARRAY_TASK_MAX=\(intMax)"),
    ])
    func schedulerNumbersThatOverflowOnVideo(environment: [String: String], problem: String) throws {
        try expectShardRefused(command: "video", environment: environment, problem: problem)
    }

    private func expectShardRefused(command: String, environment: [String: String], problem: String) throws {
        let ws = try Workspace()
        let input = command == "photo" ? try ws.photo() : try ws.video()
        var env = environment
        for key in ["FACESTICKER_SHARD", "FACESTICKER_SHARD_COUNT", "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN",
                    "SLURM_ARRAY_TASK_MAX", "SLURM_ARRAY_TASK_STEP", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX",
                    "AWS_BATCH_JOB_ARRAY_INDEX"] where env[key] == nil {
            env[key] = ""
        }
        let before = Self.files(ws)
        let run = try CLIRun([command, input, "--out-dir", ws.path("out"), "--shard", "auto"] + Self.haar,
                             environment: env, directory: ws.root)
        Self.expectNoCrash(run)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: --shard: auto")
                && run.stderr.contains(problem), "\(run.stderr)")
        #expect(Self.files(ws) == before && !FileManager.default.fileExists(atPath: ws.path("out")))
    }

    // MARK: Class 1: the pixels a detector is given

    static var needsCenterFace: ConditionTrait {
        .enabled(if: ModelStore.defaultModel(for: .centerface) != nil, "needs the CenterFace model (`make models`)")
    }

    /// The astronaut at 4000x2500, as the issue's big.jpg.
    static func bigPhoto(_ ws: Workspace, _ name: String = "big.jpg") throws -> String {
        let path = ws.path(name)
        try MediaTools.ffmpeg(["-i", Fixtures.astronaut, "-vf", "scale=4000:2500", "-q:v", "3", path])
        return path
    }

    static let boundNote = "the detector's copy of a picture is at most \(FaceFinder.maxInputPixels) pixels"

    /// `--input-size 16384 --max-upscale 4` on a 4000x2500 photo took 5.3 GiB and then
    /// called an int overflow "not a centerface model"; `--input-size 0` took 2.5 GiB.
    /// The copy is now at most 2^22 pixels (a note says so): the face is found, in
    /// about 1.1 GiB (debug build).
    @Test(Self.needsCenterFace, arguments: [["--input-size", "16384", "--max-upscale", "4"], ["--input-size", "0"]])
    func sizesFineAloneAreFineTogether(options: [String]) throws {
        let ws = try Workspace()
        let big = try Self.bigPhoto(ws)
        let run = try CLIRun(["detect", big] + options, directory: ws.root, deadline: 300)
        Self.expectNoCrash(run)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("not a centerface model"))
        #expect(run.stderrLines.first == "--input-size \(options[1]): " + Self.boundNote + "; a bigger one is shrunk to fit",
                "\(run.stderr)")
        #expect(run.stdoutLines.count == 1 && run.stdoutLines.first?.hasPrefix(big + " ") == true, "\(run.stdout)")
        #expect(run.peakBytes < 1600 << 20, "peak \(run.peakBytes >> 20) MiB")
        #expect(Self.files(ws) == ["big.jpg"])
    }

    /// The same bound for the other detectors and commands: photo with YuNet, a
    /// config's `inputSize`, video's `--detect-width` on an image sequence of big frames.
    @Test(Fixtures.needsYuNet, arguments: ["photo", "config", "video"])
    func theBoundHoldsForEveryCommand(command: String) throws {
        let ws = try Workspace()
        let arguments: [String], note: String, output: String
        switch command {
        case "photo":
            let big = try Self.bigPhoto(ws)
            (arguments, note, output) = (["photo", big, "--detector", "yunet", "--input-size", "16384", "--max-upscale", "4",
                                          "-o", ws.path("out.png")], "--input-size 16384", "out.png")
        case "config":
            let big = try Self.bigPhoto(ws)
            let config = try ws.write("big.json", text: #"{"detector": "yunet", "inputSize": 0}"#)
            (arguments, note, output) = (["detect", big, "--config", config], "the config's inputSize 0", "")
        default:
            _ = try ws.folder("f")
            try MediaTools.ffmpeg(["-i", Fixtures.astronaut, "-vf", "scale=4000:2500", "-frames:v", "1", ws.path("f/0001.png")])
            (arguments, note, output) = (["video", "f/%04d.png", "--detector", "yunet", "--detect-width", "16384",
                                          "-o", ws.path("out.mp4")], "--detect-width 16384", "out.mp4")
        }
        let sticker = command == "config" ? [] : ["--sticker", try ws.opaqueSticker()]
        let run = try CLIRun(arguments + sticker, directory: ws.root, deadline: 300)
        Self.expectNoCrash(run)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.first == "\(note): " + Self.boundNote + "; a bigger one is shrunk to fit", "\(run.stderr)")
        if !output.isEmpty { #expect(FileManager.default.fileExists(atPath: ws.path(output))) }
        #expect(run.peakBytes < 1600 << 20, "peak \(run.peakBytes >> 20) MiB")
    }

    /// The defaults and sizes within the bound give no note.
    @Test func noNoteWithinTheBound() throws {
        let ws = try Workspace()
        let run = try CLIRun(["detect", try ws.photo(), "--input-size", "2048"] + Self.haar, directory: ws.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains(Self.boundNote), "\(run.stderr)")
    }

    /// Numbers from ffprobe (a hostile file's nb_frames, duration, rotation) were
    /// converted unchecked (`Int(1e300)` traps): now they are no count and no turn.
    @Test(arguments: [
        #"s/"nb_frames": "[0-9]*"/"nb_frames": "1e300"/"#,
        #"s/"nb_frames": "[0-9]*"/"nb_frames": "0"/; s/"duration": "[0-9.]*"/"duration": "1e300"/"#,
        #"s/"codec_type": "video",/"codec_type": "video", "side_data_list": [{"rotation": 1e300}],/"#,
    ])
    func hostileProbeNumbersDoNotTrap(edit: String) throws {
        let ws = try Workspace()
        _ = try ws.folder("bin")
        try Workspace.writeExecutable(ws.path("bin/ffprobe"), text: """
            #!/bin/sh
            /usr/bin/ffprobe "$@" | sed -e '\(edit)'
            """)
        // Eight frames of the clip: the numbers are the probe's, not the frames'.
        let clip = ws.path("clip.mp4")
        try MediaTools.ffmpegOnce(["-i", Fixtures.carphone, "-frames:v", "8", "-an", "-c:v", "libx264", "-preset", "ultrafast", clip])
        let run = try CLIRun(["video", "-q", "--sticker", try ws.opaqueSticker()] + Self.haar
                             + [clip, "-o", ws.path("out.mp4")],
                             environment: ["PATH": ws.path("bin") + ":/usr/bin:/bin"], directory: ws.root, deadline: 300)
        Self.expectNoCrash(run)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }

    // MARK: Class 3: empty option values

    /// `--out-dir=`, `-o=`, `--tracks=` were taken as paths (`video --tracks=` ran the
    /// whole video, then failed). Every option given an empty value, `=` or a separate
    /// `''`, is one usage line naming it, exit 2, before any work: nothing is written.
    @Test(arguments: [
        // The issue's cases.
        (["photo", "IN.png", "--out-dir="], "--out-dir"),
        (["photo", "IN.png", "-o="], "--output"),
        (["video", "IN.mp4", "--tracks="], "--tracks"),
        // Separate empty arguments, and other options and commands of the same shape.
        (["photo", "IN.png", "-o", ""], "--output"),
        (["video", "IN.mp4", "--tracks", ""], "--tracks"),
        (["video", "IN.mp4", "--out-dir", ""], "--out-dir"),
        (["video", "IN.mp4", "--tracks-in="], "--tracks-in"),
        (["video", "IN.mp4", "--fps="], "--fps"),
        (["video", "IN.mp4", "--detect-width="], "--detect-width"),
        (["photo", "IN.png", "--sticker="], "--sticker"),
        (["photo", "IN.png", "--config", ""], "--config"),
        (["detect", "IN.png", "--model="], "--model"),
        (["detect", "IN.png", "--input-size="], "--input-size"),
        (["photo", "IN.png", "--shard="], "--shard"),
        (["photo", "IN.png", "--filter="], "--filter"),
        (["live", "--source", "IN.png", "--y4m="], "--y4m"),
        (["selfie", "--source", "IN.png", "--set="], "--set"),
        (["tune", "--dataset="], "--dataset"),
    ])
    func emptyValuesAreUsageErrors(arguments: [String], option: String) throws {
        let ws = try Workspace()
        let photo = try ws.photo("in.png"), video = try ws.video("in.mp4")
        let before = Self.files(ws)
        let run = try CLIRun(arguments.map { $0 == "IN.png" ? photo : $0 == "IN.mp4" ? video : $0 } + Self.haar,
                             directory: ws.root)
        Self.expectNoCrash(run)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: \(option): the value is empty (give "),
                "\(run.stderr)")
        #expect(Self.files(ws) == before, "\(Self.files(ws))")
    }

    // MARK: Class 7: the rate of an image sequence

    /// `video 's/%04d.png' --fps=1/1000000` was accepted and failed after the whole run
    /// (ffmpeg's mp4 muxer: "Application provided duration ... is invalid"). Rates
    /// outside 1/600...1000, or with parts over 10^6 that ffmpeg would round, are
    /// refused at parse time.
    @Test(arguments: [
        ("1/1000000", "outside 1/600...1000"),     // the issue's case
        ("1/601", "outside 1/600...1000"),
        ("1001", "outside 1/600...1000"),
        ("2001/2", "outside 1/600...1000"),
        ("1/2000000", "at most 1000000"),
        ("1000001/1000000", "at most 1000000"),
        ("9223372036854775807/9223372036854775806", "at most 1000000"),
        ("0/1", "is not a rate"),
        ("-25", "is not a rate"),
        ("25.5", "is not a rate"),
        ("99999999999999999999", "is not a rate"),
    ])
    func sequenceRatesFFmpegCannotEncodeAreRefused(rate: String, problem: String) throws {
        let ws = try Workspace()
        try Self.frames(ws, in: "s")
        let before = Self.files(ws)
        let run = try CLIRun(["video", "s/%04d.png", "--fps=\(rate)", "-o", "out.mp4"] + Self.haar, directory: ws.root)
        Self.expectNoCrash(run)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: --fps: ") && run.stderr.contains(problem),
                "\(run.stderr)")
        #expect(Self.files(ws) == before)
    }

    /// The ends of the range, and ffprobe's NTSC rate, encode every frame; the
    /// slowest with x264's most B-frames too (at 1/1000 placebo loses two of 100).
    @Test(arguments: [("1/600", 3, "medium"), ("1/600", 100, "placebo"), ("1000", 3, "medium"), ("30000/1001", 3, "medium")])
    func sequenceRatesInRangeEncode(rate: String, frames: Int, preset: String) throws {
        let ws = try Workspace()
        try Self.frames(ws, in: "s", count: frames)
        let run = try CLIRun(["video", "-q", "--sticker", try ws.opaqueSticker(), "s/%04d.png", "--fps", rate,
                              "--preset", preset, "-o", "out.mp4"] + Self.haar, directory: ws.root, deadline: 300)
        Self.expectNoCrash(run)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        let stream = try MediaTools.stream(ws.path("out.mp4"), countFrames: true)
        #expect(stream["nb_read_frames"] as? String == String(frames), "\(stream)")
    }
}
