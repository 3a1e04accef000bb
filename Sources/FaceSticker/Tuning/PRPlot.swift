import Foundation

/// Draws precision-recall curves: recall across, precision up, both 0...1,
/// with a grid, tick labels, a title, one coloured curve per `PRCurve`, its
/// operating point as a dot, and a legend below with each curve's AP.
package enum PRPlot {
    package static let palette: [Canvas.Color] = [
        Canvas.Color(red: 31, green: 119, blue: 180), Canvas.Color(red: 255, green: 127, blue: 14),
        Canvas.Color(red: 44, green: 160, blue: 44), Canvas.Color(red: 214, green: 39, blue: 40),
        Canvas.Color(red: 148, green: 103, blue: 189), Canvas.Color(red: 140, green: 86, blue: 75),
        Canvas.Color(red: 227, green: 119, blue: 194), Canvas.Color(red: 127, green: 127, blue: 127),
        Canvas.Color(red: 188, green: 189, blue: 34), Canvas.Color(red: 23, green: 190, blue: 207),
    ]

    /// The plot area is `width` x `height` less margins; the legend goes
    /// below it (one line per curve), so it never hides a curve.
    package static func render(_ curves: [PRCurve], title: String, width: Int = 900, height: Int = 700) -> RGBAImage {
        let lineHeight = 22.0
        let entries = curves.map { "\($0.label)  AP \(String(format: "%.3f", $0.averagePrecision))" }
        let legendHeight = Int(lineHeight) * max(entries.count, 1) + 24
        var canvas = Canvas(width: max(width, 300), height: max(height, 240) + legendHeight)
        let left = 80.0, right = 30.0, top = 60.0, bottom = 70.0
        let plot = Rect(x: left, y: top, width: Double(canvas.width) - left - right,
                        height: Double(max(height, 240)) - top - bottom)
        let at = { (recall: Double, precision: Double) -> Point in
            Point(x: plot.minX + min(max(recall, 0), 1) * plot.width,
                  y: plot.maxY - min(max(precision, 0), 1) * plot.height)
        }
        let ink = Canvas.Color.black, faint = Canvas.Color(red: 225, green: 225, blue: 225)
        for step in 0...10 {
            let v = Double(step) / 10
            canvas.line(from: at(v, 0), to: at(v, 1), color: faint)
            canvas.line(from: at(0, v), to: at(1, v), color: faint)
            let label = String(format: "%.1f", v)
            let size = Canvas.textSize(label, scale: 2)
            let x = at(v, 0), y = at(0, v)
            canvas.text(label, at: Point(x: x.x - size.width / 2, y: plot.maxY + 8), color: ink, scale: 2)
            canvas.text(label, at: Point(x: plot.minX - size.width - 8, y: y.y - size.height / 2), color: ink, scale: 2)
        }
        canvas.stroke(plot, color: ink, thickness: 2)
        let xLabel = "recall", xSize = Canvas.textSize(xLabel, scale: 2)
        canvas.text(xLabel, at: Point(x: plot.center.x - xSize.width / 2, y: plot.maxY + 34), color: ink, scale: 2)
        canvas.text("precision", at: Point(x: 8, y: top - 26), color: ink, scale: 2)
        let titleSize = Canvas.textSize(title, scale: 2)
        canvas.text(title, at: Point(x: max(8, (Double(canvas.width) - titleSize.width) / 2), y: 12), color: ink, scale: 2)

        for (index, curve) in curves.enumerated() {
            let color = palette[index % palette.count]
            canvas.polyline(decimated(curve.points.map { at($0.recall, $0.precision) }),
                            color: color, thickness: 2.5)
            if let point = curve.operatingPoint {
                let dot = at(point.recall, point.precision)
                canvas.fillCircle(center: dot, radius: 6, color: ink)
                canvas.fillCircle(center: dot, radius: 4.5, color: color)
            }
        }
        let legendTop = plot.maxY + bottom - 4
        for (index, entry) in entries.enumerated() {
            let y = legendTop + Double(index) * lineHeight
            canvas.fill(Rect(x: plot.minX, y: y + 4, width: 24, height: 6), color: palette[index % palette.count])
            canvas.text(entry, at: Point(x: plot.minX + 32, y: y), color: ink, scale: 2)
        }
        let note = entries.isEmpty ? "no curves" : "dot: the best setting on each curve"
        canvas.text(note, at: Point(x: plot.minX, y: legendTop + Double(entries.count) * lineHeight + 4), color: ink,
                    scale: entries.isEmpty ? 2 : 1)
        return canvas.image
    }

    /// Drops points less than a pixel from the last one kept (curves can
    /// have thousands), always keeping the ends.
    private static func decimated(_ points: [Point]) -> [Point] {
        guard points.count > 2, let last = points.last else { return points }
        var kept = [points[0]]
        for point in points.dropFirst().dropLast() where point.distance(to: kept[kept.count - 1]) >= 1 {
            kept.append(point)
        }
        kept.append(last)
        return kept
    }
}

/// A labelled precision-recall curve for the plot: one per detector and input size.
package struct PRCurve: Sendable {
    package var label: String
    package var kind: DetectorKind
    /// Highest score first.
    package var points: [PRPoint]
    /// Where the best setting on this curve operates.
    package var operatingPoint: PRPoint?
    package var averagePrecision: Double

    package init(label: String, kind: DetectorKind, points: [PRPoint], operatingPoint: PRPoint?, averagePrecision: Double) {
        self.label = label
        self.kind = kind
        self.points = points
        self.operatingPoint = operatingPoint
        self.averagePrecision = averagePrecision
    }
}

/// One point of a precision-recall curve: precision and recall when every
/// detection scoring `score` or more is kept.
package struct PRPoint: Equatable, Sendable {
    package var score: Double
    package var precision: Double
    package var recall: Double

    package init(score: Double, precision: Double, recall: Double) {
        self.score = score
        self.precision = precision
        self.recall = recall
    }
}
