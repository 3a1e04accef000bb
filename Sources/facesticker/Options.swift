import FaceSticker

// The CLI's option framework. Every option is declared once, as a typed value:
// its names, its type, its default AS A VALUE, its range or choices, its help.
// The command line is parsed and checked against those declarations once, before
// the run starts, and the run reads each value with its type: `arguments[crf]`
// is an `Int` already checked against 0...51 (or the default when not given),
// never looked up by name or parsed again. Help, completion and man pages read
// the type-erased `AnyOption` each declaration carries (`names`, `id`,
// `placeholder`, `kind`, `defaultText`, `help`, `repeats`, `hidden`, `isFlag`).
//
// How to declare a command (e.g. porting `live`):
//
//     enum LiveCommand: Command {
//         static let name = "live"
//         static let summary = "stickers on a live camera picture"      // one line in `facesticker --help`
//         static let synopsis = "[options] [DEVICE]"                    // after `usage: facesticker live`
//         static let details = "What it does; exit statuses."           // paragraphs, wrapped as written
//
//         // A value with a default: help shows "(default: 30)", taken from the value.
//         static let fps = Option<Int>("--fps", placeholder: "N", default: 30, range: 1...120, help: "frames a second")
//         // No default (nil when not given); a stated text where the default depends on something.
//         static let duration = Option<Double?>("--duration", placeholder: "S", range: 0.1...86_400,
//                                               defaultText: "until q", help: "stop after S seconds")
//         static let output = Option<String?>("-o", "--output", placeholder: "OUT", kind: .file, help: "...")
//         // One of an enum's cases (CaseIterable, RawRepresentable as String): completion offers them.
//         static let assign = Option<Sticker.Assignment>("--assign", placeholder: "all|cycle", default: .all, help: "...")
//         // Parsed by your function, once, at the command line: it RETURNS the value (throw
//         // FaceStickerError.invalidArgument or OptionProblem with the problem; the option's name is added).
//         static let rate = Option<FrameRate>("--rate", placeholder: "RATE", default: FrameRate(whole: 25),
//                                            help: "...", parse: FrameRate.sequenceRate)
//         // Repeatable: every value given, in order (`--set a=1 --set b=2`); the default when none is given.
//         static let set = Option<[ControlSetting]>("--set", placeholder: "CONTROL=VALUE", help: "...",
//                                                  each: ControlSetting.init(parsing:))
//         static let preview = Flag("--preview", help: "a window")                          // a Bool
//
//         // Own options first, then the shared groups it takes (CameraOptions, StickerOptions,
//         // DetectorOptions, BatchOptions; CommonOptions: -q/-v/-h, which every command gets).
//         static var groups: [OptionGroup] {
//             [OptionGroup(nil, [fps, duration, output, assign, rate, set, preview]), CameraOptions.group,
//              StickerOptions.group, DetectorOptions.group]
//         }
//         static func run(_ arguments: Arguments) throws -> Int32 {
//             let fps = arguments[Self.fps]                      // Int, checked: 30 when not given
//             let duration = arguments[Self.duration]            // Double?
//             let preview = arguments[Self.preview]              // Bool
//             if arguments.has(Self.fps) { ... }                 // given at all (rarely needed)
//             let camera = try CameraOptions.parse(arguments)    // a group's values, checked together
//             let detector = try DetectorOptions.parse(arguments, use: .video)
//             ...
//         }
//     }
//
// and add it to `commands` in main.swift. A default lives once: in the library when the
// library needs it (`EncoderSettings.defaultCRF`, `ImageFile.defaultJPEGQuality`, ...),
// else in the one declaration; nothing else repeats it. A problem with the command line
// is a `UsageError` (exit status 2, one line naming the option).
//
// Syntax accepted: `--name VALUE`, `--name=VALUE`, `-n VALUE`, `-nVALUE`, clusters of
// short flags (`-qr`); a value that starts with `-` (other than `-` alone, or a
// number) is never taken as a value: `--output --json` is an error naming --output
// (write `--output=-x` for such a name); an empty value (`--out-dir=`, `-o ''`) is
// an error for every option. A single-valued option given twice keeps the last
// value (both are checked); `--` ends the options.

