import FaceSticker
import Testing

/// The One Euro filter and the placement smoother built on it.
@Suite struct OneEuroFilterTests {
    /// A repeatable pseudo-random sequence in -1...1.
    struct Noise {
        var state: UInt64 = 0x9E3779B97F4A7C15
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53) * 2 - 1
        }
    }

    @Test func theFirstSamplePassesAndAConstantStays() {
        var filter = OneEuroFilter(minCutoff: 1, beta: 4)
        let outputs = (0..<50).map { _ in filter.filter(42, interval: 0.04) }
        #expect(outputs.allSatisfy { $0 == 42 })
    }

    @Test func jitterIsCutDown() {
        var filter = OneEuroFilter(minCutoff: 1, beta: 4)
        var noise = Noise()
        var rawSteps = 0.0, smoothSteps = 0.0
        var lastRaw = 100.0, lastSmooth = filter.filter(100, interval: 1.0 / 30, scale: 30)
        for _ in 0..<300 {
            let raw = 100 + 1.5 * noise.next()
            let smooth = filter.filter(raw, interval: 1.0 / 30, scale: 30)
            rawSteps += abs(raw - lastRaw)
            smoothSteps += abs(smooth - lastSmooth)
            lastRaw = raw
            lastSmooth = smooth
        }
        #expect(smoothSteps < 0.25 * rawSteps)
    }

    @Test func aHigherBetaFollowsAMoveWithLessLag() {
        func lag(beta: Double) -> Double {
            var filter = OneEuroFilter(minCutoff: 1, beta: beta)
            var value = 0.0, out = 0.0
            for _ in 0..<60 {
                value += 3  // 3 px a frame on a face of 30 px: 3 eye distances a second
                out = filter.filter(value, interval: 1.0 / 30, scale: 30)
            }
            return value - out
        }
        #expect(lag(beta: 4) < 0.5 * lag(beta: 0))
        #expect(lag(beta: 4) < 3, "under a frame's movement behind")
    }

    @Test func resetForgetsTheHistory() {
        var filter = OneEuroFilter(minCutoff: 1, beta: 0)
        _ = filter.filter(0, interval: 0.04)
        filter.reset()
        let first = filter.filter(10, interval: 0.04)
        #expect(first == 10)
    }

    @Test func anglesAreSmoothedTheShortWayRound() {
        var smoother = PlacementSmoother()
        let at = { (angle: Double) in Sticker.Placement(center: Point(x: 50, y: 50), size: Size(width: 40, height: 20), angle: angle) }
        _ = smoother.smooth(at(179), interval: 1.0 / 30, faceScale: 20)
        let next = smoother.smooth(at(-179), interval: 1.0 / 30, faceScale: 20)
        #expect(abs(next.angle) > 178, "did not swing through 0: \(next.angle)")
    }

    @Test func aStillPlacementStaysExactlyStill() {
        var smoother = PlacementSmoother()
        let still = Sticker.Placement(center: Point(x: 120.5, y: 80.25), size: Size(width: 64, height: 32), angle: -7)
        let outputs = (0..<20).map { _ in smoother.smooth(still, interval: 0.04, faceScale: 30) }
        #expect(outputs.allSatisfy { $0 == still })
    }
}
