import FaceSticker

// `Option<Value>` and `Flag`: the typed declarations (Options.swift says how to declare a command).

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