/// A command-line problem: exit status 2, one line naming the option.
struct UsageError: Error, CustomStringConvertible {
    let message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}

/// The problem with one option's value, thrown by a `parse` function: the parser
/// puts the option's name before it (`--crf: 52 is outside 0...51`).
struct OptionProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// What an option's value is, as help, completion and man pages tell it.
enum ValueKind: Sendable, Equatable {
    /// Any text (also: values a `parse` function checks).
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
}

/// One option as every generator reads it (help, completion, man pages) and the
/// parser uses it: its names, whether it takes a value and of what kind, its
/// default as help shows it, its help, and how a value given is taken in.
/// Made by `Option<Value>` and `Flag`; read, never declared, elsewhere.
struct AnyOption: Sendable {
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
    /// Takes one value given (parsed and checked) into what was given before
    /// (nil: nothing yet); throws the problem, without the option's name.
    let accept: @Sendable ((any Sendable)?, String) throws -> any Sendable

    /// The name the option is known by in messages and lookups: its long name.
    var id: String { names.last ?? "" }

    var isFlag: Bool { kind == nil }

    /// The same option, its default shown as `text` (one declaration shown for another use).
    func showing(default text: String?) -> AnyOption {
        AnyOption(names: names, kind: kind, placeholder: placeholder, repeats: repeats, defaultText: text, help: help,
                  hidden: hidden, accept: accept)
    }
}

/// Anything a command lists in its groups: an `Option<Value>`, a `Flag`.
protocol OptionDeclaration: Sendable {
    var erased: AnyOption { get }
}

extension OptionDeclaration {
    var id: String { erased.id }
    var names: [String] { erased.names }
}

extension AnyOption: OptionDeclaration {
    var erased: AnyOption { self }
}

/// An option that takes a value of type `Value`: declared once with its default
/// as a value; `arguments[option]` is that type, already parsed and checked.
/// `Value` is optional (`Int?`, `String?`) for an option with no default, an
/// array for a repeatable one.
struct Option<Value: Sendable>: OptionDeclaration {
    let erased: AnyOption
    /// What `arguments[option]` is when the option is not given.
    let defaultValue: Value

    /// The one initialiser the others call: `parse` takes a value as typed into the
    /// option's value, given what was given before (repeatable options accumulate).
    init(names: [String], placeholder: String, kind: ValueKind, default defaultValue: Value, defaultText: String?,
         repeats: Bool, help: String, hidden: Bool,
         accept: @escaping @Sendable (Value?, String) throws -> Value) {
        self.defaultValue = defaultValue
        erased = AnyOption(names: names, kind: kind, placeholder: placeholder, repeats: repeats,
                           defaultText: defaultText ?? OptionText.describe(defaultValue), help: help, hidden: hidden,
                           accept: { previous, text in try accept(previous as? Value, text) })
    }

    /// A value parsed by `parse`, which returns it (or throws the problem).
    init(_ names: String..., placeholder: String, kind: ValueKind = .text, default defaultValue: Value,
         defaultText: String? = nil, help: String, hidden: Bool = false,
         parse: @escaping @Sendable (String) throws -> Value) {
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, accept: { _, text in try parse(text) })
    }

    /// A value with no default (nil when not given), parsed by `parse`.
    init<Wrapped>(_ names: String..., placeholder: String, kind: ValueKind = .text, defaultText: String? = nil,
                  help: String, hidden: Bool = false, parse: @escaping @Sendable (String) throws -> Wrapped)
    where Value == Wrapped? {
        self.init(names: names, placeholder: placeholder, kind: kind, default: nil, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, accept: { _, text in try parse(text) })
    }

    /// Repeatable: every value given, each parsed by `each`, in order; `defaultValue` when none is given.
    init<Element>(_ names: String..., placeholder: String, kind: ValueKind = .text, default defaultValue: [Element] = [],
                  defaultText: String? = nil, help: String, hidden: Bool = false,
                  each: @escaping @Sendable (String) throws -> Element) where Value == [Element] {
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: true, help: help, hidden: hidden, accept: { previous, text in (previous ?? []) + [try each(text)] })
    }
}

