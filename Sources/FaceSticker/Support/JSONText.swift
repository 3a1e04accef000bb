/// Writes JSON text by hand where key order matters to readers (one object per line).
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
