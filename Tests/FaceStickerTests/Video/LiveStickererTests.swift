import FaceSticker
import Testing

/// The selfie preview's stickers go through the video tracker (issue #11 part 4).
@Suite struct LiveStickererTests {
    static let face = Face(box: Rect(x: 40, y: 40, width: 60, height: 60), score: 0.9,
                           landmarks: Landmarks(rightEye: Point(x: 55, y: 60), leftEye: Point(x: 85, y: 60),
                                                noseTip: Point(x: 70, y: 75), rightMouth: Point(x: 58, y: 88),
                                                leftMouth: Point(x: 82, y: 88)))

    static func stickerer() -> LiveStickerer {
        let red = Sticker(name: "red", art: RGBAImage(width: 32, height: 32, fill: (255, 0, 0, 255)), fit: .plainPicture)
        return LiveStickerer(painter: TrackPainter(stickers: [red]), frameRate: 30)
    }

    /// Frames in, frames out, and which came out with a sticker.
    static func run(_ detections: [[Face]?]) -> [Bool] {
        var live = stickerer()
        let frame = RGBAImage(width: 160, height: 140, fill: (90, 90, 90, 255))
        var out: [RGBAImage] = []
        for (i, faces) in detections.enumerated() { out += live.add(frame, faces: faces, time: Double(i) / 30) }
        out += live.finish()
        #expect(out.count == detections.count, "every frame comes out once")
        return out.map { $0 != frame }
    }

    @Test func aOneFrameDetectionNeverShows() {
        let shown = Self.run((0..<12).map { $0 == 4 ? [Self.face] : [] })
        #expect(!shown.contains(true), "a face seen once is not stickered: \(shown)")
    }

    @Test func aSteadyFaceIsStickeredFromItsFirstFrame() {
        let shown = Self.run(Array(repeating: [Self.face], count: 12))
        #expect(shown.allSatisfy { $0 }, "\(shown)")
    }

    @Test func aLostFaceIsHeldBrieflyThenDropped() {
        let shown = Self.run((0..<40).map { $0 < 10 ? [Self.face] : [] })
        #expect(shown[10], "held just after it is lost")
        #expect(!shown[39], "gone 1 s later")
    }
}
