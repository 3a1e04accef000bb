/// Reads WIDER FACE ground truth (`wider_face_val_bbx_gt.txt` style).
enum WiderGroundTruth {
    /// One image's name, the line its name is on (0-based) and its faces.
    typealias Entry = (name: String, line: Int, faces: [GroundTruthBox])

    static func parse(_ file: TextLines) throws -> [Entry] {
        var entries: [Entry] = []
        let lines = file.lines
        var i = 0
        while i < lines.count {
            let name = lines[i].trimmingCharacters(in: .whitespaces)
            if name.isEmpty {
                i += 1
                continue
            }
            let nameLine = i
            if TextLines.numbers(TextLines.fields(lines[i])) != nil {
                throw file.error(at: i, "expected an image path, got \(TextLines.quoted(lines[i]))")
            }
            i += 1
            guard i < lines.count, let count = Int(lines[i].trimmingCharacters(in: .whitespaces)), count >= 0 else {
                let got = i < lines.count ? TextLines.quoted(lines[i]) : "the end of the file"
                throw file.error(at: min(i, lines.count - 1), "expected the number of faces of \(name), got \(got)")
            }
            i += 1
            if count == 0 {
                // The official files follow a count of 0 with one line of zeros.
                if i < lines.count, let zeros = TextLines.numbers(TextLines.fields(lines[i])), !zeros.isEmpty,
                   zeros.allSatisfy({ $0 == 0 }) {
                    i += 1
                }
            }
            var faces: [GroundTruthBox] = []
            // The count is the file's word: reserve no more than the lines left could hold.
            faces.reserveCapacity(min(count, lines.count - i))
            for k in 0..<count {
                guard i < lines.count, !lines[i].trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw file.error(at: min(i, lines.count - 1),
                                     "\(name) has \(count) faces but only \(k) box lines follow")
                }
                faces.append(try box(file, line: i))
                i += 1
            }
            entries.append((name, nameLine, faces))
        }
        return entries
    }

    /// `x y w h blur expression illumination invalid occlusion pose`; only
    /// the box is required, `invalid` is read when present.
    private static func box(_ file: TextLines, line: Int) throws -> GroundTruthBox {
        let fields = TextLines.fields(file.lines[line])
        guard fields.count >= 4, let values = TextLines.numbers(fields) else {
            throw file.error(at: line, "expected a face box \"x y w h ...\", got \(TextLines.quoted(file.lines[line]))")
        }
        if let problem = GroundTruthBox.problem(x: values[0], y: values[1], width: values[2], height: values[3]) {
            throw file.error(at: line, problem)
        }
        let invalid = values.count > 7 && values[7] != 0
        return GroundTruthBox(box: Rect(x: values[0], y: values[1], width: values[2], height: values[3]),
                              invalid: invalid)
    }
}