// The common types, checked as their kind says.
extension Option where Value == Int {
    init(_ names: String..., placeholder: String, default defaultValue: Int, range: ClosedRange<Int>,
         defaultText: String? = nil, help: String, hidden: Bool = false) {
        self.init(names: names, placeholder: placeholder, kind: .int(range), default: defaultValue, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, accept: { _, text in try OptionText.int(text, in: range) })
    }
}

extension Option where Value == Int? {
    init(_ names: String..., placeholder: String, range: ClosedRange<Int>, defaultText: String? = nil, help: String,
         hidden: Bool = false) {
        self.init(names: names, placeholder: placeholder, kind: .int(range), default: nil, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, accept: { _, text in try OptionText.int(text, in: range) })
    }
}

extension Option where Value == Double {
    init(_ names: String..., placeholder: String, default defaultValue: Double, range: ClosedRange<Double>,
         defaultText: String? = nil, help: String, hidden: Bool = false) {
        self.init(names: names, placeholder: placeholder, kind: .number(range), default: defaultValue,
                  defaultText: defaultText, repeats: false, help: help, hidden: hidden,
                  accept: { _, text in try OptionText.number(text, in: range) })
    }
}

extension Option where Value == Double? {
    init(_ names: String..., placeholder: String, range: ClosedRange<Double>, defaultText: String? = nil, help: String,
         hidden: Bool = false) {
        self.init(names: names, placeholder: placeholder, kind: .number(range), default: nil, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, accept: { _, text in try OptionText.number(text, in: range) })
    }
}

extension Option where Value == String {
    init(_ names: String..., placeholder: String, kind: ValueKind = .text, default defaultValue: String,
         defaultText: String? = nil, help: String, hidden: Bool = false) {
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, accept: { _, text in try OptionText.word(text, kind: kind) })
    }
}

extension Option where Value == String? {
    init(_ names: String..., placeholder: String, kind: ValueKind = .text, defaultText: String? = nil, help: String,
         hidden: Bool = false) {
        self.init(names: names, placeholder: placeholder, kind: kind, default: nil, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, accept: { _, text in try OptionText.word(text, kind: kind) })
    }
}

extension Option where Value: CaseIterable & RawRepresentable, Value.RawValue == String {
    /// One of the enum's cases, by its raw value.
    init(_ names: String..., placeholder: String, default defaultValue: Value, defaultText: String? = nil, help: String,
         hidden: Bool = false) {
        self.init(names: names, placeholder: placeholder, kind: .choice(OptionText.words(Value.self)), default: defaultValue,
                  defaultText: defaultText, repeats: false, help: help, hidden: hidden,
                  accept: { _, text in try OptionText.choice(text) })
    }
}

extension Option {
    /// One of the enum's cases, or nil when not given.
    init<Case: CaseIterable & RawRepresentable & Sendable>(_ names: String..., placeholder: String, defaultText: String? = nil,
                                                            help: String, hidden: Bool = false)
    where Value == Case?, Case.RawValue == String {
        self.init(names: names, placeholder: placeholder, kind: .choice(OptionText.words(Case.self)), default: nil,
                  defaultText: defaultText, repeats: false, help: help, hidden: hidden,
                  accept: { _, text in try OptionText.choice(text) as Case })
    }

    /// Repeatable choices of an enum: every case given, in order.
    init<Case: CaseIterable & RawRepresentable & Sendable>(_ names: String..., placeholder: String, defaultText: String? = nil,
                                                            help: String, hidden: Bool = false, each: Case.Type)
    where Value == [Case], Case.RawValue == String {
        self.init(names: names, placeholder: placeholder, kind: .choice(OptionText.words(Case.self)), default: [],
                  defaultText: defaultText, repeats: true, help: help, hidden: hidden,
                  accept: { previous, text in (previous ?? []) + [try OptionText.choice(text) as Case] })
    }
}

/// A switch: `arguments[flag]` is whether it was given.
struct Flag: OptionDeclaration {
    let erased: AnyOption

    init(_ names: String..., help: String, hidden: Bool = false) {
        erased = AnyOption(names: names, kind: nil, placeholder: "", repeats: false, defaultText: nil, help: help,
                           hidden: hidden, accept: { _, _ in true })
    }
}

