import Foundation
import FaceStickerCore

extension GroundTruth {
    /// Reads the simple box lists: CSV (`image,x,y,w,h` per face) and JSON
    /// (`{"image.jpg": [[x, y, w, h], ...]}`).
    package enum BoxList {
        /// Images in order of first appearance. A first line whose box fields are
        /// not numbers is a header; a line with only an image name (or empty box
        /// fields) lists an image without faces.
        package static func parseCSV(_ file: TextLines) throws -> [Entry] {
            var order: [String] = []
            var byName: [String: (line: Int, faces: [Box])] = [:]
            for (index, (i, fields)) in try records(file).enumerated() {
                guard let name = fields.first, !name.isEmpty else {
                    if fields.count > 1 { throw file.error(at: i, "the image name is empty") }
                    continue
                }
                let boxFields = Array(fields.dropFirst())
                var face: Box?
                if !boxFields.allSatisfy(\.isEmpty) {
                    let numbers = boxFields.compactMap { Double($0) }
                    guard boxFields.count == 4, numbers.count == 4 else {
                        if index == 0 { continue } // header
                        throw file.error(at: i, "expected \"image,x,y,w,h\", got \(TextLines.quoted(Substring(fields.joined(separator: ","))))")
                    }
                    if let problem = Box.problem(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) {
                        throw file.error(at: i, problem)
                    }
                    face = Box(box: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
                }
                if byName[name] == nil {
                    order.append(name)
                    byName[name] = (i, [])
                }
                if let face { byName[name]?.faces.append(face) }
            }
            return order.compactMap { name in byName[name].map { (name, $0.line, $0.faces) } }
        }

        /// The records of an RFC 4180 file: fields split by commas, records by
        /// CRLF or LF; a field in double quotes may hold commas, line breaks and
        /// quotes (doubled). Unquoted fields are trimmed of spaces. Each record
        /// comes with its first line (0-based). A quote left open, or a stray
        /// quote, is an error naming its line.
        static func records(_ file: TextLines) throws -> [(line: Int, fields: [String])] {
            var records: [(line: Int, fields: [String])] = []
            var fields: [String] = []
            var field = String.UnicodeScalarView()
            var quoted = false, wasQuoted = false
            var line = 0, recordLine = 0, quoteLine = 0
            let scalars = Array(file.text.unicodeScalars)
            var i = 0
            func endField() {
                let text = String(field)
                fields.append(wasQuoted ? text : text.trimmingCharacters(in: .whitespaces))
                field = String.UnicodeScalarView()
                wasQuoted = false
            }
            func endRecord() {
                endField()
                records.append((recordLine, fields))
                fields = []
            }
            while i < scalars.count {
                let c = scalars[i]
                if quoted {
                    if c == "\"" {
                        if i + 1 < scalars.count, scalars[i + 1] == "\"" {
                            field.append("\"")
                            i += 2
                            continue
                        }
                        quoted = false
                        // Only a comma, a line break or the end may follow a closing quote.
                        var j = i + 1
                        while j < scalars.count, scalars[j] == " " || scalars[j] == "\t" { j += 1 }
                        if j < scalars.count, !["," as Unicode.Scalar, "\n", "\r"].contains(scalars[j]) {
                            throw file.error(at: line, "a quoted field must end at a comma or the line's end (a quote inside it is written \"\")")
                        }
                        i = j
                        continue
                    }
                    if c == "\n" { line += 1 }
                    field.append(c)
                    i += 1
                    continue
                }
                switch c {
                case "\"":
                    guard String(field).trimmingCharacters(in: .whitespaces).isEmpty else {
                        throw file.error(at: line, "a quote inside an unquoted field (quote the whole field, and double the quote)")
                    }
                    field = String.UnicodeScalarView()
                    quoted = true
                    wasQuoted = true
                    quoteLine = line
                case ",":
                    endField()
                case "\r", "\n":
                    if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                    endRecord()
                    line += 1
                    recordLine = line
                default:
                    field.append(c)
                }
                i += 1
            }
            if quoted { throw file.error(at: quoteLine, "a quoted field is never closed") }
            if !fields.isEmpty || !String(field).isEmpty || wasQuoted { endRecord() }
            return records
        }

        /// Images sorted by name (JSON objects have no order); errors name the image key.
        package static func parseJSON(path: String) throws -> [Entry] {
            let data = try InputFile.contents(of: path, kind: .groundTruth)
            guard case .object(let images) = try JSONReader.parse(data, path: path) else {
                throw FaceStickerError.unreadable(path: path, reason: "not a JSON object of image names to box lists")
            }
            return try images.keys.sorted().map { name in
                guard case .array(let boxes)? = images[name] else {
                    throw FaceStickerError.badValue(path: path, key: name, reason: "expected a list of [x, y, w, h] boxes")
                }
                let faces = try boxes.enumerated().map { k, item -> Box in
                    guard case .array(let list) = item else {
                        throw FaceStickerError.badValue(path: path, key: name, reason: "box \(k + 1) is not [x, y, w, h] with w, h >= 0")
                    }
                    let numbers = list.compactMap { value -> Double? in
                        if case .number(let n) = value { return n }
                        return nil
                    }
                    guard list.count == 4, numbers.count == 4 else {
                        throw FaceStickerError.badValue(path: path, key: name,
                                                        reason: "box \(k + 1) is not [x, y, w, h] with w, h >= 0")
                    }
                    if let problem = Box.problem(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]) {
                        throw FaceStickerError.badValue(path: path, key: name, reason: "box \(k + 1): \(problem)")
                    }
                    return Box(box: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
                }
                return (name, 0, faces)
            }
        }
    }
}
