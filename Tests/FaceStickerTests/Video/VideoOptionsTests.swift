import FaceSticker
import Testing

/// The detector's working size follows the frame's shape.
@Suite struct VideoOptionsTests {
    @Test(arguments: [(1280, 720, 480), (720, 1280, 853), (176, 144, 176), (1920, 1080, 480), (640, 480, 480)])
    func detectWidthSetsTheLongestSide(width: Int, height: Int, inputSize: Int) {
        let options = VideoOptions(detector: .defaults(for: .yunet))
        #expect(options.detectorSettings(width: width, height: height).inputSize == inputSize)
    }

    @Test func withoutADetectWidthTheSettingsStand() {
        var settings = DetectorSettings.defaults(for: .yunet)
        settings.inputSize = 333
        let options = VideoOptions(detector: settings, detectWidth: nil)
        #expect(options.detectorSettings(width: 1280, height: 720) == settings)
    }

    @Test(arguments: [(29.97, nil, 3), (23.976, nil, 3), (25, nil, 3), (60, nil, 6), (15, nil, 2), (10, nil, 1), (5, nil, 1),
                      (1000, nil, 30), (30, 1, 1), (30, 5, 5)] as [(Double, Int?, Int)])
    func detectionRunsAtMostTenTimesASecond(rate: Double, given: Int?, every: Int) {
        let options = VideoOptions(detector: .defaults(for: .yunet), detectEvery: given)
        #expect(options.detectEvery(frameRate: rate) == every)
    }

    /// Only hiding faces, CenterFace runs at most five times a second (every sixth frame at 30 fps).
    @Test(arguments: [(29.97, nil, 6), (25, nil, 5), (60, nil, 12), (5, nil, 1), (30, 2, 2)] as [(Double, Int?, Int)])
    func hidingFacesDetectsAtMostFiveTimesASecond(rate: Double, given: Int?, every: Int) {
        var options = VideoOptions(detector: .defaults(for: .centerface), detectEvery: given)
        options.profile = .recall
        #expect(options.detectEvery(frameRate: rate) == every)
    }

    @Test func theHoldCoversTwoDetectionIntervals() {
        #expect(TrackerSettings.forVideo(frameRate: 30, detectEvery: 1).holdFrames == 12)
        #expect(TrackerSettings.forVideo(frameRate: 30, detectEvery: 10).holdFrames == 20)
    }
}