/// Checking and showing option values: the kinds' rules and messages, in one place.
enum OptionText {
    static func int(_ text: String, in range: ClosedRange<Int>) throws -> Int {
        guard let n = Int(text.trimmingCharacters(in: .whitespaces)) else { throw OptionProblem("\"\(text)\" is not a whole number") }
        guard range.contains(n) else { throw OptionProblem("\(text) is outside \(range.lowerBound)...\(range.upperBound)") }
        return n
    }

    static func number(_ text: String, in range: ClosedRange<Double>) throws -> Double {
        guard let n = Double(text.trimmingCharacters(in: .whitespaces)), n.isFinite else {
            throw OptionProblem("\"\(text)\" is not a number")
        }
        guard range.contains(n) else {
            throw OptionProblem("\(text) is outside \(JSONText.number(range.lowerBound, digits: 6))..."
                                + "\(JSONText.number(range.upperBound, digits: 6))")
        }
        return n
    }

    /// `text` when it is one of `words`, else the problem (with the nearest word).
    static func word(_ text: String, in words: [String]) throws -> String {
        guard words.contains(text) else {
            throw OptionProblem("\"\(text)\" is not one of \(words.joined(separator: ", "))"
                                + (Suggest.closest(to: text, in: words).map { " (did you mean \($0)?)" } ?? ""))
        }
        return text
    }

    /// Text as `kind` allows it (a choice: one of its words; anything else as given).
    static func word(_ text: String, kind: ValueKind) throws -> String {
        if case .choice(let words) = kind { return try word(text, in: words) }
        return text
    }

    static func words<Case: CaseIterable & RawRepresentable>(_ type: Case.Type) -> [String] where Case.RawValue == String {
        Case.allCases.map(\.rawValue)
    }

    static func choice<Case: CaseIterable & RawRepresentable>(_ text: String) throws -> Case where Case.RawValue == String {
        let word = try word(text, in: words(Case.self))
        guard let value = Case(rawValue: word) else { throw OptionProblem("\"\(text)\" is not one of \(words(Case.self))") }
        return value
    }

    /// A default as help shows it: a number as JSON writes it, a case by its name, a
    /// list joined by commas; nil for no value (nil, an empty list).
    static func describe(_ value: Any) -> String? {
        if let optional = value as? any OptionalValue { return optional.wrappedValue.flatMap(describe) }
        switch value {
        case let text as String: return text
        case let n as Int: return String(n)
        case let x as Double: return JSONText.number(x, digits: 6)
        case is Bool: return nil
        case let list as [Any]:
            let items = list.compactMap(describe)
            return items.isEmpty ? nil : items.joined(separator: ", ")
        case let word as any RawRepresentable: return "\(word.rawValue)"
        case let shown as CustomStringConvertible: return shown.description
        default: return nil
        }
    }
}

/// `Optional`, seen through `Any` (for `OptionText.describe`).
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedValue: Any? { self.map { $0 as Any } }
}

