import FaceSticker

// The CLI's option framework: every option is declared once, as an `Option`
// value (names, value kind, default, help), and parsing, validation, help text
// and shell completion (Completion.swift) are all generated from those values.
//
// How to declare a command (e.g. porting `live`):
//
//     enum LiveCommand: Command {
//         static let name = "live"
//         static let summary = "stickers on a live camera picture"      // one line in `facesticker --help`
//         static let synopsis = "[options] [DEVICE]"                    // after `usage: facesticker live`
//         static let details = "What it does; exit statuses."           // paragraphs, wrapped as written
//         static let fps = Option.value("--fps", placeholder: "N", kind: .int(1...120), default: "30",
//                                       help: "frames a second")
//         static let preview = Option.flag("--no-preview", help: "no window")
//         // Own options first, then the shared groups it takes (StickerOptions, DetectorOptions,
//         // BatchOptions, CommonOptions: -q/-v/-h, which every command gets).
//         static var groups: [OptionGroup] {
//             [OptionGroup(nil, [fps, preview]), StickerOptions.group, DetectorOptions.group, CommonOptions.group]
//         }
//         static func run(_ arguments: Arguments) throws -> Int32 {
//             let fps = try arguments.int(Self.fps) ?? 30      // values arrive checked against the kind
//             let stickers = try StickerOptions.parse(arguments)
//             let detector = try DetectorOptions.parse(arguments, use: .video)
//             ...
//         }
//     }
//
// and add it to `commands` in main.swift. A problem with the command line is a
// `UsageError` (exit status 2, one line naming the option).
//
// Syntax accepted: `--name VALUE`, `--name=VALUE`, `-n VALUE`, `-nVALUE`, clusters of
// short flags (`-qr`); a value that starts with `-` (other than `-` alone, or a
// number for a numeric option) is never taken as a value: `--output --json` is an
// error naming --output (write `--output=-x` for such a name); an empty value
// (`--out-dir=`, `-o ''`) is an error for every option. A single-valued option
// given twice keeps the last value; `--` ends the options.

/// A command-line problem: exit status 2, one line naming the option.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// What an option's value must be.
enum ValueKind: Sendable {
    /// Any text.
    case text
    /// A file path (completion offers files).
    case file
    /// A folder path (completion offers folders).
    case folder
    /// A whole number in the range.
    case int(ClosedRange<Int>)
    /// A finite number in the range.
    case number(ClosedRange<Double>)
    /// One of these words.
    case choice([String])
    /// Checked by the closure, which returns the problem (said after the option's name) or nil.
    case custom(@Sendable (String) -> String?)

    /// Nil when `text` fits, else why not.
    func problem(with text: String) -> String? {
        switch self {
        case .text, .file, .folder:
            return nil
        case .int(let range):
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)) else { return "\"\(text)\" is not a whole number" }
            return range.contains(n) ? nil : "\(text) is outside \(range.lowerBound)...\(range.upperBound)"
        case .number(let range):
            guard let n = Double(text.trimmingCharacters(in: .whitespaces)), n.isFinite else { return "\"\(text)\" is not a number" }
            return range.contains(n) ? nil
                : "\(text) is outside \(JSONText.number(range.lowerBound, digits: 6))...\(JSONText.number(range.upperBound, digits: 6))"
        case .choice(let words):
            return words.contains(text) ? nil : "\"\(text)\" is not one of \(words.joined(separator: ", "))"
                + (Suggest.closest(to: text, in: words).map { " (did you mean \($0)?)" } ?? "")
        case .custom(let check):
            return check(text)
        }
    }
}

/// One option: its names, whether it takes a value and of what kind, its default
/// as help shows it, and its help. Declared once, used by every command that lists it.
struct Option: Sendable {
    /// `-o`, `--output`: short names first.
    let names: [String]
    /// Nil: a flag.
    let kind: ValueKind?
    /// `FILE`, `N`: the value in help.
    let placeholder: String
    /// Values accumulate (`--sticker a --sticker b`); otherwise the last one wins.
    let repeats: Bool
    /// The default as help shows it; nil when there is none to show.
    let defaultText: String?
    let help: String
    /// Left out of help and completion (internal switches only).
    let hidden: Bool

