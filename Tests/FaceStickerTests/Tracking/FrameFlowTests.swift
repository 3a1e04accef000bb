@testable import FaceSticker
import Testing

/// The optical flow that carries faces between the face mesh's fits (issue #42), on a real
/// frame: two windows of carphone's frame 40 a known distance apart are two frames of a
/// picture that moved by that much.
@Suite struct FrameFlowTests {
    static func frame(_ number: Int) throws -> YUVFrame {
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        for _ in 0..<number { _ = try source.next() }
        return try #require(try source.next()).yuv
    }

    /// The box in the middle of 144 x 112 windows, where his face is.
    static let box = Rect(x: 36, y: 16, width: 72, height: 80)

    @Test(arguments: [(0, 0), (4, 2), (-6, 4), (10, -8)])
    func theMotionOfThePictureIsMeasured(dx: Int, dy: Int) throws {
        let whole = try Self.frame(40)
        let before = whole.cropped(x: 16, y: 16, width: 144, height: 112)
        // The picture moved by (dx, dy): what was at p is at p + (dx, dy) (the windows lie inside the 176 x 144 frame).
        let after = whole.cropped(x: 16 - dx, y: 16 - dy, width: 144, height: 112)
        #expect(after.width == 144 && after.height == 112)
        var flow = FrameFlow(width: 144, height: 112)
        flow.remember(before, tick: 0)
        var placed = TrackTimelineTests.face(x: 0)
        placed.box = Self.box
        let shift = try #require(try flow.shifts([(placed, 0)], into: after).first ?? nil, "the motion was lost")
        #expect(abs(shift.x - Double(dx)) < 0.5 && abs(shift.y - Double(dy)) < 0.5, "measured \(shift), moved (\(dx), \(dy))")
    }

    /// No motion where none can be told: a flat picture, a frame no longer kept, one of
    /// another size, a box that is not finite or too small.
    @Test func whatCannotBeFollowedIsLost() throws {
        let whole = try Self.frame(40)
        let before = whole.cropped(x: 8, y: 8, width: 160, height: 128)
        var flow = FrameFlow(width: 160, height: 128)
        flow.remember(before, tick: 0)
        flow.remember(YUVFrame(width: 160, height: 128, y: 90), tick: 1)
        var face = TrackTimelineTests.face(x: 0)
        face.box = Self.box
        var nan = face
        nan.box = Rect(x: .nan, y: 0, width: 72, height: 80)
        var tiny = face
        tiny.box = Rect(x: 40, y: 40, width: 4, height: 4)
        let flat = YUVFrame(width: 160, height: 128, y: 90)
        #expect(try flow.shifts([(face, 1)], into: flat) == [nil], "a flat picture")
        #expect(try flow.shifts([(face, 7)], into: before) == [nil], "a frame never kept")
        #expect(try flow.shifts([(face, 0)], into: whole) == [nil], "another size")
        #expect(try flow.shifts([(nan, 0), (tiny, 0)], into: before) == [nil, nil], "no box to follow")
        // The oldest frames are forgotten: at 160 x 128, 64 are kept.
        for tick in 2..<70 { flow.remember(flat, tick: tick) }
        #expect(!flow.remembers(0) && flow.remembers(69))
    }

    /// A window outside the frames is the caller's mistake, refused with a message.
    @Test func aWindowOutsideTheFramesIsRefused() {
        let a = YUVFrame(width: 64, height: 64, y: 90)
        #expect(throws: FaceStickerError.self) {
            try OpenCV.flowShift(from: a, to: a, window: (x: 40, y: 0, width: 32, height: 32), box: Rect(x: 0, y: 0, width: 16, height: 16))
        }
        #expect(throws: FaceStickerError.self) {
            try OpenCV.flowShift(from: a, to: YUVFrame(width: 32, height: 64, y: 90), window: (x: 0, y: 0, width: 32, height: 32),
                                 box: Rect(x: 0, y: 0, width: 16, height: 16))
        }
    }
}
