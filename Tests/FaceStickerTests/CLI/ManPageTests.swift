import FaceSticker
import Foundation
import Testing

/// Issue 24 §2: `man facesticker` and one page per command, generated from the
/// declarations (`facesticker man [COMMAND]`), with every section, within 80
/// columns, free of groff warnings and indexed by lexgrog; every command's help
/// ends with examples that parse and name only files a new user has.
struct ManPageTests {
    /// Every command as `facesticker --help` lists them; "" is facesticker(1).
    static let commands = ["detect", "photo", "video", "join", "selfie", "live", "devices", "stickers", "tune", "help", "version",
                           "completion", "man"]
    static let pages = [""] + commands

    static let sections = ["NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES",
                           "EXAMPLES", "SEE ALSO"]

    static let tools = ["/usr/bin/man", "/usr/bin/groff", "/usr/bin/lexgrog"]
    static var haveManTools: ConditionTrait {
        .enabled(if: tools.allSatisfy(FileManager.default.isExecutableFile(atPath:)),
                 "needs man, groff and lexgrog (Debian man-db and groff-base)")
    }

    /// The page's name as man files it: `facesticker` or `facesticker-video`.
    static func title(_ command: String) -> String { command.isEmpty ? "facesticker" : "facesticker-" + command }

    /// Writes the page `facesticker man [command]` prints into `dir`.
    static func page(_ command: String, in dir: TemporaryDirectory) throws -> (path: String, roff: String) {
        let run = try CLIRun(["man"] + (command.isEmpty ? [] : [command]))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        return (try dir.write(title(command) + ".1", run.stdout), run.stdout)
    }

    @Test func theCommandsAreTheOnesHelpLists() throws {
        let help = try CLIRun(["--help"])
        #expect(help.status == 0)
        let lines = help.stdoutLines
        let start = try #require(lines.firstIndex(of: "commands:"))
        let listed = lines[(start + 1)...].prefix { $0.hasPrefix("  ") }.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(listed == Self.commands)
    }

