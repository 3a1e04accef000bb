import Foundation
import FaceStickerCore

/// The face datasets' ground truth: the annotated faces (`Box`) and the readers of the
/// files that list them: WIDER FACE (`Wider`), FDDB (`FDDB`), CSV and JSON box lists
/// (`BoxList`, in GroundTruth+BoxList.swift) and WIDER's difficulty subsets (`Difficulty`).
package enum GroundTruth {
    /// One image's name, the line its name is on (0-based) and its faces.
    package typealias Entry = (name: String, line: Int, faces: [Box])

    /// One annotated face of a dataset image.
    package struct Box: Hashable, Sendable {
        /// The face in image pixels (top-left origin).
        package var box: Rect
        /// WIDER FACE's `invalid` flag: the official evaluation neither counts
        /// this face nor penalises a detection on it.
        package var invalid: Bool
        /// The difficulty subsets that count this face (from `difficulty.tsv`).
        package var subsets: Set<EvaluationSubset>

        /// The largest coordinate or size a ground-truth file may give, in pixels:
        /// far beyond any image `tune` reads, far below where sizes, areas and
        /// conversions to whole pixels stop being exact.
        package static let coordinateLimit = 1_000_000.0

        /// Why a face box `x, y, w, h` from a file cannot be used, or nil when it can.
        package static func problem(x: Double, y: Double, width: Double, height: Double) -> String? {
            let values = [x, y, width, height]
            guard values.allSatisfy(\.isFinite) else { return "a box value is not a finite number" }
            guard width >= 0, height >= 0 else { return "negative box width or height" }
            if let big = values.first(where: { abs($0) > coordinateLimit }) {
                return "box value \(big) is beyond ±\(Int(coordinateLimit)) pixels"
            }
            return nil
        }

        package init(box: Rect, invalid: Bool = false, subsets: Set<EvaluationSubset> = []) {
            self.box = box
            self.invalid = invalid
            self.subsets = subsets
        }

        /// Whether `subset` counts this face; a face it does not count is ignored
        /// (matching it is neither a hit nor a false positive). Faces without
        /// area cannot be matched, so they are never counted either.
        package func isCounted(in subset: EvaluationSubset) -> Bool {
            switch subset {
            case .all: return !invalid && box.width > 0 && box.height > 0
            case .easy, .medium, .hard: return subsets.contains(subset)
            }
        }
    }

    /// The next image of the layout WIDER and FDDB share, from line `i` on (blank lines
    /// skipped): its name line, which `check` vets first, then its face count on the line
    /// after; `i` ends past the count. Nil at the end of the file.
    private static func nextImage(_ file: TextLines, _ i: inout Int, check: (Int) throws -> Void = { _ in })
        throws -> (name: String, line: Int, count: Int)? {
        let lines = file.lines
        while i < lines.count, lines[i].trimmingCharacters(in: .whitespaces).isEmpty { i += 1 }
        guard i < lines.count else { return nil }
        let name = lines[i].trimmingCharacters(in: .whitespaces), nameLine = i
        try check(i)
        i += 1
        guard i < lines.count, let count = Int(lines[i].trimmingCharacters(in: .whitespaces)), count >= 0 else {
            let got = i < lines.count ? TextLines.quoted(lines[i]) : "the end of the file"
            throw file.error(at: min(i, lines.count - 1), "expected the number of faces of \(name), got \(got)")
        }
        i += 1
        return (name, nameLine, count)
    }

    /// Reads WIDER FACE ground truth (`wider_face_val_bbx_gt.txt` style).
    package enum Wider {
        package static func parse(_ file: TextLines) throws -> [Entry] {
            var entries: [Entry] = []
            let lines = file.lines
            var i = 0
            while let (name, nameLine, count) = try nextImage(file, &i, check: { line in
                if TextLines.numbers(TextLines.fields(lines[line])) != nil {
                    throw file.error(at: line, "expected an image path, got \(TextLines.quoted(lines[line]))")
                }
            }) {
                if count == 0 {
                    // The official files follow a count of 0 with one line of zeros.
                    if i < lines.count, let zeros = TextLines.numbers(TextLines.fields(lines[i])), !zeros.isEmpty,
                       zeros.allSatisfy({ $0 == 0 }) {
                        i += 1
                    }
                }
                var faces: [Box] = []
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
        private static func box(_ file: TextLines, line: Int) throws -> Box {
            let fields = TextLines.fields(file.lines[line])
            guard fields.count >= 4, let values = TextLines.numbers(fields) else {
                throw file.error(at: line, "expected a face box \"x y w h ...\", got \(TextLines.quoted(file.lines[line]))")
            }
            if let problem = Box.problem(x: values[0], y: values[1], width: values[2], height: values[3]) {
                throw file.error(at: line, problem)
            }
            let invalid = values.count > 7 && values[7] != 0
            return Box(box: Rect(x: values[0], y: values[1], width: values[2], height: values[3]), invalid: invalid)
        }
    }

    /// Reads FDDB ellipse lists (`FDDB-fold-01-ellipseList.txt`).
    ///
    /// Each ellipse becomes its axis-aligned bounding box: with major radius a,
    /// minor radius b and angle t (radians, of the major axis from the x axis),
    /// the half-width is sqrt((a cos t)^2 + (b sin t)^2) and the half-height
    /// sqrt((a sin t)^2 + (b cos t)^2). FDDB's own evaluation scores overlap with
    /// the ellipse; boxes are a close stand-in for upright faces.
    package enum FDDB {
        package static func parse(_ file: TextLines) throws -> [Entry] {
            var entries: [Entry] = []
            let lines = file.lines
            var i = 0
            while let (name, nameLine, count) = try nextImage(file, &i) {
                var faces: [Box] = []
                for k in 0..<count {
                    guard i < lines.count else {
                        throw file.error(at: lines.count - 1, "\(name) has \(count) faces but only \(k) ellipse lines follow")
                    }
                    let fields = TextLines.fields(lines[i])
                    guard fields.count >= 5, let v = TextLines.numbers(fields), v[0] >= 0, v[1] >= 0 else {
                        throw file.error(at: i, "expected an ellipse \"major_radius minor_radius angle center_x center_y\", "
                                         + "got \(TextLines.quoted(lines[i]))")
                    }
                    let (a, b, t) = (v[0], v[1], v[2])
                    let halfWidth = ((a * cos(t)) * (a * cos(t)) + (b * sin(t)) * (b * sin(t))).squareRoot()
                    let halfHeight = ((a * sin(t)) * (a * sin(t)) + (b * cos(t)) * (b * cos(t))).squareRoot()
                    let box = Rect(x: v[3] - halfWidth, y: v[4] - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
                    if let problem = Box.problem(x: box.x, y: box.y, width: box.width, height: box.height) {
                        throw file.error(at: i, "the ellipse's box: \(problem)")
                    }
                    faces.append(Box(box: box))
                    i += 1
                }
                entries.append((name, nameLine, faces))
            }
            return entries
        }
    }

    /// Reads `difficulty.tsv`: `image<TAB>subset<TAB>indices`, where subset is
    /// easy, medium or hard and indices are the 1-based positions, in the image's
    /// ground-truth list, of the faces that subset counts (space-separated, maybe
    /// none). Lines starting with `#` are comments.
    package enum Difficulty {
        /// Marks the listed faces of `images` with their subsets.
        package static func apply(_ file: TextLines, to images: inout [LabeledImage]) throws {
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
}
