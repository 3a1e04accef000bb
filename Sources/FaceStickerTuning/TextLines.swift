import Foundation
import FaceStickerCore

/// The lines of a small text file with their 1-based numbers, and the error
/// every parser here gives: `file:line: problem`.
package struct TextLines {
    package let path: String
    /// The whole text, for parsers whose records may span lines (CSV).
    package let text: String
    package let lines: [Substring]

    /// Reads `path` (capped as `TextInput.groundTruth` says) as UTF-8 (invalid
    /// bytes replaced); CRLF endings are accepted.
    package init(path: String) throws {
        let data = try InputFile.contents(of: path, kind: .groundTruth)
        self.init(path: path, text: String(decoding: data, as: UTF8.self))
    }

    package init(path: String, text: String) {
        self.path = path
        self.text = text
        // "\r\n" is one Character in Swift: split on it as well as on "\n".
        lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).map {
            $0.hasSuffix("\r") ? $0.dropLast() : $0
        }
    }

    /// The error for 0-based line `index`.
    package func error(at index: Int, _ reason: String) -> FaceStickerError {
        .unreadable(path: "\(path):\(index + 1)", reason: reason)
    }

    /// The whitespace-separated fields of a line.
    package static func fields(_ line: Substring) -> [Substring] {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" })
    }

    /// A line's text, shortened for an error message.
    package static func quoted(_ line: Substring) -> String {
        let text = line.trimmingCharacters(in: .whitespaces)
        return "\"" + (text.count > 60 ? text.prefix(57) + "..." : text) + "\""
    }

    /// The fields as finite numbers, or nil when any is not one.
    package static func numbers(_ fields: [Substring]) -> [Double]? {
        var values: [Double] = []
        values.reserveCapacity(fields.count)
        for field in fields {
            guard let value = Double(field), value.isFinite else { return nil }
            values.append(value)
        }
        return values
    }
}
