import Foundation
import FaceStickerCore
import FaceStickerNative
import FaceStickerVision

/// Draws precision-recall curves: recall across, precision up, each axis
/// over the data's range with a margin (see `axes`), with a grid, tick
/// labels, a title, one coloured curve per `PRCurve`, its operating point as
/// a dot, and a legend below with each curve's AP. A curve with the same
/// points as an earlier one is drawn thinner over it, so both colours show.
package enum PRPlot {
    package static let palette: [OpenCV.Color] = [
        OpenCV.Color(red: 31, green: 119, blue: 180), OpenCV.Color(red: 255, green: 127, blue: 14),
        OpenCV.Color(red: 44, green: 160, blue: 44), OpenCV.Color(red: 214, green: 39, blue: 40),
        OpenCV.Color(red: 148, green: 103, blue: 189), OpenCV.Color(red: 140, green: 86, blue: 75),
        OpenCV.Color(red: 227, green: 119, blue: 194), OpenCV.Color(red: 127, green: 127, blue: 127),
        OpenCV.Color(red: 188, green: 189, blue: 34), OpenCV.Color(red: 23, green: 190, blue: 207),
    ]

    /// The plot area's margins in the picture, in pixels.
    package static let margins = (left: 80.0, right: 30.0, top: 60.0, bottom: 70.0)

    /// One axis: its range and the step between its grid lines.
    package struct Axis: Equatable, Sendable {
        package var range: ClosedRange<Double>
        package var step: Double

        /// The grid values, `range.lowerBound` to `range.upperBound`.
        package var ticks: [Double] {
            let count = Int(((range.upperBound - range.lowerBound) / step).rounded())
            return (0...max(0, count)).map { range.lowerBound + Double($0) * step }
        }

        /// The tick labels' decimals: enough to tell the steps apart.
        var decimals: Int { step >= 0.1 - 1e-9 ? 1 : 2 }
    }

    /// The axes for `curves`: recall from 0 to just past the largest recall
    /// any curve or dot reaches, precision from just under the lowest to 1,
    /// each rounded out to a grid step (1, 2 or 5 times a power of ten, 4 to
    /// 10 steps) and kept within 0...1. With no points, both are 0...1.
    package static func axes(for curves: [PRCurve]) -> (recall: Axis, precision: Axis) {
        let points = curves.flatMap { $0.points + ($0.operatingPoint.map { [$0] } ?? []) }
            .filter { $0.recall.isFinite && $0.precision.isFinite }
        guard !points.isEmpty else { return (Axis(range: 0...1, step: 0.1), Axis(range: 0...1, step: 0.1)) }
        let maxRecall = min(1, max(0, points.map(\.recall).max() ?? 1))
        let minPrecision = min(1, max(0, points.map(\.precision).min() ?? 0))
        // A margin of 5% of the span (at least 0.01) beyond the data on the open side.
        let recallTop = min(1, maxRecall + max(0.01, 0.05 * maxRecall))
        let precisionSpan = 1 - minPrecision
        let precisionBottom = max(0, minPrecision - max(0.01, 0.05 * precisionSpan))
        return (axis(from: 0, to: recallTop, roundingUp: true), axis(from: precisionBottom, to: 1, roundingUp: false))
    }

    /// `low...high` rounded out to a nice step: the upper end up when
    /// `roundingUp`, else the lower end down; within 0...1.
    private static func axis(from low: Double, to high: Double, roundingUp: Bool) -> Axis {
        let span = max(high - low, 0.01)
        let steps: [Double] = [0.01, 0.02, 0.05, 0.1, 0.2]
        let step = steps.first { span / $0 <= 10 } ?? 0.2
        if roundingUp {
            let top = min(1, (high / step - 1e-9).rounded(.up) * step)
            return Axis(range: low...max(top, low + step), step: step)
        }
        let bottom = max(0, (low / step + 1e-9).rounded(.down) * step)
        return Axis(range: min(bottom, high - step)...high, step: step)
    }

    /// The plot area is `width` x `height` less `margins`; the legend goes
    /// below it (one line per curve), so it never hides a curve.
    package static func render(_ curves: [PRCurve], title: String, width: Int = 900, height: Int = 700) -> RGBAImage {
        let lineHeight = 22.0
        let entries = curves.map { "\($0.label)  AP \(String(format: "%.3f", $0.averagePrecision))" }
        let legendHeight = Int(lineHeight) * max(entries.count, 1) + 24
        let size = (width: max(width, 300), height: max(height, 240) + legendHeight)
        var image = RGBAImage(width: size.width, height: size.height, fill: (255, 255, 255, 255))
        let (left, right, top, bottom) = margins
        let plot = Rect(x: left, y: top, width: Double(size.width) - left - right,
                        height: Double(max(height, 240)) - top - bottom)
        let (recallAxis, precisionAxis) = axes(for: curves)
        let x0 = recallAxis.range.lowerBound, xSpan = recallAxis.range.upperBound - x0
        let y0 = precisionAxis.range.lowerBound, ySpan = precisionAxis.range.upperBound - y0
        let at = { (recall: Double, precision: Double) -> Point in
            Point(x: plot.minX + min(max((recall - x0) / xSpan, 0), 1) * plot.width,
                  y: plot.maxY - min(max((precision - y0) / ySpan, 0), 1) * plot.height)
        }
        let ink = OpenCV.Color.black, faint = OpenCV.Color(red: 225, green: 225, blue: 225)
        let hairline = OpenCV.Stroke(thickness: 1, smooth: false), textScale = 0.5
        func write(_ text: String, _ origin: Point, scale: Double = textScale) {
            OpenCV.textBlock(text, at: origin, scale: scale, on: &image, color: ink)
        }
        let (xLow, xHigh) = (recallAxis.range.lowerBound, recallAxis.range.upperBound)
        let (yLow, yHigh) = (precisionAxis.range.lowerBound, precisionAxis.range.upperBound)
        for v in recallAxis.ticks {
            OpenCV.polyline([at(v, yLow), at(v, yHigh)], on: &image, color: faint, stroke: hairline)
            let label = String(format: "%.\(recallAxis.decimals)f", v)
            let labelSize = OpenCV.textBlockSize(label, scale: textScale)
            write(label, Point(x: at(v, yLow).x - Double(labelSize.width) / 2, y: plot.maxY + 8))
        }
        for v in precisionAxis.ticks {
            OpenCV.polyline([at(xLow, v), at(xHigh, v)], on: &image, color: faint, stroke: hairline)
            let label = String(format: "%.\(precisionAxis.decimals)f", v)
            let labelSize = OpenCV.textBlockSize(label, scale: textScale)
            write(label, Point(x: plot.minX - Double(labelSize.width) - 8, y: at(xLow, v).y - Double(labelSize.height) / 2))
        }
        OpenCV.frame(plot, on: &image, color: ink, thickness: 2)
        let xLabel = "recall", xSize = OpenCV.textBlockSize(xLabel, scale: textScale)
        write(xLabel, Point(x: plot.center.x - Double(xSize.width) / 2, y: plot.maxY + 34))
        write("precision", Point(x: 8, y: top - 26))
        let titleSize = OpenCV.textBlockSize(title, scale: textScale)
        write(title, Point(x: max(8, (Double(size.width) - Double(titleSize.width)) / 2), y: 12))

        for (index, curve) in curves.enumerated() {
            let color = palette[index % palette.count]
            let repeated = curves[..<index].contains { $0.points == curve.points }
            OpenCV.polyline(decimated(curve.points.map { at($0.recall, $0.precision) }), on: &image, color: color,
                            stroke: .width(repeated ? 1 : 2.5))
            if let point = curve.operatingPoint {
                let dot = at(point.recall, point.precision)
                OpenCV.circle(center: dot, radius: repeated ? 4 : 6, on: &image, color: ink, stroke: .filled)
                OpenCV.circle(center: dot, radius: repeated ? 2.5 : 4.5, on: &image, color: color, stroke: .filled)
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
