import FaceSticker
import Testing

@Suite struct FrameRateTests {
    @Test(arguments: [("30000/1001", 30000, 1001), ("2997/125", 2997, 125), ("25", 25, 1), ("50/2", 25, 1)])
    func parsesFFprobeRates(text: String, numerator: Int, denominator: Int) throws {
        let rate = try #require(FrameRate(text))
        #expect(rate.numerator == numerator && rate.denominator == denominator)
        #expect(rate.description == "\(numerator)/\(denominator)")
    }

    @Test(arguments: ["0/0", "", "abc", "30/0", "-25/1", "1/2/3"])
    func refusesJunk(text: String) {
        #expect(FrameRate(text) == nil)
    }

    @Test func framesHaveExactTimes() throws {
        let rate = try #require(FrameRate("30000/1001"))
        #expect(rate.time(ofFrame: 0) == 0)
        #expect(abs(rate.time(ofFrame: 120) - 4.004) < 1e-12)
    }
}