    /// Every section, in order; an OPTIONS entry (`.TP`) with a default for each option help shows.
    @Test(arguments: pages)
    func pageHasEverySection(command: String) throws {
        let dir = try TemporaryDirectory()
        let roff = try Self.page(command, in: dir).roff
        let headings = roff.split(separator: "\n").filter { $0.hasPrefix(".SH ") }
            .map { $0.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        let expected = command.isEmpty
            ? ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS"] + Self.sections.dropFirst(3) : Self.sections
        #expect(headings == expected)
        #expect(roff.hasPrefix(".nr HY 0\n.TH \"\(Self.title(command).uppercased())\" 1 "))
        guard !command.isEmpty else {
            for name in Self.commands { #expect(roff.contains("\\fBfacesticker\\-\(name)\\fR(1)"), "\(name) listed") }
            return
        }
        // Each option the help shows has its entry, its default included.
        let help = try CLIRun(["help", command, "--all"])
        for line in help.stdoutLines where line.hasPrefix("  -") {
            let names = line.split(separator: " ").prefix { $0.hasPrefix("-") }
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: ",")) }
            guard let name = names.last else { continue }
            #expect(roff.contains(".TP\n" + (names.count > 1 ? "\\fB\(names[0].replacingOccurrences(of: "-", with: "\\-"))\\fR, " : "")
                                  + "\\fB" + name.replacingOccurrences(of: "-", with: "\\-") + "\\fR"), "\(command): \(name)")
        }
        for code in ["0", "1", "2", "128+N"] { #expect(roff.contains(".TP\n\\fB\(code)\\fR\n"), "exit status \(code)") }
        for variable in ["FACESTICKER_MODELS", "FACESTICKER_STICKERS", "FACESTICKER_SHARD", "SLURM_ARRAY_TASK_ID",
                         "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "DISPLAY", "TMPDIR"] {
            #expect(roff.contains("\\fB\(variable)\\fR"), "ENVIRONMENT: \(variable)")
        }
        #expect(roff.contains("$FACESTICKER_MODELS") && roff.contains("/usr/local/share/facesticker/models"), "FILES")
        #expect(roff.contains(ModelStore.meshFile), "FILES names the face mesh's model")
    }

    /// `MANWIDTH=80 man -l`: no line wider than 80 columns; `groff -ww`: no warning;
    /// `lexgrog` finds the NAME line (so `man -k` and `whatis` do).
    @Test(haveManTools, arguments: pages)
    func pageFitsAndIsClean(command: String) throws {
        let dir = try TemporaryDirectory()
        let path = try Self.page(command, in: dir).path
        let rendered = try CLIRun(program: "/usr/bin/man", ["--warnings", "-l", path],
                                  environment: ["MANWIDTH": "80", "MANPAGER": "cat", "PAGER": "cat", "LC_ALL": "C.UTF-8"])
        #expect(rendered.status == 0, "\(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "man --warnings: \(rendered.stderr)")
        let wide = rendered.stdout.split(separator: "\n").filter { $0.count > 80 }
        #expect(wide.isEmpty, "wider than 80: \(wide)")
        #expect(rendered.stdoutLines.count > 30)
        let groff = try CLIRun(program: "/usr/bin/groff", ["-ww", "-man", "-Tutf8", path])
        #expect(groff.status == 0)
        #expect(groff.stderr.isEmpty, "groff -ww: \(groff.stderr)")
        let index = try CLIRun(program: "/usr/bin/lexgrog", [path])
        #expect(index.status == 0, "\(index.output)")
        let summary = try CLIRun(["help"]).stdoutLines.first { $0.hasPrefix("  \(command) ") }
            .map { $0.dropFirst(2 + command.count).trimmingCharacters(in: .whitespaces) }
        let expected = "\"\(Self.title(command)) - " + (command.isEmpty ? "put stickers on faces" : summary ?? "?")
        #expect(index.stdout.contains(expected), "lexgrog: \(index.stdout)")
    }

    /// The roff is escaped: no text line starts a request by accident, no bare backslash
    /// or hyphen in an option name is left (`\-`), and a user's text cannot inject one.
    @Test(arguments: pages)
    func roffIsEscaped(command: String) throws {
        let dir = try TemporaryDirectory()
        let roff = try Self.page(command, in: dir).roff
        let requests = Set([".TH", ".SH", ".SS", ".TP", ".PP", ".IP", ".RS", ".RE", ".EX", ".EE", ".br", ".nh", ".ad", ".nr"])
        for line in roff.split(separator: "\n") where line.hasPrefix(".") || line.hasPrefix("'") {
            #expect(requests.contains(String(line.prefix(3))), "\(command): a text line read as a request: \(line)")
        }
        #expect(!roff.contains(" --"), "\(command): an option name with bare hyphens")
        #expect(!roff.contains("\\\\"), "\(command): a doubled backslash")
    }

    /// Every example parses against its command's options, and names only the samples
    /// (samples/astronaut.png, samples/carphone.mp4), files the README's quick start or an
    /// earlier example makes, the README's tuning dataset, or a camera device.
    @Test(arguments: commands)
    func examplesParseAndNameOnlyFilesANewUserHas(command: String) throws {
        let run = try CLIRun(["help", "--check-examples"])
        #expect(run.status == 0, "\(run.stderr)")
        let help = try CLIRun(["help", command])
        let examples = help.stdout.components(separatedBy: "\nexamples:\n").last ?? ""
        #expect(help.stdout.contains("\nexamples:\n"), "\(command): --help ends with examples")
        let samples = ["samples/astronaut.png", "samples/carphone.mp4"]
        for sample in samples where FileManager.default.fileExists(atPath: Fixtures.root.appendingPathComponent("samples").path) {
            #expect(FileManager.default.fileExists(atPath: Fixtures.root.appendingPathComponent(sample).path), "\(sample)")
        }
        // What the README's quick start writes (its photo and video outputs beside the samples).
        var have = Set(samples + ["samples/astronaut-stickered.png", "samples/carphone-stickered.mp4",
                                  "../shared/data/wider-dev"])
        // The parts docs/command-line.md's segments example makes (video --segment I/3 --out-dir out/parts), which join's examples join.
        have.formUnion((1...3).map { "out/parts/carphone-stickered-part\($0)of3.mp4" })
        let outputs: Set = ["--output", "--out-dir", "--tracks", "--plot", "--sheet", "--mask-outputs", "--y4m"]
        var count = 0
        // One JSON line per example, in the order of the commands: an example may use what an
        // earlier one wrote.
        for line in run.stdoutLines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let name = object["command"] as? String, text = object["line"] as? String ?? ""
            let options = object["options"] as? [String] ?? [], files = object["files"] as? [String] ?? []
            #expect(options.count == files.count)
            let mine = name == command
            if mine {
                count += 1
                #expect(examples.contains("  " + text + "\n"), "\(command): --help shows \(text)")
            }
            var made: [String] = []
            for (option, file) in zip(options, files) {
                if outputs.contains(option) { made.append(file); continue }
                if mine {
                    #expect(have.contains(file) || file.hasPrefix("/dev/video"),
                            "\(command): example \(text) names \(file) (\(option.isEmpty ? "an argument" : option))")
                }
            }
            have.formUnion(made)
        }
        #expect((2...3).contains(count), "\(command): \(count) examples")
    }

    /// FILES shows the one search order the library uses, which `-v` shows as this run's folders
    /// (`$FACESTICKER_MODELS` first when set).
    @Test(Fixtures.needsYuNet) func filesAndVerboseShowTheOneSearchOrder() throws {
        let dir = try TemporaryDirectory()
        let roff = try Self.page("", in: dir).roff
        for place in ModelStore.searchOrder + StickerLibrary.searchOrder {
            #expect(roff.contains(place.description.replacingOccurrences(of: "-", with: "\\-")), "FILES: \(place.description)")
        }
        let models = try TemporaryDirectory()
        let run = try CLIRun(["detect", "-v", "--detector", "yunet", Fixtures.astronaut],
                             environment: ["FACESTICKER_MODELS": models.url.path])
        #expect(run.status == 0, "\(run.stderr)")
        let line = run.stderrLines.first { $0.hasPrefix("models: looked for in ") }
        #expect(line?.hasPrefix("models: looked for in \(models.url.path), ") == true, "\(run.stderr)")
        #expect(line?.hasSuffix("/usr/local/share/facesticker/models") == true, "\(run.stderr)")
    }

    /// `man` of a command that is none: a usage error, one line.
    @Test func aCommandThatIsNoneIsAUsageError() throws {
        let run = try CLIRun(["man", "vidoe"])
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: unknown command \"vidoe\" (did you mean video?)"])
        #expect(run.stdout.isEmpty)
    }
}