    /// The name the option is known by in messages and lookups: its long name.
    var id: String { names.last ?? "" }

    var isFlag: Bool { kind == nil }

    static func flag(_ names: String..., help: String, hidden: Bool = false) -> Option {
        Option(names: names, kind: nil, placeholder: "", repeats: false, defaultText: nil, help: help, hidden: hidden)
    }

    static func value(_ names: String..., placeholder: String, kind: ValueKind = .text, default defaultText: String? = nil,
                      repeats: Bool = false, help: String, hidden: Bool = false) -> Option {
        Option(names: names, kind: kind, placeholder: placeholder, repeats: repeats, defaultText: defaultText,
               help: help, hidden: hidden)
    }
}

/// Options shown together under one heading in help.
struct OptionGroup: Sendable {
    let title: String?
    let options: [Option]
    init(_ title: String?, _ options: [Option]) {
        self.title = title
        self.options = options
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

    static var allOptions: [Option] { allGroups.flatMap(\.options) }

    /// The help text, generated from the declaration.
    static var usage: String { Help.text(name: name, synopsis: synopsis, details: details, groups: allGroups) }

    /// Parses `tokens` against the command's options.
    static func parse(_ tokens: [String]) throws -> Arguments {
        try Arguments(tokens, options: allOptions, command: name)
    }
}

/// Exit statuses, the same for every command; `table` is what help, the man
/// pages and the README say about them.
enum ExitStatus {
    /// Done: every output written (those of pictures without a face too, without stickers).
    static let success: Int32 = 0
    /// An input or an output failed (unreadable or damaged input, a failed write, ffmpeg failing); the others are done.
    static let failure: Int32 = 1
    /// The command line is wrong: a bad option or value, an unknown sticker or filter, an output on an input,
    /// an output already there without -y.
    static let usage: Int32 = 2
    /// Done, but with `--require-face` some input had no face (its output is still written). 1 wins over 3.
    static let noFace: Int32 = 3
    /// A signal N ended the run: 128 + N, as a shell reports it.
    static func signal(_ number: Int32) -> Int32 { 128 + number }

    /// Each status and what it means, for help texts and man pages.
    static let table: [(status: String, meaning: String)] = [
        ("\(success)", "done: every output written, those of pictures without a face included (unstickered, with a note)"),
        ("\(failure)", "an input or an output failed (unreadable or damaged input, a write that failed, ffmpeg failing); "
            + "the other inputs are still done"),
        ("\(usage)", "usage error: a bad option or value, an unknown sticker or filter name, an output that would "
            + "overwrite an input, an output already there without -y/--overwrite; nothing is done"),
        ("\(noFace)", "with --require-face: done, but some input had no face (a video: in no frame; selfie: the shot); "
            + "the outputs are still written, and 1 wins when both happen"),
        ("128+N", "signal N ended the run (no partial output is left)"),
    ]

    /// `table` as lines within 80 columns: `  0     done: ...`, the meaning wrapped under itself.
    static var lines: [String] {
        table.flatMap { row -> [String] in
            var out: [String] = []
            var line = "  " + row.status.padding(toLength: 6, withPad: " ", startingAt: 0)
            var empty = true
            for word in row.meaning.split(separator: " ") {
                if !empty, line.count + 1 + word.count > 80 {
                    out.append(line)
                    line = String(repeating: " ", count: 8)
                    empty = true
                }
                line += (empty ? "" : " ") + word
                empty = false
            }
            return out + [line]
        }
    }
}

/// How a run that does many inputs ends: the counts of its summary line and
/// its exit status (`ExitStatus`: a failure wins over a missing face).
struct RunOutcome {
    /// `--require-face`: an input without a face makes the status 3.
    let requireFace: Bool
    var written = 0
    var skipped = 0
    var failed = 0
    var withoutFace = 0

    var status: Int32 {
        if failed > 0 { return ExitStatus.failure }
        return requireFace && withoutFace > 0 ? ExitStatus.noFace : ExitStatus.success
    }

