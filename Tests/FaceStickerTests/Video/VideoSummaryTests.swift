import FaceSticker
import Testing

@Suite struct VideoSummaryTests {
    @Test func theSummaryLineSaysFramesFacesAndSeconds() {
        let summary = VideoSummary(input: "in.mp4", output: "out.mp4", frames: 271, faces: 1, framesWithFaces: 200,
                                   seconds: 8.13, detectionSeconds: 4.0, detectorThreads: 2, warnings: [])
        #expect(summary.line == "in.mp4 -> out.mp4: 271 frames, 1 face, 8.1 s (33.3 fps)")
        #expect(summary.detectionShare == 4.0 / 16.26)
    }

    @Test func progressEstimatesTheTimeLeft() {
        let step = VideoProgress(frames: 100, total: 300, elapsed: 4)
        #expect(step.framesPerSecond == 25)
        #expect(step.remaining == 8)
        #expect(VideoProgress(frames: 100, total: nil, elapsed: 4).remaining == nil)
        #expect(VideoProgress(frames: 0, total: 300, elapsed: 0).remaining == nil)
    }
}
