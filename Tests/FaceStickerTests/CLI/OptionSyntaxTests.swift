import FaceSticker
import Foundation
import Testing

/// Issue 14 §1: options declared once; the conventional syntax, usage errors
/// (exit 2, one line naming the option), "did you mean", version, completion.
@Suite(Fixtures.needsYuNet) struct OptionSyntaxTests {
    static let yunet = PhotoCommandTests.yunet

    /// `-oFILE`, `-o FILE`, `--output=FILE`, `--output FILE` all write FILE.
    @Test(arguments: ["-oFILE", "-o FILE", "--output=FILE", "--output FILE"])
    func everySpellingOfAValueWorks(spelling: String) throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("out.png")
        let words = spelling.split(separator: " ").map { $0.replacingOccurrences(of: "FILE", with: out) }
        let run = try CLIRun(["photo", Fixtures.astronaut] + words + Self.yunet)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func theLastOfARepeatedOptionWins() throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["photo", Fixtures.astronaut, "--output", dir.path("a.png"), "-o", dir.path("b.png")] + Self.yunet)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(dir.contents() == ["b.png"])
    }

    @Test func aFlagIsNeverTakenAsAValue() throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["photo", Fixtures.astronaut, "--output", "--json", dir.path("x.png")] + Self.yunet)
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("facesticker: --output needs a value"), "\(run.stderr)")
        #expect(run.stderr.contains("--json"))
        #expect(dir.contents().isEmpty)
    }

    /// `--` ends the options: a file whose name starts with `-` is an input.
    @Test func doubleDashEndsTheOptions() throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: Fixtures.astronaut, toPath: dir.path("-face.png"))
        let run = try CLIRun(["detect"] + Self.yunet + ["--", "-face.png"], directory: dir.url.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("-face.png "))
        let without = try CLIRun(["detect"] + Self.yunet + ["-face.png"], directory: dir.url.path)
        #expect(without.status == 2)
        #expect(without.stderr.contains("unknown option -f"), "\(without.stderr)")
    }

    @Test(arguments: [
        (["photo", "IMAGE", "--stiker", "dog"], "unknown option --stiker for photo (did you mean --sticker?)"),
        (["video", "--presett", "fast", "IMAGE"], "unknown option --presett for video (did you mean --preset?)"),
        (["detect", "--score-treshold", "0.3", "IMAGE"], "unknown option --score-treshold for detect (did you mean --score-threshold?)"),
        (["phtoo", "IMAGE"], "unknown command \"phtoo\" (did you mean photo?)"),
        (["vidoe"], "unknown command \"vidoe\" (did you mean video?)"),
        (["--verison"], "unknown option --verison (did you mean --version?)"),
        (["help", "stikers"], "unknown command \"stikers\" (did you mean stickers?)"),
        (["photo", "IMAGE", "--assign", "cylce"], "--assign: \"cylce\" is not one of all, cycle (did you mean cycle?)"),
    ])
    func typosGetADidYouMean(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments.map { $0 == "IMAGE" ? Fixtures.astronaut : $0 })
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: " + message])
        #expect(run.stdout.isEmpty)
    }

    /// Every usage error: status 2, one line on stderr that names the option, nothing on stdout.
    @Test(arguments: [
        (["photo", "IMAGE", "--quality", "0"], "--quality: 0 is outside 1...100"),
        (["photo", "IMAGE", "--quality"], "--quality needs a value"),
        (["photo", "IMAGE", "--json=yes"], "--json takes no value"),
        (["photo", "IMAGE", "--filter", "sparkle"], "--filter: "),
        (["photo", "IMAGE", "IMAGE", "-o", "x.png"], "-o: 2 inputs; use --out-dir"),
        (["photo"], "photo: no photo given"),
        (["video", "--crf", "x", "IMAGE"], "--crf: \"x\" is not a whole number"),
        (["video", "--preset", "warp", "IMAGE"], "--preset: \"warp\" is not one of"),
        (["video", "--shard", "3/2", "IMAGE"], "--shard: 3/2: I must be 1...2 (shards count from 1)"),
        (["detect", "--score-threshold", "2", "IMAGE"], "--score-threshold: must be 0...1, got 2"),
        (["detect", "--rotations", "sideways", "IMAGE"], "--rotations: \"sideways\" is not one of"),
        (["detect", "--detector", "dlib", "IMAGE"], "--detector: \"dlib\" is not one of haar, yunet, centerface"),
        (["detect"], "detect: no image given"),
        (["tune"], "tune: --dataset DIR is required"),
        (["tune", "--dataset", "d", "extra"], "tune: unexpected argument extra"),
        (["selfie", "--size", "big"], "--size: \"big\" is not WxH"),
        (["selfie", "--mirror", "--no-mirror", "--source", "IMAGE"], "selfie: --mirror and --no-mirror together"),
        (["stickers", "extra"], "stickers: unexpected argument extra"),
        (["devices", "--all"], "unknown option --all for devices"),
        (["completion", "fish"], "completion: give bash or zsh"),
    ])
    func usageErrorsExitTwoWithOneLine(arguments: [String], start: String) throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun(arguments.map { $0 == "IMAGE" ? Fixtures.astronaut : $0 }, directory: dir.url.path)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("facesticker: " + start), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(dir.contents().isEmpty, "nothing written")
    }

    @Test(arguments: [["-V"], ["--version"], ["version"]])
    func versionIsPrinted(arguments: [String]) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("facesticker ") && run.stdoutLines.count == 1)
        #expect(run.stderr.isEmpty)
    }

    @Test func bareFacestickerPrintsUsageOnStderrAndExitsTwo() throws {
        let run = try CLIRun([])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("usage: facesticker COMMAND"))
    }

    /// Help and completion come from the same declarations: every option a
    /// command's help shows is in its completion, and the other way round.
    @Test(arguments: ManPageTests.commands)
    func helpAndCompletionListTheSameOptions(command: String) throws {
        let help = try CLIRun(["help", command, "--all"])
        #expect(help.status == 0)
        let optionLines = help.stdoutLines.filter { $0.hasPrefix("  -") }
        let shown = Set(optionLines.flatMap { line in
            line.split(separator: " ").prefix { $0.hasPrefix("-") || $0.hasSuffix(",") }
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
                .filter { $0.hasPrefix("-") }
        })
        let completion = try CLIRun(["completion", "bash"])
        #expect(completion.status == 0)
        let lines = completion.stdoutLines
        let start = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "\(command))" })
        let words = try #require(lines[(start + 1)...].first { $0.contains("words=") })
        let completed = Set(words.split(separator: "'")[1].split(separator: " ").map(String.init))
        #expect(shown == completed, "help only: \(shown.subtracting(completed)); completion only: \(completed.subtracting(shown))")
        for common in ["-q", "--quiet", "-v", "--verbose", "-h", "--help"] {
            #expect(completed.contains(common), "\(command): \(common)")
        }
    }

    /// The bash script completes commands, options and an option's choices.
    @Test func bashCompletionCompletes() throws {
        let dir = try TemporaryDirectory()
        let script = try CLIRun(["completion", "bash"])
        let path = try dir.write("facesticker.bash", script.stdout)
        let run = try CLIRun(program: "/bin/bash", ["-c", """
            source \(path)
            COMP_WORDS=(facesticker vi); COMP_CWORD=1; _facesticker; echo "${COMPREPLY[@]}"
            COMP_WORDS=(facesticker video --skip-e); COMP_CWORD=2; _facesticker; echo "${COMPREPLY[@]}"
            COMP_WORDS=(facesticker video --preset ultra); COMP_CWORD=3; _facesticker; echo "${COMPREPLY[@]}"
            COMP_WORDS=(facesticker detect --detector y); COMP_CWORD=3; _facesticker; echo "${COMPREPLY[@]}"
            """])
        #expect(run.output == "video\n--skip-existing\nultrafast\nyunet\n", "\(run.output)")
        let zsh = try CLIRun(["completion", "zsh"])
        #expect(zsh.stdout.hasPrefix("#compdef facesticker"))
        #expect(zsh.stdout.contains("'--skip-existing["))
    }

    /// `video --help` fits a screenful or two (issue #41: it was 185 lines): the detector's
    /// settings and the measuring options are listed by name, each still named, and
    /// `help video --all` (and detect's own help) describes each.
    @Test func videoHelpListsTheFineSettingsByName() throws {
        let brief = try CLIRun(["video", "--help"])
        #expect(brief.status == 0 && brief.stdoutLines.count < 150, "\(brief.stdoutLines.count) lines")
        #expect(brief.stdout.contains("detector settings (`facesticker help video --all` describes each):"))
        let all = try CLIRun(["help", "video", "--all"])
        for parameter in DetectorParameter.allCases {
            #expect(brief.stdout.contains(parameter.flag), "\(parameter.flag) named")
            #expect(all.stdoutLines.contains { $0.hasPrefix("  \(parameter.flag) ") }, "\(parameter.flag) described")
        }
        #expect(all.stdoutLines.contains { $0.hasPrefix("  --stats ") })
        let detect = try CLIRun(["detect", "--help"])
        #expect(detect.stdoutLines.contains { $0.hasPrefix("  --score-threshold ") }, "detect describes its own")
    }

    /// The words bash offers for the last word of `line` (the built binary as its first word).
    static func bashOffers(_ line: [String], in directory: String = Fixtures.root.path) throws -> [String] {
        let dir = try TemporaryDirectory()
        let script = try CLIRun(["completion", "bash"])
        let path = try dir.write("facesticker.bash", script.stdout)
        let words = ([Fixtures.cli] + line).map { "'" + $0 + "'" }.joined(separator: " ")
        let run = try CLIRun(program: "/bin/bash", ["-c", """
            source \(path)
            COMP_WORDS=(\(words)); COMP_CWORD=\(line.count); _facesticker; printf '%s\\n' "${COMPREPLY[@]}"
            """], directory: directory)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.output)")
        return run.stdoutLines
    }

    /// Completion offers the commands from the one list, sticker names, effects, filters and
    /// every choice; `help` and `man` complete command names, `completion` the shells.
    @Test(arguments: [
        (["vi"], ["video"]),
        ([""], ManPageTests.commands + ["--help", "--version"]),
        (["help", "v"], ["video", "version"]),
        (["man", "co"], ["completion"]),
        (["completion", ""], ["bash", "zsh"]),
        (["photo", "--filter", ""], ["none", "sepia", "mono", "comic", "vignette"]),
        (["video", "--mask-shape", ""], ["ellipse", "box"]),
        (["photo", "--assign", ""], ["all", "cycle"]),
        (["photo", "--faces", ""], ["all", "largest"]),
        (["video", "--shard", ""], ["auto"]),
        (["photo", "--format", ""], ["png", "jpg", "jpeg"]),
        (["live", "--profile", ""], ["auto", "precision", "recall"]),
        (["detect", "--rotations", ""], ["auto", "none", "all"]),
        (["detect", "--verifier", ""], ["none", "centerface", "yunet"]),
        (["tune", "--subset", ""], ["all", "easy", "medium", "hard"]),
        (["tune", "--mask", ""], ["blur", "pixelate", "solid"]),
        (["tune", "--objective", ""], ["f1", "ap", "recall@precision="]),
        (["photo", "samples/astro"], ["samples/astronaut.png"]),
    ])
    func bashCompletionOffers(line: [String], expected: [String]) throws {
        if line.last == "samples/astro", !FileManager.default.fileExists(atPath: Fixtures.root.path + "/samples/astronaut.png") {
            return // samples/ is fetched by set-up
        }
        #expect(try Self.bashOffers(line) == expected)
    }

    /// A file name with spaces is one word; `--sticker=` and `--preset=` complete their
    /// values (bash splits the word at `=`); after `--` no option is offered; `-v` before
    /// the command leaves the command's completion as it is (issue #41).
    @Test(arguments: [
        (["photo", "my"], ["my photo.png"]),
        (["photo", "--sticker", "=", "sun"], ["sunglasses"]),
        (["video", "--preset", "=", "ultra"], ["ultrafast"]),
        (["photo", "--", "--sk"], []),
        (["photo", "--", "my"], ["my photo.png"]),
        (["-v", "vi"], ["video"]),
        (["-q", "video", "--skip-e"], ["--skip-existing"]),
    ])
    func bashCompletionTakesWordsAsAPersonMeansThem(line: [String], expected: [String]) throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("my photo.png", "")
        let offered = try Self.bashOffers(line, in: dir.url.path)
        #expect(offered.filter { !$0.isEmpty } == expected, "\(line): \(offered)")
        // `--sticker=` alone offers every sticker.
        if line == ["photo", "--sticker", "=", "sun"] {
            let all = try Self.bashOffers(["photo", "--sticker", "="])
            #expect(all.contains("sunglasses") && all.contains("blur"), "\(all)")
        }
    }

    /// A `--sticker` value completes to the stickers installed now (asked of the binary:
    /// `stickers --names`), the effects and picture files.
    @Test func bashCompletesStickerNamesEffectsAndFiles() throws {
        let names = try CLIRun(["stickers", "--names"])
        #expect(names.status == 0, "\(names.stderr)")
        let offered = try Self.bashOffers(["photo", "--sticker", ""])
        for word in names.stdoutLines + ["blur", "pixelate", "solid", "README.md"] {
            #expect(offered.contains(word), "--sticker offers \(word): \(offered)")
        }
        #expect(try Self.bashOffers(["video", "--sticker", "bl"]) == ["blur"])
        // A pack named by FACESTICKER_STICKERS after the script was made is what is offered.
        let dir = try TemporaryDirectory()
        _ = try dir.write("stickers.json", #"{"stickers": [{"name": "starry", "description": "a test sticker", "layers": "#
            + #"[{"art": "star.png", "anchor": "eyes", "measure": "eye-distance", "size": 2}]}]}"#)
        try FileManager.default.copyItem(atPath: Fixtures.astronaut, toPath: dir.path("star.png"))
        let script = try CLIRun(["completion", "bash"])
        let path = try dir.write("facesticker.bash", script.stdout)
        let run = try CLIRun(program: "/bin/bash", ["-c", """
            source \(path)
            COMP_WORDS=('\(Fixtures.cli)' photo --sticker s); COMP_CWORD=3; _facesticker; echo "${COMPREPLY[@]}"
            """], environment: ["FACESTICKER_STICKERS": dir.url.path], directory: dir.url.path)
        #expect(run.stdout == "starry solid star.png stickers.json\n", "\(run.output)")
    }

    /// Every option whose value is one of some words (its placeholder says `a|b`, or help lists
    /// its choices) completes to those words, in every command.
    @Test(arguments: ManPageTests.commands)
    func everyChoiceIsOffered(command: String) throws {
        let help = try CLIRun(["help", command, "--all"])
        for line in help.stdoutLines where line.hasPrefix("  --") {
            let fields = line.split(separator: " ")
            guard fields.count >= 2, fields[1].contains("|") else { continue }
            let words = fields[1].split(separator: "|").map(String.init)
                .filter { $0 == "-" || ($0.first?.isLowercase ?? false) && !$0.contains(",") }
            guard !words.isEmpty else { continue }
            let offered = try Self.bashOffers([command, String(fields[0]), ""])
            for word in words { #expect(offered.contains(word), "\(command) \(fields[0]): \(word) in \(offered)") }
        }
    }

    /// The zsh script is valid zsh and completes options, choices, sticker names and commands
    /// (where zsh is installed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "needs zsh (apt install zsh)"),
          arguments: [("facesticker video --skip-e", "--skip-existing"), ("facesticker photo --mask-shape el", "ellipse"),
                      ("facesticker photo --sticker bl", "blur"), ("facesticker help vid", "video"),
                      ("facesticker completion z", "zsh")])
    func zshCompletionCompletes(line: String, completed: String) throws {
        let dir = try TemporaryDirectory()
        let script = try CLIRun(["completion", "zsh"])
        _ = try dir.write("_facesticker", script.stdout)
        let check = try CLIRun(program: "/usr/bin/zsh", ["-n", dir.path("_facesticker")])
        #expect(check.status == 0, "\(check.output)")
        // A pseudo-terminal zsh with the function on its fpath completes the line's last word
        // (the line is typed without a newline: nothing runs). The binary is on its PATH.
        try FileManager.default.createSymbolicLink(atPath: dir.path("facesticker"), withDestinationPath: Fixtures.cli)
        let session = try dir.write("session.zsh", """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z 'fpath=(\(dir.url.path) $fpath); path=(\(dir.url.path) $path); autoload -Uz compinit; compinit -u; PROMPT="> "'
            sleep 1
            zpty -n -w z $'\(line)\\t'
            sleep 2
            zpty -rt z out; print -r -- "$out"
            zpty -rt z out; print -r -- "$out"
            zpty -d z
            """)
        let run = try CLIRun(program: "/usr/bin/zsh", ["-f", session], directory: Fixtures.root.path)
        let words = String(line.split(separator: " ").dropLast().joined(separator: " "))
        #expect(run.output.contains(words + " " + completed), "\(run.output)")
    }

    /// `-q` silences the summary lines of every command; `-v` adds detail.
    /// (The photo is written three times: -y replaces it.)
    @Test(arguments: [["detect", "IMAGE"], ["photo", "IMAGE", "-o", "OUT", "-y"]])
    func quietAndVerbose(arguments: [String]) throws {
        let dir = try TemporaryDirectory()
        let args = arguments.map { $0 == "IMAGE" ? Fixtures.astronaut : $0 == "OUT" ? dir.path("o.png") : $0 } + Self.yunet
        let normal = try CLIRun(args)
        let quiet = try CLIRun(args + ["-q"])
        let verbose = try CLIRun(args + ["--verbose"])
        #expect(normal.status == 0 && quiet.status == 0 && verbose.status == 0)
        #expect(normal.stderrLines.count == 1)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        #expect(verbose.stderrLines.count > normal.stderrLines.count)
        #expect(verbose.stderr.contains("detector: yunet"))
        #expect(quiet.stdout == normal.stdout)
    }
}
