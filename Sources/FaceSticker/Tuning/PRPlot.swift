import Foundation

/// Draws precision-recall curves: recall across, precision up, both 0...1,
/// with a grid, tick labels, a title, one coloured curve per `PRCurve`, its
/// operating point as a dot, and a legend below with each curve's AP.
package enum PRPlot {
    package static let palette: [OpenCV.Color] = [
        OpenCV.Color(red: 31, green: 119, blue: 180), OpenCV.Color(red: 255, green: 127, blue: 14),
        OpenCV.Color(red: 44, green: 160, blue: 44), OpenCV.Color(red: 214, green: 39, blue: 40),
        OpenCV.Color(red: 148, green: 103, blue: 189), OpenCV.Color(red: 140, green: 86, blue: 75),
        OpenCV.Color(red: 227, green: 119, blue: 194), OpenCV.Color(red: 127, green: 127, blue: 127),
        OpenCV.Color(red: 188, green: 189, blue: 34), OpenCV.Color(red: 23, green: 190, blue: 207),
    ]

    /// The plot area is `width` x `height` less margins; the legend goes
    /// below it (one line per curve), so it never hides a curve.
    package static func render(_ curves: [PRCurve], title: String, width: Int = 900, height: Int = 700) -> RGBAImage {
        let lineHeight = 22.0
        let entries = curves.map { "\($0.label)  AP \(String(format: "%.3f", $0.averagePrecision))" }
        let legendHeight = Int(lineHeight) * max(entries.count, 1) + 24
        let size = (width: max(width, 300), height: max(height, 240) + legendHeight)
        var image = RGBAImage(width: size.width, height: size.height, fill: (255, 255, 255, 255))
        let left = 80.0, right = 30.0, top = 60.0, bottom = 70.0
        let plot = Rect(x: left, y: top, width: Double(size.width) - left - right,
                        height: Double(max(height, 240)) - top - bottom)
        let at = { (recall: Double, precision: Double) -> Point in
            Point(x: plot.minX + min(max(recall, 0), 1) * plot.width,
                  y: plot.maxY - min(max(precision, 0), 1) * plot.height)
        }
        let ink = OpenCV.Color.black, faint = OpenCV.Color(red: 225, green: 225, blue: 225)
        let hairline = OpenCV.Stroke(thickness: 1, smooth: false), textScale = 0.5
        func write(_ text: String, _ origin: Point, scale: Double = textScale) {
            OpenCV.textBlock(text, at: origin, scale: scale, on: &image, color: ink)
        }
        for step in 0...10 {
            let v = Double(step) / 10
            OpenCV.polyline([at(v, 0), at(v, 1)], on: &image, color: faint, stroke: hairline)
            OpenCV.polyline([at(0, v), at(1, v)], on: &image, color: faint, stroke: hairline)
            let label = String(format: "%.1f", v)
            let labelSize = OpenCV.textBlockSize(label, scale: textScale)
            let x = at(v, 0), y = at(0, v)
            write(label, Point(x: x.x - Double(labelSize.width) / 2, y: plot.maxY + 8))
            write(label, Point(x: plot.minX - Double(labelSize.width) - 8, y: y.y - Double(labelSize.height) / 2))
        }
        OpenCV.frame(plot, on: &image, color: ink, thickness: 2)
        let xLabel = "recall", xSize = OpenCV.textBlockSize(xLabel, scale: textScale)
        write(xLabel, Point(x: plot.center.x - Double(xSize.width) / 2, y: plot.maxY + 34))
        write("precision", Point(x: 8, y: top - 26))
        let titleSize = OpenCV.textBlockSize(title, scale: textScale)
        write(title, Point(x: max(8, (Double(size.width) - Double(titleSize.width)) / 2), y: 12))

        for (index, curve) in curves.enumerated() {
            let color = palette[index % palette.count]
            OpenCV.polyline(decimated(curve.points.map { at($0.recall, $0.precision) }), on: &image, color: color,
                            stroke: .width(2.5))
            if let point = curve.operatingPoint {
                let dot = at(point.recall, point.precision)
                OpenCV.circle(center: dot, radius: 6, on: &image, color: ink, stroke: .filled)
                OpenCV.circle(center: dot, radius: 4.5, on: &image, color: color, stroke: .filled)
            }
        }
        let legendTop = plot.maxY + bottom - 4
        for (index, entry) in entries.enumerated() {
            let y = legendTop + Double(index) * lineHeight
            OpenCV.rectangle(Rect(x: plot.minX, y: y + 4, width: 24, height: 6), on: &image,
                             color: palette[index % palette.count], stroke: .filled)
            write(entry, Point(x: plot.minX + 32, y: y))
        }
        let note = entries.isEmpty ? "no curves" : "dot: the best setting on each curve"
        write(note, Point(x: plot.minX, y: legendTop + Double(entries.count) * lineHeight + 4),
              scale: entries.isEmpty ? textScale : 0.4)
        return image
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
