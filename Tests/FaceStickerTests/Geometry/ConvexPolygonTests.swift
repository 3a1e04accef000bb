@testable import FaceSticker
import Testing

/// The face mesh's outline as stickers are clipped to it.
@Suite struct ConvexPolygonTests {
    static let square = ConvexPolygon(hullOf: [Point(x: 10, y: 10), Point(x: 30, y: 10), Point(x: 30, y: 30),
                                               Point(x: 10, y: 30), Point(x: 20, y: 20), Point(x: 15, y: 25)])

    @Test func theHullDropsInnerPoints() throws {
        let hull = try #require(Self.square)
        #expect(hull.corners.count == 4)
        #expect(hull.contains(Point(x: 20, y: 20)) && !hull.contains(Point(x: 31, y: 20)))
        #expect(ConvexPolygon(hullOf: [Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 2, y: 2)]) == nil, "a line has no inside")
    }

    /// Coverage is 1 half a pixel inside, 0 half a pixel outside, linear between, either
    /// way round; a row's whole span is exactly where coverage is 1.
    @Test(arguments: [false, true])
    func coverageIsAntialiasedAndTheWholeSpanAgrees(reversed: Bool) throws {
        var hull = try #require(Self.square)
        if reversed { hull.corners.reverse() }
        #expect(hull.coverage(at: Point(x: 20, y: 20)) == 1)
        #expect(hull.coverage(at: Point(x: 10, y: 20)) == 0.5)
        #expect(hull.coverage(at: Point(x: 9.5, y: 20)) == 0)
        #expect(abs(hull.coverage(at: Point(x: 10.25, y: 20)) - 0.75) < 1e-9)
        let turned = hull.map { Transform2D.rotation(degrees: 33).apply(to: $0) }
        let coverage = ConvexPolygon.Coverage(turned)
        for row in stride(from: -10.0, through: 45, by: 0.5) {
            let span = coverage.wholeSpan(y: row)
            for column in stride(from: -30.0, through: 45, by: 0.25) {
                let inside = coverage.at(x: column, y: row) >= 1
                #expect(inside == (span?.contains(column) ?? false) || abs(coverage.at(x: column, y: row) - 1) < 1e-9,
                        "(\(column), \(row))")
            }
        }
    }

    @Test func growingMovesEveryCornerOut() throws {
        let grown = try #require(Self.square).grown(by: 2)
        #expect(grown.contains(Point(x: 9, y: 9)) && !grown.contains(Point(x: 8, y: 8)))
    }
}
