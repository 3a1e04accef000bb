@testable import FaceSticker
import Testing

/// The way up of a video changes only when nothing is found that way any more.
@Suite struct WayUpTests {
    @Test func aFaceFoundUprightKeepsTheWayUpWhateverTheOtherVotes() {
        let wayUp = WayUp()
        for _ in 0..<5 { #expect(wayUp.vote([.zero: 1.6, .clockwise180: 1.9]) == .zero) }
    }

    @Test func twoEmptySearchesHandTheWayUpToTheBestVoted() {
        let wayUp = WayUp()
        #expect(wayUp.vote([.clockwise90: 1.7, .clockwise270: 1.8]) == .zero, "one empty search is not enough")
        #expect(wayUp.vote([.clockwise90: 1.7, .clockwise270: 1.8]) == .clockwise270)
        #expect(wayUp.vote([.clockwise90: 1.9]) == .clockwise270, "found that way: stays")
        #expect(wayUp.vote([.zero: 0.5, .clockwise270: 1.8]) == .clockwise270)
    }

    @Test func onlyAnOrientationWithAFaceTakesOver() {
        let wayUp = WayUp()
        _ = wayUp.vote([.clockwise180: 1.9])
        #expect(wayUp.vote([.clockwise90: 0.6]) == .clockwise90, "180 leads in votes but found nothing this time")
        #expect(wayUp.vote([:]) == .clockwise90)
    }
}

extension WayUpTests {
    /// A half turn away from a way up that found faces needs four empty searches, not two.
    @Test func aHalfTurnNeedsMoreEvidence() {
        let wayUp = WayUp()
        #expect(wayUp.vote([.zero: 1.8, .clockwise180: 1.8]) == .zero)
        for _ in 0..<3 { #expect(wayUp.vote([.clockwise180: 1.8]) == .zero) }
        #expect(wayUp.vote([.clockwise180: 1.8]) == .clockwise180)
    }
}
