import FaceSticker
import Foundation
import Testing

/// Issue 24 §1 and §4: options are typed values. Each is declared once with its
/// type and its default as a value; the command line is parsed and checked once,
/// before any work (a bad value is one line naming the option, exit 2, nothing
/// read or written); help shows the defaults taken from those values (the
/// library's constants); shared groups are one declaration; `--shard` counts
/// from 1; `-v` names the models, the sticker pack and the profile in use.
@Suite(Fixtures.needsYuNet) struct TypedOptionTests {
    static let yunet = PhotoCommandTests.yunet

    /// The option's help entry in `text` (its lines joined), from its first line.
    static func entry(_ option: String, in text: String) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("  " + option + " ") || $0 == "  " + option
                                                    || $0.hasPrefix("  " + option + ",") || $0.contains(", " + option + " ") })
        else { return nil }
        var entry = lines[start]
        for line in lines[(start + 1)...] {
            guard line.hasPrefix(String(repeating: " ", count: 25)) else { break }
            entry += " " + line.trimmingCharacters(in: .whitespaces)
        }
        return entry
    }

    /// One value of each kind that does not fit, on a run whose input does not even
    /// exist: the value is refused at the command line (the input is never looked at),
    /// in one line that names the option and the value.
    @Test(arguments: [
        (["video", "--crf", "52"], "--crf: 52 is outside 0...51"),                                        // Int, range
        (["photo", "--quality", "0", "--quality", "50"], "--quality: 0 is outside 1...100"),             // each value checked
        (["live", "--duration", "0", "--y4m", "-"], "--duration: 0 is outside 0.1...86400"),             // Double, range
        (["photo", "--assign", "cycel"], "--assign: \"cycel\" is not one of all, cycle (did you mean cycle?)"), // enum
        (["video", "--preset", "warp"], "--preset: \"warp\" is not one of ultrafast"),                   // choice of words
        (["photo", "--format", "gif"], "--format: \"gif\" is not one of png, jpg, jpeg"),
        (["photo", "--profile", "fast"], "--profile: \"fast\" is not one of auto, precision, recall"),
        (["video", "--fps", "0"], "--fps: \"0\" is not a rate"),                                          // parsed by FrameRate
        (["video", "--faces", "two"], "--faces: \"two\" is not all, largest or a list"),
        (["photo", "--mask-scale", "9"], "--mask-scale: 9 is outside 0.5...4"),
        (["photo", "--mask-shape", "star"], "--mask-shape: unknown shape \"star\""),
        (["photo", "--sticker", "blur:0"], "--sticker: blur:0: strength 0 is outside 1...50"),          // repeatable, parsed
        (["photo", "--filter", "sepia:2"], "--filter: filter \"sepia:2\": intensity 2 is outside 0...1"),
        (["selfie", "--size", "3x3"], "--size: \"3x3\" is not WxH with sides 16...8192"),               // the camera group
        (["live", "--set", "brightness", "--y4m", "-"], "--set: \"brightness\" is not CONTROL=VALUE"),
        (["photo", "--score-threshold", "2"], "--score-threshold: must be 0...1, got 2"),                // the detector table
        (["video", "--detect-width", "8"], "--detect-width: 8 is outside 16...16384"),
        (["tune", "--iou", "0", "--dataset", "missing"], "--iou: 0 is outside 0.01...1"),
        (["tune", "--objective", "best", "--dataset", "missing"], "--objective: \"best\" is not f1, ap or recall@precision=P"),
        (["photo", "--shard", "0/3"], "--shard: 0/3: I must be 1...3 (shards count from 1: the first is 1/3)"),
    ])
    func aBadValueIsRefusedAtTheCommandLine(arguments: [String], message: String) throws {
        let ws = try Workspace()
        let missing = ws.path("no-such-input.png")
        let positional = ["photo", "video"].contains(arguments[0]) ? [missing] : []
        let run = try CLIRun(arguments + positional, directory: ws.root)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: " + message), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(ws.folder.contents().isEmpty, "nothing is written")
    }

    /// The defaults help shows are the values the library and the run use.
    @Test(arguments: [
        ("video", "--crf", "\(EncoderSettings.defaultCRF)"),
        ("video", "--preset", EncoderSettings.defaultPreset),
        ("video", "--detect-width", "\(VideoOptions.defaultDetectWidth), unless"),
        ("live", "--detect-width", "\(VideoOptions.defaultDetectWidth), unless"),
        ("video", "--fps", "\(VideoOptions.defaultSequenceRate.numerator)"),
        ("photo", "--quality", "\(ImageFile.defaultJPEGQuality)"),
        ("selfie", "--quality", "\(ImageFile.defaultJPEGQuality)"),
        ("selfie", "--size", "\(CameraSource.defaultSize.width)x\(CameraSource.defaultSize.height)"),
        ("live", "--size", "\(CameraSource.defaultSize.width)x\(CameraSource.defaultSize.height)"),
        ("live", "--device", CameraSource.defaultDevice),
        ("photo", "--sticker", Sticker.defaultName),
        ("photo", "--mask-scale", JSONText.number(Anonymisation.Mask.defaultScale, digits: 6)),
        ("photo", "--mask-shape", Anonymisation.Mask().shape.rawValue),
        ("selfie", "--burst", "\(SelfieOptions().burst)"),
        ("tune", "--iou", JSONText.number(DetectorTuner.defaultIoU, digits: 6)),
        // The detector table's defaults, for the command's use: photos look for turned faces, video does not.
        ("photo", "--rotations", DetectorSettings.defaults(for: .yunet, use: .photo).rotations.rawValue),
        ("video", "--rotations", DetectorSettings.defaults(for: .yunet, use: .video).rotations.rawValue),
        ("detect", "--input-size", "\(DetectorSettings.defaults(for: .haar).inputSize) with --detector haar, else "
            + "\(DetectorSettings.defaults(for: .yunet).inputSize)"),
    ])
    func helpShowsTheDefaultValues(command: String, option: String, shown: String) throws {
        let run = try CLIRun(["help", command, "--all"])
        #expect(run.status == 0)
        let entry = try #require(Self.entry(option, in: run.stdout), "\(option) in \(command) --help")
        #expect(entry.contains("(default: " + shown), "\(entry)")
    }

    /// A default with no value to show is named in words, never a number the run does not use.
    @Test func aDefaultThatDependsIsStatedInWords() throws {
        let run = try CLIRun(["video", "--help"])
        #expect(Self.entry("--detector", in: run.stdout)?.contains("(default: yunet; centerface under --profile recall") == true)
        #expect(Self.entry("--profile", in: run.stdout)?.contains("(default: auto)") == true)
        #expect(Self.entry("--tracks", in: run.stdout)?.contains("(default:") == false)
    }

    /// The camera options are one declaration: selfie and live show the same group.
    @Test func selfieAndLiveShareTheCameraGroup() throws {
        func group(_ command: String) throws -> String {
            let help = try CLIRun([command, "--help"]).stdout
            let start = try #require(help.range(of: "\ncamera:\n"), "\(command) --help has a camera group")
            let rest = help[start.upperBound...]
            return String(rest[..<(rest.range(of: "\n\n")?.lowerBound ?? rest.endIndex)])
        }
        let selfie = try group("selfie")
        #expect(selfie == (try group("live")))
        for option in ["--device", "--source", "--size", "--set", "--mirror", "--no-mirror"] {
            #expect(selfie.contains("  " + option + " "), "\(option)")
        }
    }

    /// `-v` names the model files, the sticker pack and the profile, one line each;
    /// the values without options are the defaults help shows.
    @Test(arguments: [
        ([String](), "profile: precision (auto, from the stickers)", "using \(Sticker.defaultName)"),
        (["--sticker", "blur"], "profile: recall (auto, from the stickers)", "using blur"),
        (["--profile", "recall"], "profile: recall (--profile)", "using \(Sticker.defaultName)"),
    ])
    func verboseNamesWhatIsInUse(options: [String], profile: String, stickers: String) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["photo", Fixtures.astronaut, "-o", dir.path("out.png"), "-v"] + options + Self.yunet)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderrLines
        #expect(lines.filter { $0 == "model: yunet " + Fixtures.yunetModel }.count == 1, "\(run.stderr)")
        #expect(lines.filter { $0 == profile }.count == 1, "\(run.stderr)")
        let pack = try #require(lines.first { $0.hasPrefix("sticker pack: ") }, "\(run.stderr)")
        #expect(pack.contains("stickers.json, ") && pack.contains(" sticker(s); ") && pack.hasSuffix(stickers), "\(pack)")
        #expect(lines.filter { $0.hasPrefix("sticker pack: ") }.count == 1)
        // A verifier's model is named too (YuNet's default verifier is CenterFace).
        let detector = try #require(lines.first { $0.hasPrefix("detector: yunet ") }, "\(run.stderr)")
        if detector.contains("verifier centerface"), let centerface = ModelStore.defaultModel(for: .centerface) {
            #expect(lines.contains("verifier model: centerface " + centerface), "\(run.stderr)")
        } else if detector.contains("verifier none") {
            #expect(!lines.contains { $0.hasPrefix("verifier model: ") }, "\(run.stderr)")
        }
    }

    /// Shards count from 1: with three inputs, 1/3 takes the first (sorted), 3/3 the last,
    /// 1/1 all of them; FACESTICKER_SHARD counts from 1 too, and 0 there is refused alike.
    @Test(arguments: [
        (["--shard", "1/3"], [String: String](), ["a.png"]),
        (["--shard", "3/3"], [:], ["c.png"]),
        (["--shard", "2/2"], [:], ["b.png"]),
        (["--shard", "1/2"], [:], ["a.png", "c.png"]),
        (["--shard", "1/1"], [:], ["a.png", "b.png", "c.png"]),
        (["--shard", "auto"], ["FACESTICKER_SHARD": "3/3"], ["c.png"]),
        (["--shard", "auto"], ["JOB_COMPLETION_INDEX": "0", "FACESTICKER_SHARD_COUNT": "3"], ["a.png"]),
    ])
    func shardsCountFromOne(options: [String], environment: [String: String], inputs: [String]) throws {
        let dir = try TemporaryDirectory()
        for name in ["c.png", "a.png", "b.png"] { try StreamsAndBatchesTests.blank(dir.path("in/" + name)) }
        var env = environment
        for key in ["FACESTICKER_SHARD", "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX"]
        where env[key] == nil { env[key] = "" }
        let run = try CLIRun(["photo", dir.path("in"), "--out-dir", dir.path("out"), "--json", "-q"] + options + Self.yunet,
                             environment: env)
        #expect(run.status == 0, "no face in a blank picture is no error: \(run.stderr)")
        let taken = try run.stdoutLines.map { try #require(StreamsAndBatchesTests.json($0)["input"] as? String) }
        #expect(taken.map { ($0 as NSString).lastPathComponent } == inputs)
    }

    @Test(arguments: [
        ("0/2", "FACESTICKER_SHARD=0/2: I must be 1...2 (shards count from 1: the first is 1/2)"),
        ("3/2", "FACESTICKER_SHARD=3/2: I must be 1...2 (shards count from 1)"),
    ])
    func facestickerShardCountsFromOne(value: String, problem: String) throws {
        let run = try CLIRun(["photo", Fixtures.astronaut, "--shard", "auto"] + Self.yunet,
                             environment: ["FACESTICKER_SHARD": value])
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: --shard: auto: " + problem], "\(run.stderr)")
    }
}
