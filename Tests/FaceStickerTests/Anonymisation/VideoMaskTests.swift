import FaceSticker
import Foundation
import Testing

/// Video looks both ways (issue #44): measured as `make bench` measures it
/// (`VideoMaskCoverage`: CenterFace on every original frame, and the faces it finds in both
/// neighbours of a frame it misses them in), `video --sticker` with an effect leaves no face
/// of carphone.mp4 unhidden in any frame, and masks little outside the face.
@Suite(Fixtures.needsShared("data/video/carphone.mp4"))
struct VideoMaskTests {
    static let clip = Fixtures.sharedPath("data/video/carphone.mp4")

    @Test func noFrameLeavesAFace() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("masked.mkv")
        let run = try CLIRun(["video", "--sticker", "solid:#FF00FF", "-q", "-o", out, Self.clip])
        #expect(run.status == 0, "\(run.stderr)")
        let coverage = try VideoMaskCoverage.measure(original: Self.clip, masked: out)
        #expect(coverage.frames == 120 && coverage.rows.count == 2)
        let row = try #require(coverage.rows.first)
        #expect(row.faceFrames >= 110, "the reference finds the face in (nearly) every frame: \(coverage.lines)")
        #expect(row.unhidden == 0 && row.underHalf == 0 && row.framesLeft == 0, "\(coverage.lines)")
        #expect(coverage.outsideMean < 0.02, "\(coverage.lines)")
    }

    /// The measure itself: the original against itself hides nothing, so every reference face is left.
    @Test func theMeasureSeesAFaceLeft() throws {
        let coverage = try VideoMaskCoverage.measure(original: Self.clip, masked: Self.clip)
        let row = try #require(coverage.rows.first)
        #expect(row.faceFrames >= 110 && row.unhidden == row.faceFrames && row.longestRun >= 110, "\(coverage.lines)")
        #expect(coverage.outsideMean == 0)
    }

    /// A face the detector finds in the frames either side of one it misses it in counts in that frame too.
    @Test func aFaceMissedBetweenTwoFindsCounts() {
        let face = Face(box: Rect(x: 10, y: 10, width: 40, height: 40), score: 0.9)
        let moved = Face(box: Rect(x: 14, y: 10, width: 40, height: 40), score: 0.9)
        let references = VideoMaskCoverage.references([[face], [], [moved], []], from: 0.2)
        #expect(references.map(\.count) == [1, 1, 1, 0])
        #expect(references[1].first == Rect(x: 12, y: 10, width: 40, height: 40))
        let sure = VideoMaskCoverage.references([[face], [], [moved]], from: 0.95)
        #expect(sure.allSatisfy { $0.isEmpty })
    }
}