/// Options shown together under one heading in help.
struct OptionGroup: Sendable {
    let title: String?
    let options: [AnyOption]
    init(_ title: String?, _ options: [any OptionDeclaration]) {
        self.title = title
        self.options = options.map(\.erased)
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

    /// The help text, generated from the declaration.
    static var usage: String {
        Help.text(name: name, synopsis: synopsis, details: details, groups: allGroups, examples: examples)
    }

    /// Parses `tokens` against the command's options.
    static func parse(_ tokens: [String]) throws -> Arguments {
        try Arguments(tokens, options: allOptions, command: name)
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
        ("128+N", "signal N (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGUSR1, SIGUSR2) ended the run; no partial output "
            + "and no child process is left"),
    ]
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

/// The command line, parsed once and checked against the options' declarations:
/// each value given is kept as its option's type.
struct Arguments {
    /// By option id: the value (the last given, or every one for a repeatable option).
    private var values: [String: any Sendable] = [:]
    /// By option id: the texts given, for a declaration that shares an id with another of another type.
    private var texts: [String: [String]] = [:]
    /// The arguments that are not options, in order (everything after `--` included).
    private(set) var positionals: [String] = []
    let command: String

    init(_ tokens: [String], options: [AnyOption], command: String) throws {
        self.command = command
        var byName: [String: AnyOption] = [:]
        for option in options { for name in option.names { byName[name] = option } }
        let longNames = options.filter { !$0.hidden }.flatMap(\.names)
        var i = 0
        func take(_ option: AnyOption, _ value: String) throws {
            // No option means anything by an empty value (`-o=`, `--tracks ''`): a
            // path would be taken as the current folder or fail after the work.
            guard option.isFlag || !value.isEmpty else {
                throw UsageError("\(option.id): the value is empty (give \(option.placeholder))")
            }
            do {
                values[option.id] = try option.accept(values[option.id], value)
            } catch {
                throw UsageError("\(option.id): \(Self.problem(error, of: option))")
            }
            texts[option.id, default: []].append(value)
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
                    try take(option, "")
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
                    try take(option, "")
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

    /// A parse function's error as the text after the option's name: the library's
    /// messages that start with the option's name already lose it.
    private static func problem(_ error: Error, of option: AnyOption) -> String {
        let message: String
        if case FaceStickerError.invalidArgument(let text) = error { message = text } else { message = "\(error)" }
        for prefix in [option.id + ": ", option.id + " "] where message.hasPrefix(prefix) {
            return String(message.dropFirst(prefix.count))
        }
        return message
    }

    /// The token after an option that needs a value; never another option.
    private static func value(after name: String, option: AnyOption, tokens: [String], at i: inout Int) throws -> String {
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
    func has(_ option: some OptionDeclaration) -> Bool { texts[option.id] != nil }

    /// Whether the flag was given.
    subscript(_ flag: Flag) -> Bool { has(flag) }

    /// The texts given for an option, in order, as typed (for generators that read any option).
    func texts(_ option: AnyOption) -> [String] { texts[option.id] ?? [] }

    /// The option's value: the one given (the last, or all of a repeatable one), else its default.
    subscript<Value>(_ option: Option<Value>) -> Value { given(option) ?? option.defaultValue }

    /// The option's value when it was given, nil when not (to tell a default from a choice).
    func given<Value>(_ option: Option<Value>) -> Value? {
        guard let value = values[option.id] else { return nil }
        if let typed = value as? Value { return typed }
        // Another declaration of this id, of another type, took the texts: read them as this one's.
        var folded: (any Sendable)?
        for text in texts[option.id] ?? [] { folded = try? option.erased.accept(folded, text) }
        return folded as? Value
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
    /// Help fits an 80-column terminal, as man pages do.
    static let width = 80
    static let column = 25

    static func text(name: String, synopsis: String, details: String, groups: [OptionGroup],
                     examples: [Example] = []) -> String {
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
        if !examples.isEmpty { lines += [""] + exampleLines(examples) }
        return lines.joined(separator: "\n")
    }

    /// `examples:`, then each command line and its sentence below it, indented.
    static func exampleLines(_ examples: [Example]) -> [String] {
        var lines = ["examples:"]
        for example in examples {
            lines.append("  " + example.line)
            lines += wrap(example.sentence, indent: 6)
        }
        return lines
    }

    /// `text` in lines of at most `width` characters, each `indent` spaces in.
    static func wrap(_ text: String, indent: Int, width: Int = Help.width) -> [String] {
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = [], line = pad
        for word in text.split(separator: " ") {
            if line.count > indent, line.count + 1 + word.count > width {
                lines.append(line)
                line = pad
            }
            line += (line.count > indent ? " " : "") + word
        }
        if line.count > indent { lines.append(line) }
        return lines
    }

    static let footer = """
    Options: -xVALUE, -x VALUE, --name=VALUE and --name VALUE are the same; an
    option never takes another option as its value (write --name=-VALUE) and no
    value is empty; given twice, a single-valued option keeps the last value; --
    ends the options. A usage error exits with status 2 and one line naming the
    option.
    """

    /// `  -o, --output FILE      help (default X)`, wrapped.
    static func lines(for option: AnyOption) -> [String] {
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
