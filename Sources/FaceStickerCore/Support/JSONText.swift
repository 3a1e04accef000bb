/// JSON's two primitives as text: an escaped string and a number with a set number of
/// decimals. `JSONOutput` writes whole values with them; messages use them to show values.
package enum JSONText {
    /// A JSON string literal for `text`. A file name the user gave is written
    /// as given (`FileNames.shownBytes`), a byte of it that is not UTF-8 as the
    /// text `\xNN`; controls (C0, DEL, C1) and the line and paragraph
    /// separators are `\u` escapes, so no line of JSON moves a terminal either.
    package static func string(_ text: String) -> String {
        var out = "\""
        FileNames.pieces(FileNames.shownBytes(text)) { piece in
            switch piece {
            case .byte(let byte): out += "\\\\x" + FileNames.hex(byte)
            case .scalar("\""): out += "\\\""
            case .scalar("\\"): out += "\\\\"
            case .scalar("\n"): out += "\\n"
            case .scalar("\r"): out += "\\r"
            case .scalar("\t"): out += "\\t"
            case .scalar(let scalar) where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
                || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            case .scalar(let scalar): out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A JSON number with at most `digits` decimals and no trailing zeros; non-finite values become 0.
    package static func number(_ value: Double, digits: Int = 2) -> String {
        guard value.isFinite else { return "0" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }
}

/// A JSON value to write: the one JSON writer (every `--json` line, `detect`, the tracks
/// file, the config file). Object keys keep the order given, as readers and people see
/// them; numbers keep the decimals asked for (`JSONText.number`), strings are escaped by
/// `JSONText.string`. `text` is one line (`{"a": 1, "b": [2, 3]}`), `pretty` indents
/// objects by two spaces a level.
package indirect enum JSONOutput: Sendable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    case null
    case bool(Bool)
    case int(Int)
    /// A number with at most `digits` decimals.
    case number(Double, digits: Int)
    case string(String)
    case array([JSONOutput])
    /// Fields in order.
    case object([(String, JSONOutput)])

    package init(stringLiteral value: String) { self = .string(value) }
    package init(integerLiteral value: Int) { self = .int(value) }

    /// A string, or null.
    package static func string(_ value: String?) -> JSONOutput { value.map { .string($0) } ?? .null }

    /// `value` mapped, or null.
    package static func optional<T>(_ value: T?, _ map: (T) -> JSONOutput) -> JSONOutput { value.map(map) ?? .null }

    /// A list of numbers with `digits` decimals each (a box, a point).
    package static func numbers(_ values: [Double], digits: Int) -> JSONOutput {
        .array(values.map { .number($0, digits: digits) })
    }

    /// On one line.
    package var text: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .int(let value): return String(value)
        case .number(let value, let digits): return JSONText.number(value, digits: digits)
        case .string(let value): return JSONText.string(value)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ", ") + "]"
        case .object(let fields):
            return "{" + fields.map { JSONText.string($0.0) + ": " + $0.1.text }.joined(separator: ", ") + "}"
        }
    }

    /// Objects over several lines, indented by two spaces a level; arrays on one line.
    package func pretty(indent: String = "") -> String {
        guard case .object(let fields) = self, !fields.isEmpty else { return text }
        let inner = indent + "  "
        return "{\n" + fields.map { inner + JSONText.string($0.0) + ": " + $0.1.pretty(indent: inner) }
            .joined(separator: ",\n") + "\n" + indent + "}"
    }
}
