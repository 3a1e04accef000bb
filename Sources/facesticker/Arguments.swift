import FaceSticker

// The command line, parsed once against the declarations; "did you mean".

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
        if case FaceStickerError.invalidArgument(let reason) = error {
            message = SettingOptions.text(reason)
        } else {
            message = SettingOptions.text(error)
        }
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
        if case .invalidArgument(let reason) = error { throw UsageError(SettingOptions.text(reason)) }
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