    /// `3 written, 1 skipped (already there), 0 failed` (`, 1 without a face` when some).
    var summary: String {
        "\(written) written, \(skipped) skipped (already there), \(failed) failed"
            + (withoutFace > 0 ? ", \(withoutFace) without a face" : "")
    }
}

/// The command line, parsed and checked against the options' kinds.
struct Arguments {
    private var values: [String: [String]] = [:]
    /// The arguments that are not options, in order (everything after `--` included).
    private(set) var positionals: [String] = []
    let command: String

    init(_ tokens: [String], options: [Option], command: String) throws {
        self.command = command
        var byName: [String: Option] = [:]
        for option in options { for name in option.names { byName[name] = option } }
        let longNames = options.filter { !$0.hidden }.flatMap(\.names)
        var i = 0
        func take(_ option: Option, _ value: String) throws {
            // No option means anything by an empty value (`-o=`, `--tracks ''`): a
            // path would be taken as the current folder or fail after the work.
            guard !value.isEmpty else { throw UsageError("\(option.id): the value is empty (give \(option.placeholder))") }
            if let kind = option.kind, let problem = kind.problem(with: value) {
                throw UsageError("\(option.id): \(problem)")
            }
            values[option.id, default: []].append(value)
        }
        while i < tokens.count {
            let token = tokens[i]
            i += 1
            if token == "--" {
                positionals += tokens[i...]
                break
            }
            if token == "-" || !token.hasPrefix("-") {
                positionals.append(token)
                continue
            }
            if token.hasPrefix("--") {
                let name = token.split(separator: "=", maxSplits: 1).first.map(String.init) ?? token
                let inline = token.contains("=") ? String(token.dropFirst(name.count + 1)) : nil
                guard let option = byName[name] else {
                    throw UsageError("unknown option \(name) for \(command)" + Suggest.hint(name, in: longNames))
                }
                if option.isFlag {
                    if inline != nil { throw UsageError("\(option.id) takes no value (got \(token))") }
                    values[option.id, default: []].append("")
                } else if let inline {
                    try take(option, inline)
                } else {
                    try take(option, try Self.value(after: name, option: option, tokens: tokens, at: &i))
                }
                continue
            }
            // Short options: `-q`, `-qr` (flags together), `-oFILE`, `-o FILE`.
            var rest = Substring(token.dropFirst())
            while let letter = rest.first {
                rest = rest.dropFirst()
                let name = "-" + String(letter)
                guard let option = byName[name] else {
                    let shown = token.count > 2 ? "\(name) (in \(token))" : name
                    throw UsageError("unknown option \(shown) for \(command)" + Suggest.hint(token, in: longNames))
                }
                if option.isFlag {
                    values[option.id, default: []].append("")
                    continue
                }
                if !rest.isEmpty {
                    try take(option, String(rest.hasPrefix("=") ? rest.dropFirst() : rest))
                } else {
                    try take(option, try Self.value(after: name, option: option, tokens: tokens, at: &i))
                }
                break
            }
        }
    }

    /// The token after an option that needs a value; never another option.
    private static func value(after name: String, option: Option, tokens: [String], at i: inout Int) throws -> String {
        guard i < tokens.count else {
            throw UsageError("\(name) needs a value (\(option.placeholder))")
        }
        let next = tokens[i]
        // A number is never an option: `--skip -1` is refused by the range, naming the value.
        if next.hasPrefix("-"), next != "-", Double(next) == nil {
            throw UsageError("\(name) needs a value (\(option.placeholder)), got the option \(next)"
                             + " (for a value starting with -, write \(option.id)=\(next))")
        }
        i += 1
        return next
    }

    /// Whether the option was given at all.
    func has(_ option: Option) -> Bool { values[option.id] != nil }

    /// Whether the flag was given.
    func flag(_ option: Option) -> Bool { has(option) }

    /// The option's value; given several times, the last one.
    func string(_ option: Option) -> String? { values[option.id]?.last }

    /// Every value given, in order.
    func strings(_ option: Option) -> [String] { values[option.id] ?? [] }

