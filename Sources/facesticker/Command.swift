import FaceSticker

// A subcommand: its declaration, option groups and examples.

/// Options shown together under one heading in help.
struct OptionGroup: Sendable {
    let title: String?
    let options: [AnyOption]
    /// Listed by name only in `--help` (`help COMMAND --all` and the man page describe each):
    /// the detector's fine settings in commands that are not about detection.
    var brief = false
    init(_ title: String?, _ options: [any OptionDeclaration], brief: Bool = false) {
        self.title = title
        self.options = options.map(\.erased)
        self.brief = brief
    }
}

/// One subcommand of the CLI: its declaration (name, help, options) and its run.
protocol Command {
    static var name: String { get }
    static var summary: String { get }
    /// What follows `facesticker NAME` in the usage line: `[options] IN...`.
    static var synopsis: String { get }
    /// The paragraphs between the usage line and the options.
    static var details: String { get }
    /// The options, grouped for help; `CommonOptions.group` is added when missing.
    static var groups: [OptionGroup] { get }
    /// Two or three command lines with what each does: the end of `--help` and the man page's EXAMPLES.
    static var examples: [Example] { get }
    /// Runs with the parsed arguments; returns the exit status.
    static func run(_ arguments: Arguments) throws -> Int32
}

extension Command {
    /// Every option, the common ones included.
    static var allGroups: [OptionGroup] {
        let groups = Self.groups
        let hasCommon = groups.contains { $0.options.contains { $0.id == CommonOptions.help.id } }
        return hasCommon ? groups : groups + [CommonOptions.group]
    }

    static var allOptions: [AnyOption] { allGroups.flatMap(\.options) }

    /// The help text, generated from the declaration: brief groups by name only.
    static var usage: String { usage(all: false) }

    /// The help text; `all`: every option described (`help COMMAND --all`).
    static func usage(all: Bool) -> String {
        Help.text(name: name, synopsis: synopsis, details: details, groups: allGroups, examples: examples,
                  command: all ? nil : name)
    }

    /// Parses `tokens` against the command's options, after checking the declaration:
    /// an option name or id declared twice is the program's error, refused before any work.
    static func parse(_ tokens: [String]) throws -> Arguments {
        if let twice = declaredTwice { throw FaceStickerError.internal("\(name): option \(twice) is declared twice") }
        return try Arguments(tokens, options: allOptions, command: name)
    }

    /// The first option name or id the command's groups declare more than once; nil when none.
    static var declaredTwice: String? {
        var seen: Set<String> = []
        for option in allOptions {
            for key in Set(option.names + [option.id]) where !seen.insert(key).inserted { return key }
        }
        return nil
    }
}

/// A command line a person can copy, and what it does (one sentence). Only
/// files the README's quick start makes or samples/ holds are named (a test checks).
struct Example: Sendable {
    /// `facesticker photo samples/astronaut.png -o out.png`: words split as a shell does
    /// (spaces; '...' and "..." quote).
    let line: String
    let sentence: String

    init(_ line: String, _ sentence: String) {
        self.line = line
        self.sentence = sentence
    }

    /// The words after `facesticker COMMAND`.
    var arguments: [String] { Array(words.dropFirst(2)) }

    /// The line's words, unquoted.
    var words: [String] {
        var words: [String] = [], word = "", inWord = false
        var quote: Character?
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

/// The commands, in the order `--help` lists them: the one list that help,
/// completion, the man pages and the dispatch below use (computed: a stored
/// global of metatypes is not Sendable to Swift 6).
var commands: [any Command.Type] { [
    DetectCommand.self, PhotoCommand.self, VideoCommand.self, JoinCommand.self, SelfieCommand.self, LiveCommand.self,
    DevicesCommand.self, StickersCommand.self, TuneCommand.self, HelpCommand.self, VersionCommand.self, CompletionCommand.self,
    ManCommand.self,
] }
