import FaceSticker
import Testing

@Suite struct PRPlotTests {
    @Test func drawsEachCurveInItsColourWhereItRuns() {
        // A diagonal from (recall 0, precision 1) to (1, 0), and a flat line at precision 0.75.
        let diagonal = PRCurve(label: "diag", kind: .yunet,
                               points: (0...10).map { PRPoint(score: 1 - Double($0) / 10, precision: 1 - Double($0) / 10,
                                                              recall: Double($0) / 10) },
                               operatingPoint: nil, averagePrecision: 0.5)
        let flat = PRCurve(label: "flat", kind: .centerface,
                           points: [PRPoint(score: 0.9, precision: 0.75, recall: 0.1),
                                    PRPoint(score: 0.1, precision: 0.75, recall: 0.9)],
                           operatingPoint: PRPoint(score: 0.5, precision: 0.75, recall: 0.5), averagePrecision: 0.675)
        let image = PRPlot.render([diagonal, flat], title: "test", width: 900, height: 700)
        #expect(image.width == 900 && image.height == 700 + 2 * 22 + 24, "the legend goes below")
        // Plot area: x 80...870 for recall, y 60...630 for precision (top 1).
        func pixel(recall: Double, precision: Double) -> (UInt8, UInt8, UInt8, UInt8) {
            image[Int(80 + recall * 790), Int(630 - precision * 570)]
        }
        let blue = PRPlot.palette[0], orange = PRPlot.palette[1]
        let onDiagonal = pixel(recall: 0.3, precision: 0.7)
        #expect(onDiagonal.0 == blue.red && onDiagonal.1 == blue.green && onDiagonal.2 == blue.blue)
        let onFlat = pixel(recall: 0.75, precision: 0.75)
        #expect(onFlat.0 == orange.red && onFlat.1 == orange.green && onFlat.2 == orange.blue)
        let empty = pixel(recall: 0.65, precision: 0.45)
        #expect(empty.0 == 255 && empty.1 == 255 && empty.2 == 255, "background stays white")
        let swatch = image[92, 702], secondSwatch = image[92, 724]
        #expect(swatch.0 == blue.red && swatch.2 == blue.blue, "legend line 1 in the first curve's colour")
        #expect(secondSwatch.0 == orange.red && secondSwatch.1 == orange.green, "legend line 2")
        let corner = image[81, 629]
        #expect(corner.0 < 60, "the axes are drawn")
    }

    private static func curve(_ label: String, recall: ClosedRange<Double>, precision: ClosedRange<Double>) -> PRCurve {
        // From (low recall, high precision) down to (high recall, low precision).
        let points = (0...20).map { k -> PRPoint in
            let t = Double(k) / 20
            return PRPoint(score: 1 - t, precision: precision.upperBound - t * (precision.upperBound - precision.lowerBound),
                           recall: recall.lowerBound + t * (recall.upperBound - recall.lowerBound))
        }
        return PRCurve(label: label, kind: .yunet, points: points, operatingPoint: points[10], averagePrecision: 0.1)
    }

    /// Each axis runs just past the data (recall from 0, precision up to 1), on a grid
    /// step, so the curves fill the plot: a sweep whose recall stops at 0.19 is not
    /// drawn in the left fifth.
    @Test(arguments: [
        (0.19, 0.6, 0.2, 0.55), (1.0, 0.0, 1.0, 0.0), (0.5, 0.95, 0.6, 0.94), (0.26, 0.9, 0.3, 0.88),
    ])
    func axesFollowTheData(maxRecall: Double, minPrecision: Double, recallTop: Double, precisionBottom: Double) {
        let curves = [Self.curve("a", recall: 0.01...maxRecall, precision: minPrecision...1),
                      Self.curve("b", recall: 0...maxRecall / 2, precision: (minPrecision + 1) / 2...1)]
        let (recall, precision) = PRPlot.axes(for: curves)
        #expect(abs(recall.range.upperBound - recallTop) < 1e-9 && recall.range.lowerBound == 0, "\(recall)")
        #expect(abs(precision.range.lowerBound - precisionBottom) < 1e-9 && precision.range.upperBound == 1, "\(precision)")
        #expect(maxRecall < recall.range.upperBound || maxRecall == 1, "a margin past the data")
        #expect(minPrecision > precision.range.lowerBound || minPrecision == 0)
        #expect(maxRecall / recall.range.upperBound > 0.5, "the data fills most of the recall axis")
        #expect((4...11).contains(recall.ticks.count) && (2...11).contains(precision.ticks.count))
        #expect(abs((recall.ticks.last ?? 0) - recall.range.upperBound) < 1e-9)
    }

    /// With recall up to 0.19 the curve reaches the right of the plot, and nothing is drawn in the
    /// empty part 0...1 axes would have left.
    @Test func aShortCurveIsDrawnAcrossThePlot() {
        let curve = Self.curve("short", recall: 0.01...0.19, precision: 0.6...1)
        let image = PRPlot.render([curve], title: "t", width: 900, height: 700)
        let blue = PRPlot.palette[0]
        // Recall 0...0.2 across x 80...870, precision 0.55...1 over y 630...60.
        let x = Int(80 + 0.19 / 0.2 * 790), y = Int(630 - (0.6 - 0.55) / 0.45 * 570)
        let near = (-3...3).flatMap { dx in (-3...3).map { dy in image[x + dx, y + dy] } }
        #expect(near.contains { $0.0 == blue.red && $0.1 == blue.green && $0.2 == blue.blue }, "the curve's end, at the right")
    }

    /// Every curve gets a legend line in its colour, the same points drawn twice included
    /// (a size whose copies are another's): the later one thinner, over the first.
    @Test(arguments: [1, 3, 5]) func everyCurveHasItsLegendLine(count: Int) {
        let curves = (0..<count).map { k in
            Self.curve("c\(k)", recall: 0.01...(0.2 + 0.1 * Double(k % 2)), precision: 0.5...1)
        }
        let image = PRPlot.render(curves, title: "t", width: 900, height: 700)
        #expect(image.height == 700 + count * 22 + 24)
        for k in 0..<count {
            let swatch = image[92, 702 + 22 * k], color = PRPlot.palette[k]
            #expect(swatch.0 == color.red && swatch.1 == color.green && swatch.2 == color.blue, "legend line \(k + 1)")
        }
        if count >= 3 {
            // Curves 0, 2, 4 have the same points: the first (thick) and the last drawn (thin, on top) show.
            let (recall, precision) = PRPlot.axes(for: curves)
            let p = curves[0].points[15]
            let x = Int(80 + p.recall / recall.range.upperBound * 790)
            let y = Int(630 - (p.precision - precision.range.lowerBound) / (1 - precision.range.lowerBound) * 570)
            let near = (-4...4).flatMap { dx in (-4...4).map { dy in image[x + dx, y + dy] } }
            for color in [PRPlot.palette[0], PRPlot.palette[(count - 1) / 2 * 2]] {
                #expect(near.contains { $0.0 == color.red && $0.1 == color.green && $0.2 == color.blue })
            }
        }
    }
}
