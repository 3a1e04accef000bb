import FaceSticker

/// `facesticker help [COMMAND]` (also `-h`/`--help` as the first word): the
/// overview, or a command's help.
enum HelpCommand: Command {
    static let name = "help"
    static let summary = "show the overview, or a command's options and examples"
    static let synopsis = "[options] [COMMAND]"
    static let details = """
    Without COMMAND, prints the overview: the commands, the exit statuses and
    where to read more. With one, prints that command's help, as
    `facesticker COMMAND --help` does: its usage line, what it does, its
    options with their defaults (outside detect, the detector's settings by
    name only; --all describes them too), and examples.
    """
    static let examples = [
        Example("facesticker help", "Lists the commands and the exit statuses they share."),
        Example("facesticker help video --all", "Shows every option of video, with its default, and examples."),
    ]

    /// The overview's first line and the man page's NAME.
    static let tagline = "put stickers on faces in photos, videos and webcam selfies"

    /// The overview's paragraph, in the help and in facesticker(1).
    static let description = """
    Puts stickers on faces in photos, videos and webcam selfies, or hides the
    faces (blur, pixelate, solid), from the command line. Each command has its
    own options: `facesticker help COMMAND`, `facesticker COMMAND --help` or
    `man facesticker-COMMAND` shows them, with examples.
    """

    /// Checks every example against its command's options instead (tests use it): one JSON
    /// line per example, `{"command", "line", "options", "files"}`, naming each file it names
    /// and the option that names it ("" for an argument).
    static let checkExamples = Flag("--check-examples",
                                           help: "parse every example and list the files each names", hidden: true)
    static let all = Flag("--all", help: "describe every option of COMMAND, the detector's settings too")
    static var groups: [OptionGroup] { [OptionGroup(nil, [all, checkExamples]), CommonOptions.group] }

    static func run(_ arguments: Arguments) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError("help: give one command at most (got \(arguments.positionals.joined(separator: " ")))")
        }
        let name = arguments.positionals.first
        if arguments[checkExamples] {
            let lines = try MainActor.assumeIsolated { try exampleCheck(name) }
            try lines.forEach { try Console.out(json: $0) }
            return ExitStatus.success
        }
        let text = try MainActor.assumeIsolated { try name.map { try command(named: $0).usage(all: arguments[all]) } ?? overview(commands) }
        try Console.outText(text)
        return ExitStatus.success
    }

    /// The overview: usage, the commands, the exit statuses.
    static func overview(_ commands: [any Command.Type]) -> String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  " + $0.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.summary }
        let codeWidth = ExitStatus.table.map(\.status.count).max() ?? 0
        var statuses: [String] = []
        for (code, meaning) in ExitStatus.table {
            let wrapped = Help.wrap(meaning, indent: codeWidth + 4)
            let first = wrapped.first.map { String($0.dropFirst(codeWidth + 4)) } ?? ""
            statuses.append("  " + code.padding(toLength: codeWidth + 2, withPad: " ", startingAt: 0) + first)
            statuses += wrapped.dropFirst()
        }
        return """
        usage: facesticker COMMAND [options] [arguments]
               facesticker help [COMMAND]    (or -h, --help; or COMMAND --help)
               facesticker version           (or -V, --version)

        \(description)

        commands:
        \(list.joined(separator: "\n"))

        exit status (every command):
        \(statuses.joined(separator: "\n"))
        """
    }

    /// Every example of `name` (or of every command) parsed as its command parses its
    /// arguments: a usage error names the example; otherwise its JSON lines (see `checkExamples`).
    @MainActor
    static func exampleCheck(_ name: String?) throws -> [String] {
        let chosen = try name.map { [try command(named: $0)] } ?? commands
        var lines: [String] = []
        for command in chosen {
            for example in command.examples {
                let words = example.words
                guard words.first == "facesticker", words.count >= 2,
                      words[1] == command.name || firstWordAliases[words[1]] == command.name else {
                    throw UsageError("\(command.name): example \"\(example.line)\" does not start facesticker \(command.name)")
                }
                let parsed: Arguments
                do {
                    parsed = try command.parse(example.arguments)
                } catch let error as UsageError {
                    throw UsageError("\(command.name): example \"\(example.line)\": \(error.message)")
                }
                // The files it names: each argument (of a command whose arguments are files or
                // devices), and each file or folder option's value.
                let named = Completion.arguments(of: command, commands: commands)
                let arguments = named == .files || named == .devices ? parsed.positionals : []
                var options: [String] = arguments.map { _ in "" }, files = arguments
                for option in command.allOptions {
                    switch option.kind {
                    case .file?, .folder?:
                        for value in parsed.texts(option) {
                            options.append(option.id)
                            files.append(value)
                        }
                    default: break
                    }
                }
                var object = JSONObject()
                object.add("command", command.name)
                object.add("line", example.line)
                object.add("options", strings: options)
                object.add("files", strings: files)
                lines.append(object.text)
            }
        }
        return lines
    }
}

/// `facesticker version` (also `-V`/`--version` as the first word).
enum VersionCommand: Command {
    static let name = "version"
    static let summary = "print the version"
    static let synopsis = "[options]"
    static let details = "Prints `facesticker` and the version number, one line on standard output."
    static let examples = [
        Example("facesticker version", "Prints the version, e.g. facesticker 0.1.0."),
        Example("facesticker --version", "The same, as most programs spell it (-V too)."),
    ]
    /// The one line it prints.
    static let text = "facesticker 0.1.0"
    static var groups: [OptionGroup] { [CommonOptions.group] }

    static func run(_ arguments: Arguments) throws -> Int32 {
        try arguments.noPositionals("it takes no arguments")
        try Console.out(text)
        return ExitStatus.success
    }
}
