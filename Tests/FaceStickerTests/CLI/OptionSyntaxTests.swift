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
        (["video", "--shard", "3/2", "IMAGE"], "--shard: 3/2: I must be 0...1"),
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
    @Test(arguments: ["detect", "photo", "video", "selfie", "devices", "stickers", "tune"])
    func helpAndCompletionListTheSameOptions(command: String) throws {
        let help = try CLIRun(["help", command])
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

    /// The zsh script is valid zsh and completes an option (where zsh is installed).
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed (/usr/bin/zsh)"))
    func zshCompletionCompletes() throws {
        let dir = try TemporaryDirectory()
        let script = try CLIRun(["completion", "zsh"])
        _ = try dir.write("_facesticker", script.stdout)
        let check = try CLIRun(program: "/usr/bin/zsh", ["-n", dir.path("_facesticker")])
        #expect(check.status == 0, "\(check.output)")
        // A pseudo-terminal zsh with the function on its fpath completes `--skip-e`.
        let session = try dir.write("session.zsh", """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z 'fpath=(\(dir.url.path) $fpath); autoload -Uz compinit; compinit -u; PROMPT="> "'
            sleep 1
            zpty -w z $'facesticker video --skip-e\\t'
            sleep 2
            zpty -rt z out; print -r -- "$out"
            zpty -rt z out; print -r -- "$out"
            zpty -d z
            """)
        let run = try CLIRun(program: "/usr/bin/zsh", ["-f", session])
        #expect(run.output.contains("--skip-existing"), "\(run.output)")
    }

    /// `-q` silences the summary lines of every command; `-v` adds detail.
    @Test(arguments: [["detect", "IMAGE"], ["photo", "IMAGE", "-o", "OUT"]])
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
