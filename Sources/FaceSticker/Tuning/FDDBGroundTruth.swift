import Foundation

/// Reads FDDB ellipse lists (`FDDB-fold-01-ellipseList.txt`).
///
/// Each ellipse becomes its axis-aligned bounding box: with major radius a,
/// minor radius b and angle t (radians, of the major axis from the x axis),
/// the half-width is sqrt((a cos t)^2 + (b sin t)^2) and the half-height
/// sqrt((a sin t)^2 + (b cos t)^2). FDDB's own evaluation scores overlap with
/// the ellipse; boxes are a close stand-in for upright faces.
enum FDDBGroundTruth {
    static func parse(_ file: TextLines) throws -> [WiderGroundTruth.Entry] {
        var entries: [WiderGroundTruth.Entry] = []
        let lines = file.lines
        var i = 0
        while i < lines.count {
            let name = lines[i].trimmingCharacters(in: .whitespaces)
            if name.isEmpty {
                i += 1
                continue
            }
            let nameLine = i
            i += 1
            guard i < lines.count, let count = Int(lines[i].trimmingCharacters(in: .whitespaces)), count >= 0 else {
                let got = i < lines.count ? TextLines.quoted(lines[i]) : "the end of the file"
                throw file.error(at: min(i, lines.count - 1), "expected the number of faces of \(name), got \(got)")
            }
            i += 1
            var faces: [GroundTruthBox] = []
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
                if let problem = GroundTruthBox.problem(x: box.x, y: box.y, width: box.width, height: box.height) {
                    throw file.error(at: i, "the ellipse's box: \(problem)")
                }
                faces.append(GroundTruthBox(box: box))
                i += 1
            }
            entries.append((name, nameLine, faces))
        }
        return entries
    }
}
