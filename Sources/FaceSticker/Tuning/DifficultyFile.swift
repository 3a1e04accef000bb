/// Reads `difficulty.tsv`: `image<TAB>subset<TAB>indices`, where subset is
/// easy, medium or hard and indices are the 1-based positions, in the image's
/// ground-truth list, of the faces that subset counts (space-separated, maybe
/// none). Lines starting with `#` are comments.
enum DifficultyFile {
    /// Marks the listed faces of `images` with their subsets.
    static func apply(_ file: TextLines, to images: inout [LabeledImage]) throws {
        var index: [String: Int] = [:]
        for (i, image) in images.enumerated() { index[image.name] = i }
        for (i, line) in file.lines.enumerated() {
            if line.hasPrefix("#") || line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            var fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            if fields.count < 2 { fields = TextLines.fields(line) }
            guard fields.count >= 2 else {
                throw file.error(at: i, "expected \"image<TAB>easy|medium|hard<TAB>indices\", got \(TextLines.quoted(line))")
            }
            let name = fields[0].trimmingCharacters(in: .whitespaces)
            guard let imageIndex = index[name] else {
                throw file.error(at: i, "image \(name) is not in the ground truth")
            }
            guard let subset = EvaluationSubset(rawValue: fields[1].trimmingCharacters(in: .whitespaces)),
                  subset != .all else {
                throw file.error(at: i, "unknown subset \(TextLines.quoted(fields[1])) (easy, medium or hard)")
            }
            let count = images[imageIndex].faces.count
            for field in fields.dropFirst(2).flatMap({ TextLines.fields($0) }) {
                guard let number = Int(field), number >= 1, number <= count else {
                    throw file.error(at: i, "face index \"\(field)\" is not in 1...\(count) for \(name)")
                }
                images[imageIndex].faces[number - 1].subsets.insert(subset)
            }
        }
    }
}
