import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The one reader of JSON a user gives the program: detector configs, sticker
/// manifests, ground-truth box lists and tracks files all go through it.
///
/// It is strict where Foundation's readers are lax: a key given twice in one
/// object is refused (Foundation keeps one of them without a word), so are
/// numbers out of Double's range, invalid UTF-8, control characters in strings
/// and nesting deeper than `maxDepth`. Every error is one line naming the file,
/// the key path (`frames[3].faces[0]`) and the line and column.
///
/// It reads as it goes, from bytes in memory or from a file in 64 KiB chunks,
/// so a caller that takes a long list element by element (`array(at:_:)`, as
/// the tracks file does) holds one element at a time, never the file's text.
package final class JSONReader {
    /// The deepest nesting of arrays and objects read (each level costs stack).
    package static let maxDepth = 100

    /// The name errors give the input: its path.
    package let path: String
    private var buffer: [UInt8]
    private var position = 0
    private let descriptor: Int32?
    /// Bytes read before `buffer`'s first; the line number, and where that line starts (a byte offset).
    private var consumed = 0
    private var line = 1, lineStart = 0
    /// The byte column of the next byte, from 1.
    private var column: Int { consumed + position - lineStart + 1 }
    private var depth = 0

    /// Reads `data`; `path` names it in errors.
    package init(data: Data, path: String) {
        self.path = path
        buffer = Array(data)
        descriptor = nil
    }

    /// Reads the file at `path` as it goes (checked and capped as `kind` says).
    package init(path: String, kind: TextInput) throws {
        try InputFile.check(path, kind: kind)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw FaceStickerError.unreadable(path: path, reason: "\(kind.role): \(Errno.current.description)")
        }
        self.path = path
        buffer = []
        descriptor = fd
    }

    deinit {
        if let descriptor { close(descriptor) }
    }

    /// The whole of `data` as one value (nothing but white space after it).
    package static func parse(_ data: Data, path: String) throws -> JSONValue {
        let reader = JSONReader(data: data, path: path)
        let value = try reader.value(at: "")
        try reader.end()
        return value
    }

    // MARK: Values

    /// The next value, whole. `key` is its key path, for errors.
    package func value(at key: String) throws -> JSONValue {
        skipSpace()
        switch try peek(at: key) {
        case UInt8(ascii: "{"):
            var object: [String: JSONValue] = [:]
            try self.object(at: key) { name, inner in object[name] = try self.value(at: inner) }
            return .object(object)
        case UInt8(ascii: "["):
            var array: [JSONValue] = []
            try self.array(at: key) { _, inner in array.append(try self.value(at: inner)) }
            return .array(array)
        case UInt8(ascii: "\""):
            return .string(try string(at: key))
        case UInt8(ascii: "t"):
            try literal("true", at: key)
            return .bool(true)
        case UInt8(ascii: "f"):
            try literal("false", at: key)
            return .bool(false)
        case UInt8(ascii: "n"):
            try literal("null", at: key)
            return .null
        default:
            return .number(try number(at: key))
        }
    }

    /// Reads an object member by member: `member(name, keyPath)` must read the
    /// member's value (with `value(at:)`, `object` or `array`). A name given twice is refused.
    package func object(at key: String, _ member: (String, String) throws -> Void) throws {
        skipSpace()
        try expect(UInt8(ascii: "{"), at: key, "an object")
        try enter(key)
        var names = Set<String>()
        skipSpace()
        if try peek(at: key) == UInt8(ascii: "}") {
            advance()
        } else {
            while true {
                skipSpace()
                let (nameLine, nameColumn) = (line, column)
                guard try peek(at: key) == UInt8(ascii: "\"") else { throw syntax(at: key, "a key in quotes expected") }
                let name = try string(at: key)
                let inner = key.isEmpty ? name : key + "." + name
                guard names.insert(name).inserted else {
                    throw FaceStickerError.badValue(path: path, key: inner,
                                                    reason: "given twice in one object (again at line \(nameLine), column \(nameColumn))")
                }
                skipSpace()
                try expect(UInt8(ascii: ":"), at: inner, "':'")
                try member(name, inner)
                skipSpace()
                if try peek(at: key) == UInt8(ascii: ",") { advance(); continue }
                try expect(UInt8(ascii: "}"), at: key, "',' or '}'")
                break
            }
        }
        depth -= 1
    }

    /// Reads an array element by element: `element(index, keyPath)` must read the element.
    package func array(at key: String, _ element: (Int, String) throws -> Void) throws {
        skipSpace()
        try expect(UInt8(ascii: "["), at: key, "a list")
        try enter(key)
        skipSpace()
        if try peek(at: key) == UInt8(ascii: "]") {
            advance()
        } else {
            var index = 0
            while true {
                try element(index, "\(key)[\(index)]")
                index += 1
                skipSpace()
                if try peek(at: key) == UInt8(ascii: ",") { advance(); continue }
                try expect(UInt8(ascii: "]"), at: key, "',' or ']'")
                break
            }
        }
        depth -= 1
    }

    /// Whether the next value starts with `c` (`{`, `[`), read nothing of it.
    package func nextIs(_ c: UInt8) -> Bool {
        skipSpace()
        return fill() && buffer[position] == c
    }

    /// Only white space is left.
    package func end() throws {
        skipSpace()
        guard !fill() else { throw syntax(at: "", "more after the end of the JSON value") }
    }

    // MARK: Tokens

    private func enter(_ key: String) throws {
        depth += 1
        guard depth <= Self.maxDepth else { throw syntax(at: key, "nested more than \(Self.maxDepth) deep") }
    }

    private func string(at key: String) throws -> String {
        try expect(UInt8(ascii: "\""), at: key, "a string")
        var bytes: [UInt8] = []
        while true {
            guard fill() else { throw syntax(at: key, "a string is never closed") }
            // Plain bytes in one run (a local copy of the buffer: no access check per byte).
            let chunk = buffer
            var i = position
            while i < chunk.count, chunk[i] != UInt8(ascii: "\""), chunk[i] != UInt8(ascii: "\\"), chunk[i] >= 0x20 { i += 1 }
            bytes.append(contentsOf: chunk[position..<i])
            position = i
            guard i < chunk.count else { continue }
            let c = chunk[i]
            advance()
            switch c {
            case UInt8(ascii: "\""):
                guard let text = String(validating: bytes, as: UTF8.self) else {
                    throw syntax(at: key, "a string is not valid UTF-8")
                }
                return text
            case UInt8(ascii: "\\"):
                guard fill() else { throw syntax(at: key, "a string is never closed") }
                let e = buffer[position]
                advance()
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(e)
                case UInt8(ascii: "b"): bytes.append(0x08)
                case UInt8(ascii: "f"): bytes.append(0x0C)
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4(at: key)
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard try take(UInt8(ascii: "\\")), try take(UInt8(ascii: "u")) else {
                            throw syntax(at: key, "a \\u escape is half a surrogate pair")
                        }
                        let low = try hex4(at: key)
                        guard (0xDC00..<0xE000).contains(low) else { throw syntax(at: key, "a \\u escape is half a surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw syntax(at: key, "a \\u escape is half a surrogate pair") }
                    bytes.append(contentsOf: Array(String(Character(unicode)).utf8))
                default:
                    throw syntax(at: key, "an unknown escape in a string")
                }
            case 0..<0x20:
                throw syntax(at: key, "a control character inside a string (escape it)")
            default:
                bytes.append(c)
            }
        }
    }

    private func hex4(at key: String) throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard fill(), let digit = hexDigit(buffer[position]) else { throw syntax(at: key, "a \\u escape needs 4 hex digits") }
            advance()
            value = value << 4 | digit
        }
        return value
    }

    private func hexDigit(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(c - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// A number as JSON writes it (no leading `+`, zeros or `.`), finite as a Double.
    private func number(at key: String) throws -> Double {
        var bytes: [UInt8] = []
        func digits() -> Int {
            var count = 0
            while fill(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(buffer[position]) {
                bytes.append(buffer[position])
                advance()
                count += 1
            }
            return count
        }
        func sign(_ allowed: [UInt8]) {
            if fill(), allowed.contains(buffer[position]) {
                bytes.append(buffer[position])
                advance()
            }
        }
        sign([UInt8(ascii: "-")])
        let leadingZero = fill() && buffer[position] == UInt8(ascii: "0")
        let whole = digits()
        guard whole > 0 else { throw syntax(at: key, "a value expected") }
        guard !leadingZero || whole == 1 else { throw syntax(at: key, "a number with a leading zero") }
        if try take(UInt8(ascii: ".")) {
            bytes.append(UInt8(ascii: "."))
            guard digits() > 0 else { throw syntax(at: key, "digits expected after '.'") }
        }
        if fill(), buffer[position] | 0x20 == UInt8(ascii: "e") {
            bytes.append(UInt8(ascii: "e"))
            advance()
            sign([UInt8(ascii: "+"), UInt8(ascii: "-")])
            guard digits() > 0 else { throw syntax(at: key, "digits expected in the exponent") }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw FaceStickerError.badValue(path: path, key: key.isEmpty ? "(top level)" : key,
                                            reason: "\(text.prefix(40)) is out of range (line \(line), column \(column))")
        }
        return value
    }

    private func literal(_ word: String, at key: String) throws {
        for c in word.utf8 {
            guard try take(c) else { throw syntax(at: key, "a value expected") }
        }
    }

    // MARK: Bytes

    /// Makes `buffer[position]` valid when any input is left; false at the end.
    private func fill() -> Bool {
        if position < buffer.count { return true }
        guard let descriptor else { return false }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let n = chunk.withUnsafeMutableBytes { raw in
            retryingOnInterrupt { read(descriptor, raw.baseAddress, raw.count) }
        }
        guard n > 0 else { return false }
        chunk.removeSubrange(n...)
        consumed += buffer.count
        buffer = chunk
        position = 0
        return true
    }

    private func peek(at key: String) throws -> UInt8 {
        guard fill() else { throw syntax(at: key, "the file ends early") }
        return buffer[position]
    }

    /// Past the next byte (never a line feed: those are white space, or refused inside strings).
    private func advance() {
        position += 1
    }

    /// Consumes `c` when it is next.
    private func take(_ c: UInt8) throws -> Bool {
        guard fill(), buffer[position] == c else { return false }
        advance()
        return true
    }

    private func expect(_ c: UInt8, at key: String, _ what: String) throws {
        guard try take(c) else { throw syntax(at: key, "\(what) expected") }
    }

    /// Past white space, counting its lines (a local copy of the buffer: no access check per byte).
    private func skipSpace() {
        while fill() {
            let chunk = buffer
            var i = position
            while i < chunk.count {
                let c = chunk[i]
                if c == 0x0A {
                    line += 1
                    lineStart = consumed + i + 1
                } else if c != 0x20, c != 0x09, c != 0x0D {
                    break
                }
                i += 1
            }
            position = i
            if i < chunk.count { return }
        }
    }

    /// Not valid JSON: where, and what was expected.
    private func syntax(at key: String, _ problem: String) -> FaceStickerError {
        let place = key.isEmpty ? "" : " in \"\(key)\""
        return .unreadable(path: path, reason: "not valid JSON: \(problem) at line \(line), column \(column)\(place)")
    }
}

/// Any JSON value, as `JSONReader` reads it (so `true` is never a number).
package enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// The value as a message shows it (short).
    package var shown: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return JSONText.number(n, digits: 6)
        case .string(let s): return JSONText.string(s.count > 40 ? String(s.prefix(40)) + "..." : s)
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

extension JSONValue {
    /// The value at `key` of an object; nil for another key or another kind of value.
    package subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The items of an array; nil for another kind of value.
    package var arrayValue: [JSONValue]? {
        if case .array(let items) = self { return items }
        return nil
    }

    /// The text of a string; nil for another kind of value.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A number, or a string that is one (ffprobe writes most numbers as strings); nil otherwise.
    package var numberValue: Double? {
        switch self {
        case .number(let value): return value.isFinite ? value : nil
        case .string(let text): return Double(text).flatMap { $0.isFinite ? $0 : nil }
        default: return nil
        }
    }

    /// `numberValue` when it is a whole number an `Int` holds.
    package var intValue: Int? { numberValue.flatMap { Int(exactly: $0) } }
}
