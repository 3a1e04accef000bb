import FaceSticker
import Testing

/// Hand-worked matching cases.
@Suite struct DetectionMatcherTests {
    static let face = Rect(x: 0, y: 0, width: 10, height: 10)

    static func detection(_ box: Rect, _ score: Double) -> Face { Face(box: box, score: score) }

    @Test func perfectDetectionsAreAllHits() {
        let faces = [GroundTruth.Box(box: Self.face), GroundTruth.Box(box: Rect(x: 50, y: 0, width: 20, height: 20))]
        let detections = faces.enumerated().map { Self.detection($1.box, 0.9 - Double($0) * 0.1) }
        let match = DetectionMatcher.match(detections, to: faces, subset: .all, iouThreshold: 0.5)
        #expect(match.outcomes == [.truePositive, .truePositive])
        #expect(match.matchedFace == [0, 1])
        #expect(match.missedFaces.isEmpty)
    }

    @Test func iouExactlyAtTheThresholdCounts() {
        // 10x10 inside 10x20: IoU 100 / 200 = 0.5.
        let match = DetectionMatcher.match([Self.detection(Rect(x: 0, y: 0, width: 10, height: 20), 0.8)],
                                           to: [GroundTruth.Box(box: Self.face)], subset: .all, iouThreshold: 0.5)
        #expect(match.outcomes == [.truePositive])
        let strict = DetectionMatcher.match([Self.detection(Rect(x: 0, y: 0, width: 10, height: 20), 0.8)],
                                            to: [GroundTruth.Box(box: Self.face)], subset: .all, iouThreshold: 0.51)
        #expect(strict.outcomes == [.falsePositive])
        #expect(strict.missedFaces == [0])
    }

    @Test func duplicateDetectionIsAFalsePositive() {
        let detections = [Self.detection(Rect(x: 1, y: 0, width: 10, height: 10), 0.7), Self.detection(Self.face, 0.9)]
        let match = DetectionMatcher.match(detections, to: [GroundTruth.Box(box: Self.face)], subset: .all,
                                           iouThreshold: 0.5)
        // The better score takes the face, whatever the order given.
        #expect(match.outcomes == [.falsePositive, .truePositive])
        #expect(match.matchedFace == [nil, 0])
    }

    @Test func greedyByScoreNotByOverlap() {
        // The higher-scored but looser box takes the face; the tight one comes too late.
        let detections = [Self.detection(Self.face, 0.6), Self.detection(Rect(x: 0, y: 0, width: 10, height: 17), 0.95)]
        let match = DetectionMatcher.match(detections, to: [GroundTruth.Box(box: Self.face)], subset: .all,
                                           iouThreshold: 0.5)
        #expect(match.outcomes == [.falsePositive, .truePositive])
    }

    @Test func detectionTakesItsBestFreeFace() {
        // Two side-by-side faces; a box over the right one (IoU 0.68) and the left one (IoU 0.0).
        let faces = [GroundTruth.Box(box: Self.face), GroundTruth.Box(box: Rect(x: 8, y: 0, width: 10, height: 10))]
        let detections = [Self.detection(Rect(x: 7, y: 0, width: 10, height: 10), 0.9),
                          Self.detection(Rect(x: 1, y: 0, width: 10, height: 10), 0.8)]
        let match = DetectionMatcher.match(detections, to: faces, subset: .all, iouThreshold: 0.5)
        #expect(match.matchedFace == [1, 0])
        #expect(match.outcomes == [.truePositive, .truePositive])
    }

    @Test func ignoredFacesAbsorbDetections() {
        let faces = [GroundTruth.Box(box: Self.face),
                     GroundTruth.Box(box: Rect(x: 40, y: 0, width: 10, height: 10), invalid: true)]
        let detections = [Self.detection(Rect(x: 40, y: 0, width: 10, height: 10), 0.9),
                          Self.detection(Rect(x: 41, y: 0, width: 10, height: 10), 0.8),
                          Self.detection(Rect(x: 100, y: 0, width: 10, height: 10), 0.7)]
        let match = DetectionMatcher.match(detections, to: faces, subset: .all, iouThreshold: 0.5)
        #expect(match.outcomes == [.ignored, .ignored, .falsePositive])
        #expect(match.counted == [true, false])
        #expect(match.missedFaces == [0], "the ignored face is not a miss")
    }

    @Test func subsetIgnoresUnlistedFaces() {
        let faces = [GroundTruth.Box(box: Self.face, subsets: [.hard]),
                     GroundTruth.Box(box: Rect(x: 40, y: 0, width: 10, height: 10), subsets: [.easy, .medium, .hard])]
        let detections = faces.map { Self.detection($0.box, 0.9) }
        let easy = DetectionMatcher.match(detections, to: faces, subset: .easy, iouThreshold: 0.5)
        #expect(easy.outcomes == [.ignored, .truePositive])
        let hard = DetectionMatcher.match(detections, to: faces, subset: .hard, iouThreshold: 0.5)
        #expect(hard.outcomes == [.truePositive, .truePositive])
    }

    @Test func emptyImages() {
        #expect(DetectionMatcher.match([], to: [], subset: .all, iouThreshold: 0.5).outcomes.isEmpty)
        let stray = DetectionMatcher.match([Self.detection(Self.face, 0.5)], to: [], subset: .all, iouThreshold: 0.5)
        #expect(stray.outcomes == [.falsePositive])
        let missed = DetectionMatcher.match([], to: [GroundTruth.Box(box: Self.face)], subset: .all, iouThreshold: 0.5)
        #expect(missed.missedFaces == [0])
    }
}
