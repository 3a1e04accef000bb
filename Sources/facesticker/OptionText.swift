import FaceSticker

// The option kinds' rules and messages.

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
