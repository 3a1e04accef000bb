import FaceSticker

// `Option<Value>` and `Flag`: the typed declarations (Options.swift says how to declare a command).

/// A type an option's value can be, as swift-argument-parser's `ExpressibleByArgument`:
/// how the text given becomes a value, checked against the option's kind (a range, the
/// choices), and the kind help and completion show when the declaration names none.
protocol OptionValue: Sendable {
    static var defaultKind: ValueKind { get }
    /// The value `text` stands for, checked against `kind`; throws the problem
    /// (`OptionProblem`, without the option's name).
    init(option text: String, kind: ValueKind) throws
}

/// An option value with a range (`range: 1...30` in a declaration).
protocol RangedOptionValue: OptionValue {
    associatedtype Bound: Comparable
    static func kind(_ range: ClosedRange<Bound>) -> ValueKind
}

extension Int: RangedOptionValue {
    static var defaultKind: ValueKind { .int(Int.min...Int.max) }
    static func kind(_ range: ClosedRange<Int>) -> ValueKind { .int(range) }
    init(option text: String, kind: ValueKind) throws {
        guard case .int(let range) = kind else { throw OptionProblem("\"\(text)\": not a number option") }
        self = try OptionText.int(text, in: range)
    }
}

extension Double: RangedOptionValue {
    static var defaultKind: ValueKind { .number(-Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude) }
    static func kind(_ range: ClosedRange<Double>) -> ValueKind { .number(range) }
    init(option text: String, kind: ValueKind) throws {
        guard case .number(let range) = kind else { throw OptionProblem("\"\(text)\": not a number option") }
        self = try OptionText.number(text, in: range)
    }
}

extension String: OptionValue {
    static var defaultKind: ValueKind { .text }
    init(option text: String, kind: ValueKind) throws { self = try OptionText.word(text, kind: kind) }
}

/// No value when the option is not given; the wrapped type's rules when it is.
extension Optional: OptionValue where Wrapped: OptionValue {
    static var defaultKind: ValueKind { Wrapped.defaultKind }
    init(option text: String, kind: ValueKind) throws { self = try Wrapped(option: text, kind: kind) }
}

extension Optional: RangedOptionValue where Wrapped: RangedOptionValue {
    static func kind(_ range: ClosedRange<Wrapped.Bound>) -> ValueKind { Wrapped.kind(range) }
}

/// An enum is one of its cases, by raw value: completion offers them (`extension X: OptionValue {}`).
extension OptionValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    static var defaultKind: ValueKind { .choice(OptionText.words(Self.self)) }
    init(option text: String, kind: ValueKind) throws { self = try OptionText.choice(text) }
}

extension DetectorKind: OptionValue {}
extension DetectionProfile: OptionValue {}
extension Sticker.Assignment: OptionValue {}
extension EvaluationSubset: OptionValue {}

/// An option that takes a value of type `Value`: declared once with its default
/// as a value (nil for none: `Value` is then optional, `Int?`, `String?`); an
/// array for a repeatable one. `arguments[option]` is that type, already parsed
/// and checked. `setting` is the library setting the option sets: the library's
/// messages that name it name this option instead.
struct Option<Value: Sendable>: OptionDeclaration {
    let erased: AnyOption
    /// What `arguments[option]` is when the option is not given.
    let defaultValue: Value

    /// The one initialiser the others call: `accept` takes a value as typed into the
    /// option's value, given what was given before (repeatable options accumulate;
    /// `--filter` folds its values into one chain this way).
    init(names: [String], placeholder: String, kind: ValueKind, default defaultValue: Value, defaultText: String?,
                 repeats: Bool, help: String, hidden: Bool, setting: SettingName?,
                 accept: @escaping @Sendable (Value?, String) throws -> Value) {
        self.defaultValue = defaultValue
        erased = AnyOption(names: names, kind: kind, placeholder: placeholder, repeats: repeats,
                           defaultText: defaultText ?? OptionText.describe(defaultValue), help: help, hidden: hidden,
                           setting: setting, accept: { previous, text in try accept(previous as? Value, text) })
    }

    /// A value of an `OptionValue` type, checked against `kind` (default: the type's own).
    init(_ names: String..., placeholder: String, kind: ValueKind? = nil, default defaultValue: Value,
         defaultText: String? = nil, setting: SettingName? = nil, help: String, hidden: Bool = false)
    where Value: OptionValue {
        let kind = kind ?? Value.defaultKind
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, setting: setting,
                  accept: { _, text in try Value(option: text, kind: kind) })
    }

    /// A number in `range`.
    init(_ names: String..., placeholder: String, default defaultValue: Value, range: ClosedRange<Value.Bound>,
         defaultText: String? = nil, setting: SettingName? = nil, help: String, hidden: Bool = false)
    where Value: RangedOptionValue {
        let kind = Value.kind(range)
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, setting: setting,
                  accept: { _, text in try Value(option: text, kind: kind) })
    }

    /// A value `parse` makes of the text (or throws the problem).
    init(_ names: String..., placeholder: String, kind: ValueKind = .text, default defaultValue: Value,
         defaultText: String? = nil, setting: SettingName? = nil, help: String, hidden: Bool = false,
         parse: @escaping @Sendable (String) throws -> Value) {
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: false, help: help, hidden: hidden, setting: setting, accept: { _, text in try parse(text) })
    }

    /// Repeatable: every value given, each made by `each`, in order; `defaultValue` when none is given.
    init<Element>(_ names: String..., placeholder: String, kind: ValueKind = .text, default defaultValue: [Element] = [],
                  defaultText: String? = nil, setting: SettingName? = nil, help: String, hidden: Bool = false,
                  each: @escaping @Sendable (String) throws -> Element) where Value == [Element] {
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: true, help: help, hidden: hidden, setting: setting,
                  accept: { previous, text in (previous ?? []) + [try each(text)] })
    }

    /// Repeatable values of an `OptionValue` type (`each: DetectorKind.self`).
    init<Element: OptionValue>(_ names: String..., placeholder: String, default defaultValue: [Element] = [],
                               defaultText: String? = nil, setting: SettingName? = nil, help: String,
                               hidden: Bool = false, each: Element.Type) where Value == [Element] {
        let kind = Element.defaultKind
        self.init(names: names, placeholder: placeholder, kind: kind, default: defaultValue, defaultText: defaultText,
                  repeats: true, help: help, hidden: hidden, setting: setting,
                  accept: { previous, text in (previous ?? []) + [try Element(option: text, kind: kind)] })
    }
}

/// A switch: `arguments[flag]` is whether it was given.
struct Flag: OptionDeclaration {
    let erased: AnyOption

    init(_ names: String..., setting: SettingName? = nil, help: String, hidden: Bool = false) {
        erased = AnyOption(names: names, kind: nil, placeholder: "", repeats: false, defaultText: nil, help: help,
                           hidden: hidden, setting: setting, accept: { _, _ in true })
    }
}
