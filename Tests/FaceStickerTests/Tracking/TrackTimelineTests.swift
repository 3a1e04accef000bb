@testable import FaceSticker
import Testing

/// Tracking on synthetic detections: ids, confirmation, holds, interpolation, cuts.
@Suite struct TrackTimelineTests {
    static func face(x: Double, y: Double = 100, size: Double = 80) -> Face {
        let box = Rect(x: x, y: y, width: size, height: size)
        let marks = Landmarks(rightEye: Point(x: x + 0.3 * size, y: y + 0.4 * size),
                              leftEye: Point(x: x + 0.7 * size, y: y + 0.4 * size),
                              noseTip: Point(x: x + 0.5 * size, y: y + 0.6 * size),
                              rightMouth: Point(x: x + 0.35 * size, y: y + 0.8 * size),
                              leftMouth: Point(x: x + 0.65 * size, y: y + 0.8 * size))
        return Face(box: box, score: 0.9, landmarks: marks)
    }

    /// Runs `frames` frames; `detections(i)` gives frame i's faces, nil when the detector does not run.
    static func run(_ frames: Int, settings: TrackerSettings = TrackerSettings(holdFrames: 5), cuts: Set<Int> = [],
                    _ detections: (Int) -> [Face]?) -> [TimelineEntry<Int>] {
        var timeline = TrackTimeline<Int>(settings: settings)
        var out: [TimelineEntry<Int>] = []
        for i in 0..<frames {
            out += timeline.add(index: i, payload: i, detections: detections(i), cut: cuts.contains(i))
        }
        return out + timeline.finish()
    }

    @Test func everyFrameComesOutOnceInOrder() {
        let out = Self.run(40) { $0 % 3 == 0 ? [Self.face(x: 50)] : nil }
        #expect(out.map(\.index) == Array(0..<40))
        #expect(out.map(\.payload) == Array(0..<40))
    }

    @Test func aSteadyFaceHasOneIdFromItsFirstFrame() {
        let out = Self.run(30) { _ in [Self.face(x: 50)] }
        #expect(out.allSatisfy { $0.faces.map(\.id) == [0] })
        #expect(out.allSatisfy { $0.faces.first?.source == .detected })
    }

    @Test func aSingleFrameFalseDetectionNeverShows() {
        let out = Self.run(30) { i in i == 10 ? [Self.face(x: 50), Self.face(x: 400)] : [Self.face(x: 50)] }
        #expect(out.allSatisfy { $0.faces.count == 1 && $0.faces[0].id == 0 })
    }

    @Test func aMissedFaceKeepsItsStickerAndId() {
        let missed: Set<Int> = [10, 11, 12]
        let out = Self.run(30) { missed.contains($0) ? [] : [Self.face(x: 50)] }
        #expect(out.allSatisfy { $0.faces.map(\.id) == [0] })
        for i in missed { #expect(out[i].faces.first?.source != .detected) }
    }

    @Test func aLostFaceIsHeldForTheHoldOnly() {
        let out = Self.run(30, settings: TrackerSettings(holdFrames: 5)) { $0 < 10 ? [Self.face(x: 50)] : [] }
        #expect((0..<10).allSatisfy { out[$0].faces.first?.source == .detected })
        #expect((10...14).allSatisfy { out[$0].faces.first?.source == .held })
        #expect((15..<30).allSatisfy { out[$0].faces.isEmpty })
    }

    @Test func framesBetweenDetectionsAreInterpolated() {
        // Detect every 4th frame on a face moving 8 px a frame.
        let out = Self.run(41) { $0 % 4 == 0 ? [Self.face(x: 10 + 8 * Double($0))] : nil }
        #expect(out.count == 41)
        for frame in out {
            #expect(frame.faces.count == 1)
            guard let face = frame.faces.first else { continue }
            #expect(face.id == 0)
            #expect(abs(face.face.box.x - (10 + 8 * Double(frame.index))) < 1e-9)
            #expect(face.source == (frame.index % 4 == 0 ? .detected : .interpolated))
        }
    }

    @Test func twoFacesKeepTheirIdsWhenTheyMove() {
        let out = Self.run(40) { i in [Self.face(x: 400 - 3 * Double(i)), Self.face(x: 20 + 3 * Double(i))] }
        let first = out[0].faces.sorted { $0.face.box.x < $1.face.box.x }.map(\.id)
        let last = out[30].faces.sorted { $0.face.box.x < $1.face.box.x }.map(\.id)
        #expect(Set(first) == [0, 1])
        #expect(first == last, "the left face is still the same track 30 frames on")
    }

    @Test func aCutEndsEveryTrackWithoutHold() {
        let out = Self.run(30, cuts: [15]) { _ in [Self.face(x: 50)] }
        #expect((0..<15).allSatisfy { out[$0].faces.map(\.id) == [0] })
        #expect((15..<30).allSatisfy { out[$0].faces.map(\.id) == [1] }, "the face after the cut is a new track")
        let gone = Self.run(30, cuts: [15]) { $0 < 15 ? [Self.face(x: 50)] : [] }
        #expect((15..<30).allSatisfy { gone[$0].faces.isEmpty }, "no hold past a cut")
    }

    @Test(arguments: [1, 2, 5])
    func framesWaitAtMostTwoDetectionIntervals(every: Int) {
        var timeline = TrackTimeline<Int>(settings: TrackerSettings())
        var most = 0
        for i in 0..<200 {
            _ = timeline.add(index: i, payload: i, detections: i % every == 0 ? [Self.face(x: 50)] : nil)
            most = max(most, timeline.waiting)
        }
        #expect(most <= 2 * every + 1)
    }

    @Test func interpolationMixesBoxesLandmarksAndScores() {
        var a = Self.face(x: 0), b = Self.face(x: 100)
        a.score = 0.5
        b.score = 1
        let mid = TrackTimeline<Int>.interpolate(a, b, 0.25)
        #expect(mid.box.x == 25)
        #expect(mid.score == 0.625)
        #expect(mid.landmarks?.rightEye.x == 25 + 0.3 * 80)
    }

    /// A face between two detections keeps the nearer one's mesh, moved with the box:
    /// stickers read the head's turn from it (`FacePose`), so a hat on a turned head
    /// does not jump back over the eyes between detections.
    @Test func interpolationKeepsTheNearerMeshMovedWithTheBox() {
        var a = Self.face(x: 0), b = Self.face(x: 100)
        a.mesh = [Point3(x: 10, y: 20, z: -5)]
        b.mesh = [Point3(x: 110, y: 20, z: -7)]
        #expect(TrackTimeline<Int>.interpolate(a, b, 0.25).mesh == [Point3(x: 35, y: 20, z: -5)])
        #expect(TrackTimeline<Int>.interpolate(a, b, 0.75).mesh == [Point3(x: 85, y: 20, z: -7)])
        b.mesh = nil
        #expect(TrackTimeline<Int>.interpolate(a, b, 0.75).mesh == nil)
    }
}
