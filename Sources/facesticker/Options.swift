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
//         static let duration = Option<Double?>("--duration", placeholder: "S", default: nil, range: 0.1...86_400,
//                                               defaultText: "until q", help: "stop after S seconds")
//         static let output = Option<String?>("-o", "--output", placeholder: "OUT", kind: .file, default: nil, help: "...")
//         // One of an enum's cases (CaseIterable, RawRepresentable as String, and `extension X:
//         // OptionValue {}`): completion offers them. Any `OptionValue` type (Int, Double, String,
//         // such an enum, and their optionals) is parsed and checked by its own rules.
//         static let assign = Option<Sticker.Assignment>("--assign", placeholder: "all|cycle", default: .all, help: "...")
//         // Parsed by your function, once, at the command line: it RETURNS the value (throw
//         // FaceStickerError.invalidArgument or OptionProblem with the problem; the option's name is added).
//         static let rate = Option<FrameRate>("--rate", placeholder: "RATE", default: FrameRate(whole: 25),
//                                            help: "...", parse: FrameRate.sequenceRate)
//         // Repeatable: every value given, in order (`--set a=1 --set b=2`); the default when none is given.
//         static let set = Option<[ControlSetting]>("--set", placeholder: "CONTROL=VALUE", help: "...",
//                                                  each: ControlSetting.init(parsing:))
//         static let preview = Flag("--preview", help: "a window")                          // a Bool
//         // The library setting an option sets (`setting: .crf`): the library's messages that
//         // name the setting name the option instead (`SettingOptions`).
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
    /// The library setting it sets: messages naming the setting name this option.
    let setting: SettingName?
    /// Takes one value given (parsed and checked) into what was given before
    /// (nil: nothing yet); throws the problem, without the option's name.
    let accept: @Sendable ((any Sendable)?, String) throws -> any Sendable

    /// The name the option is known by in messages and lookups: its long name.
    var id: String { names.last ?? "" }

    var isFlag: Bool { kind == nil }

    /// The same option, its default shown as `text` (one declaration shown for another use).
    func showing(default text: String?) -> AnyOption {
        AnyOption(names: names, kind: kind, placeholder: placeholder, repeats: repeats, defaultText: text, help: help,
                  hidden: hidden, setting: setting, accept: accept)
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

/// The library's settings as the CLI names them: by the option that sets each
/// (`Option(..., setting: .crf)` declares `--crf`), so a library message such as
/// "crf: 60 is outside 0...51" reads "--crf: 60 is outside 0...51" here.
enum SettingOptions {
    /// Each setting's option, from every command's declarations.
    static let names: [SettingName: String] = {
        var names: [SettingName: String] = [:]
        for command in commands {
            for option in command.allOptions {
                if let setting = option.setting, names[setting] == nil { names[setting] = option.id }
            }
        }
        return names
    }()

    /// `setting`'s option; the setting's own name when no option sets it.
    static func name(_ setting: SettingName) -> String { names[setting] ?? setting.rawValue }

    static func text(_ reason: Reason) -> String { reason.text(naming: name) }

    /// An error's line, a setting named by its option.
    static func text(_ error: Error) -> String {
        (error as? FaceStickerError)?.text(naming: name) ?? "\(error)"
    }
}
