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
}
