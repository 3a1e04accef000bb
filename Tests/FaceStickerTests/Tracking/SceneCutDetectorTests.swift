import FaceSticker
import Testing

/// Cuts between shots, found on the shared clips (decoded with the product's decoder).
@Suite struct SceneCutDetectorTests {
    /// Megamind.avi's shots change at frames 1, 98, 154 and 200 (checked by eye and with
    /// ffmpeg's scdet filter); carphone.mp4 is one shot with a moving head and background.
    @Test(Fixtures.needsShared("data/video/Megamind.avi"), arguments: [("Megamind.avi", [1, 98, 154, 200]), ("carphone.mp4", [])])
    func findsTheCutsAndNothingElse(name: String, cuts: [Int]) throws {
        var detector = SceneCutDetector()
        var found: [Int] = []
        try VideoFrames.forEachYUV(Fixtures.sharedPath("data/video/" + name)) { index, frame in
            if detector.isCut(frame) { found.append(index) }
        }
        #expect(found == cuts)
    }

    @Test func identicalFramesDifferByNothingAndInvertedOnesALot() {
        let grey = YUVFrame(width: 64, height: 36, y: 100)
        let light = YUVFrame(width: 64, height: 36, y: 200)
        let a = SceneCutDetector.thumbnail(grey), b = SceneCutDetector.thumbnail(light)
        #expect(SceneCutDetector.difference(a, a) == 0)
        #expect(abs(SceneCutDetector.difference(a, b) - 100.0 / 255) < 0.01)
        var detector = SceneCutDetector()
        let verdicts = [detector.isCut(grey), detector.isCut(grey), detector.isCut(light)]
        #expect(verdicts == [false, false, true], "the first frame is no cut; a jump in grey is")
    }

    @Test func tinyFramesAreNeverCuts() {
        var detector = SceneCutDetector()
        let first = detector.isCut(YUVFrame(width: 8, height: 8, y: 16))
        let second = detector.isCut(YUVFrame(width: 8, height: 8, y: 235))
        #expect(!first && !second)
    }
}