    /// A whole-number option's value (already checked against its range).
    func int(_ option: Option) throws -> Int? {
        guard let text = string(option) else { return nil }
        guard let n = Int(text.trimmingCharacters(in: .whitespaces)) else {
            throw UsageError("\(option.id): \"\(text)\" is not a whole number")
        }
        return n
    }

    /// A number option's value (already checked against its range).
    func double(_ option: Option) throws -> Double? {
        guard let text = string(option) else { return nil }
        guard let n = Double(text.trimmingCharacters(in: .whitespaces)), n.isFinite else {
            throw UsageError("\(option.id): \"\(text)\" is not a number")
        }
        return n
    }

    /// Refuses any positional argument (for commands that take none).
    func noPositionals(_ hint: String = "see --help") throws {
        if let first = positionals.first {
            throw UsageError("\(command): unexpected argument \(first) (\(hint))")
        }
    }
}

/// Runs `body` and turns the library's argument errors (a bad filter spec, a bad
/// `--set`) into usage errors: they are about the command line.
func asUsage<T>(_ body: () throws -> T) throws -> T {
    do {
        return try body()
    } catch let error as FaceStickerError {
        if case .invalidArgument(let message) = error { throw UsageError(message) }
        throw error
    }
}

/// "Did you mean": the nearest name by edit distance.
enum Suggest {
    /// ` (did you mean --output?)`, or nothing when no name is close.
    static func hint(_ typed: String, in names: [String]) -> String {
        closest(to: typed, in: names).map { " (did you mean \($0)?)" } ?? " (see --help)"
    }

    static func closest(to typed: String, in names: [String]) -> String? {
        let limit = max(2, min(3, typed.count / 3))
        var best: (name: String, distance: Int)?
        for name in Set(names).sorted() {
            let d = distance(typed.lowercased(), name.lowercased())
            if d <= limit, d < (best?.distance ?? Int.max) { best = (name, d) }
        }
        // A typed prefix of exactly one name (`--out` for `--output`) counts too.
        if best == nil, typed.count >= 3 {
            let starts = Set(names).filter { $0.hasPrefix(typed) }
            if starts.count == 1 { return starts.first }
        }
        return best?.name
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// Help text from the declarations.
enum Help {
    static let width = 100
    static let column = 25

    static func text(name: String, synopsis: String, details: String, groups: [OptionGroup]) -> String {
        var lines = ["usage: facesticker \(name) \(synopsis)", ""]
        if !details.isEmpty { lines += details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + [""] }
        for (index, group) in groups.enumerated() {
            let shown = group.options.filter { !$0.hidden }
            guard !shown.isEmpty else { continue }
            if let title = group.title {
                lines.append(title + ":")
            } else if index == 0 {
                lines.append("options:")
            }
            for option in shown { lines += self.lines(for: option) }
            lines.append("")
        }
        lines.append(footer)
        return lines.joined(separator: "\n")
    }

    static let footer = """
    Options: -xVALUE, -x VALUE, --name=VALUE and --name VALUE are the same; an option never takes
    another option as its value (write --name=-VALUE) and no value is empty; given twice, a
    single-valued option keeps the last value; -- ends the options. A usage error exits with status 2
    and one line naming the option.
    """

    /// `  -o, --output FILE      help (default X)`, wrapped.
    static func lines(for option: Option) -> [String] {
        let shortNames = option.names.filter { !$0.hasPrefix("--") }
        let longNames = option.names.filter { $0.hasPrefix("--") }
        var left = "  " + (shortNames + longNames).joined(separator: ", ")
        if !option.isFlag { left += " " + option.placeholder }
        var help = option.help
        if let d = option.defaultText { help += " (default: \(d))" }
        if option.repeats { help += "; repeatable" }
        var out: [String] = []
        let words = help.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var line = left.count + 1 < column ? left.padding(toLength: column, withPad: " ", startingAt: 0) : left
        if left.count + 1 >= column {
            out.append(left)
            line = String(repeating: " ", count: column)
        }
        var lineHasWord = false
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width {
                out.append(line)
                line = String(repeating: " ", count: column)
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        out.append(line)
        return out
    }
}
