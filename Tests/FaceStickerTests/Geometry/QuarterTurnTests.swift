import FaceSticker
import Testing

@Suite struct QuarterTurnTests {
    @Test(arguments: [(0, QuarterTurn.zero), (90, .clockwise90), (-90, .clockwise270), (450, .clockwise90),
                      (-180, .clockwise180), (720, .zero)])
    func degreesReduceToOneTurn(degrees: Int, turn: QuarterTurn) {
        #expect(QuarterTurn(degrees: degrees) == turn)
    }

    @Test(arguments: [45, 1, -271])
    func otherAnglesAreRejected(degrees: Int) {
        #expect(QuarterTurn(degrees: degrees) == nil)
    }

    @Test(arguments: QuarterTurn.allCases)
    func turnKeepsContentAtTheOriginAndInverseUndoesIt(turn: QuarterTurn) {
        let size = Size(width: 1920, height: 1080)
        let t = turn.transform(for: size)
        let turned = turn.rotated(size)
        #expect(t.apply(to: Rect(x: 0, y: 0, width: 1920, height: 1080)) ==
            Rect(x: 0, y: 0, width: turned.width, height: turned.height))
        #expect(t.concatenating(turn.inverse.transform(for: turned)) == .identity)
        #expect(turn.swapsAxes == (turned != size))
    }

    @Test func clockwise90SendsTheTopEdgeToTheRight() {
        let t = QuarterTurn.clockwise90.transform(for: Size(width: 40, height: 30))
        #expect(t.apply(to: Point(x: 20, y: 0)) == Point(x: 30, y: 20))
        #expect(t.apply(to: Point(x: 0, y: 30)) == Point(x: 0, y: 0))
    }
}
