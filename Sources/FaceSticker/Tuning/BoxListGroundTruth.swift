import Foundation

/// Reads the simple box lists: CSV (`image,x,y,w,h` per face) and JSON
/// (`{"image.jpg": [[x, y, w, h], ...]}`).
enum BoxListGroundTruth {
    /// Images in order of first appearance. A first line whose box fields are
    /// not numbers is a header; a line with only an image name (or empty box
    /// fields) lists an image without faces.
    static func parseCSV(_ file: TextLines) throws -> [WiderGroundTruth.Entry] {
        var order: [String] = []
        var byName: [String: (line: Int, faces: [GroundTruthBox])] = [:]
        for (i, line) in file.lines.enumerated() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard let name = fields.first, !name.isEmpty else {
                if fields.count > 1 { throw file.error(at: i, "the image name is empty") }
                continue
            }
            let boxFields = Array(fields.dropFirst())
            var face: GroundTruthBox?
            if !boxFields.allSatisfy(\.isEmpty) {
                let numbers = boxFields.compactMap { Double($0) }.filter(\.isFinite)
                guard boxFields.count == 4, numbers.count == 4 else {
                    if i == 0 { continue } // header
                    throw file.error(at: i, "expected \"image,x,y,w,h\", got \(TextLines.quoted(line))")
                }
                guard numbers[2] >= 0, numbers[3] >= 0 else { throw file.error(at: i, "negative box width or height") }
                face = GroundTruthBox(box: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
            if byName[name] == nil {
                order.append(name)
                byName[name] = (i, [])
            }
            if let face { byName[name]?.faces.append(face) }
        }
        return order.compactMap { name in byName[name].map { (name, $0.line, $0.faces) } }
    }

    /// Images sorted by name (JSON objects have no order); errors name the image key.
    static func parseJSON(path: String) throws -> [WiderGroundTruth.Entry] {
        guard let data = FileManager.default.contents(atPath: path) else { throw FaceStickerError.fileNotFound(path: path) }
        guard let object = try? JSONSerialization.jsonObject(with: data), let images = object as? [String: Any] else {
            throw FaceStickerError.unreadable(path: path, reason: "not a JSON object of image names to box lists")
        }
        return try images.keys.sorted().map { name in
            guard let boxes = images[name] as? [Any] else {
                throw FaceStickerError.badValue(path: path, key: name, reason: "expected a list of [x, y, w, h] boxes")
            }
            let faces = try boxes.enumerated().map { k, item -> GroundTruthBox in
                let numbers = (item as? [Any] ?? []).compactMap { ($0 as? NSNumber)?.doubleValue }
                guard (item as? [Any])?.count == 4, numbers.count == 4, numbers.allSatisfy(\.isFinite),
                      numbers[2] >= 0, numbers[3] >= 0 else {
                    throw FaceStickerError.badValue(path: path, key: name,
                                                    reason: "box \(k + 1) is not [x, y, w, h] with w, h >= 0")
                }
                return GroundTruthBox(box: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
            return (name, 0, faces)
        }
    }
}
