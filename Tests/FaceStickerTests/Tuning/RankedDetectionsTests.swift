import FaceSticker
import Testing

/// Precision, recall, F1 and AP worked out by hand.
@Suite struct RankedDetectionsTests {
    static func ranked(_ positives: Int, _ entries: [(Double, MatchOutcome)]) -> RankedDetections {
        RankedDetections(positives: positives, detections: entries.map { (score: $0.0, outcome: $0.1) })
    }

    static func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) < 1e-12 }

    @Test func perfect() {
        let m = Self.ranked(3, [(0.9, .truePositive), (0.8, .truePositive), (0.7, .truePositive)]).metrics()
        #expect(m.precision == 1 && m.recall == 1 && m.f1 == 1 && m.averagePrecision == 1)
    }

    @Test func allMissed() {
        let m = Self.ranked(4, []).metrics()
        #expect(m.truePositives == 0 && m.misses == 4)
        #expect(m.precision == 1 && m.recall == 0 && m.f1 == 0 && m.averagePrecision == 0)
        let wrong = Self.ranked(4, [(0.9, .falsePositive)]).metrics()
        #expect(wrong.precision == 0 && wrong.f1 == 0 && wrong.averagePrecision == 0)
    }

    @Test func emptyDataset() {
        let nothing = Self.ranked(0, []).metrics()
        #expect(nothing.precision == 1 && nothing.recall == 1 && nothing.averagePrecision == 1)
        let stray = Self.ranked(0, [(0.5, .falsePositive)]).metrics()
        #expect(stray.precision == 0 && stray.recall == 1 && stray.averagePrecision == 0)
    }

    /// Ranked hit, miss, hit, miss over 3 faces: curve points (r, p) =
    /// (1/3, 1), (1/3, 1/2), (2/3, 2/3), (2/3, 1/2); interpolated precision
    /// 1, 2/3, 2/3, 1/2; AP = 1/3 * 1 + 1/3 * 2/3 = 5/9.
    @Test func averagePrecisionByHand() {
        let ranked = Self.ranked(3, [(0.6, .falsePositive), (0.9, .truePositive), (0.7, .truePositive),
                                     (0.8, .falsePositive), (0.85, .ignored)])
        let m = ranked.metrics()
        #expect(m.truePositives == 2 && m.falsePositives == 2 && m.ignored == 1 && m.positives == 3)
        #expect(Self.close(m.precision, 0.5) && Self.close(m.recall, 2.0 / 3))
        let f1: Double = (2.0 / 3) / (7.0 / 6) // 2PR / (P + R) with P 1/2, R 2/3: 4/7
        #expect(Self.close(m.f1, f1))
        #expect(Self.close(m.averagePrecision, 5.0 / 9), "\(m.averagePrecision)")

        // Above 0.75 only the first two count: P 1/2, R 1/3, F1 0.4, AP 1/3.
        let high = ranked.metrics(above: 0.75)
        #expect(high.truePositives == 1 && high.falsePositives == 1 && high.ignored == 1)
        #expect(Self.close(high.f1, 0.4) && Self.close(high.averagePrecision, 1.0 / 3))
        #expect(ranked.metrics(above: 0.95).truePositives == 0)
        #expect(ranked.curve().map(\.recall).count == 4)
    }

    @Test func thresholdIsStrictAsTheDetectorsAre() {
        let ranked = Self.ranked(2, [(0.6, .truePositive), (0.5, .truePositive)])
        #expect(ranked.metrics(above: 0.5).truePositives == 1)
        #expect(ranked.metrics(above: 0.49).truePositives == 2)
    }

    /// Tied scores enter the curve together: a tie of a hit and a false
    /// positive gives one point (r 1, p 1/2), so AP = 1/2 in either order.
    @Test func tiesFormOnePoint() {
        for entries in [[(0.5, MatchOutcome.truePositive), (0.5, .falsePositive)],
                        [(0.5, MatchOutcome.falsePositive), (0.5, .truePositive)]] {
            let ranked = Self.ranked(1, entries)
            #expect(ranked.curve() == [PRPoint(score: 0.5, precision: 0.5, recall: 1)])
            #expect(ranked.metrics().averagePrecision == 0.5)
        }
    }
}
