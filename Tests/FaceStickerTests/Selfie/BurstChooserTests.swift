@testable import FaceSticker
import Testing

/// Best-frame choice: sharp beats blurred, large beats small, ties go to the earliest.
@Suite(Fixtures.needsYuNet) struct BurstChooserTests {
    static func astronaut() throws -> RGBAImage { try ImageFile.read(path: Fixtures.astronaut) }

    func scored(_ images: [RGBAImage]) throws -> [FrameScore] {
        let detector = try Fixtures.detector(.yunet)
        return try images.map { BurstChooser.score($0, faces: try detector.detect(in: $0)) }
    }

    @Test(arguments: [false, true])
    func aSharpFaceBeatsABlurredCopyOfIt(sharpFirst: Bool) throws {
        let sharp = try Self.astronaut()
        let blurred = TestImages.boxBlur(sharp, radius: 3)
        let frames = sharpFirst ? [sharp, blurred] : [blurred, sharp]
        let scores = try scored(frames)
        #expect(scores.allSatisfy { $0.faces.first?.box.iou(Fixtures.astronautFace) ?? 0 > 0.8 }, "the face is found in both")
        #expect(BurstChooser.best(scores) == (sharpFirst ? 0 : 1))
        let (s, b) = sharpFirst ? (scores[0], scores[1]) : (scores[1], scores[0])
        #expect(s.faceSharpness > 3 * b.faceSharpness, "a 7-pixel box blur costs most of the detail")
    }

    @Test func aLargerFaceBeatsASmallerOne() throws {
        let large = try Self.astronaut()
        let small = try TestImages.halfSizeOnCanvas(large)
        let scores = try scored([small, large])
        #expect(scores.allSatisfy { $0.faces.count == 1 })
        #expect(scores[1].faceArea > 3 * scores[0].faceArea)
        #expect(BurstChooser.best(scores) == 1)
    }

    @Test func aFaceBeatsASharperFrameWithoutOne() throws {
        let face = TestImages.boxBlur(try Self.astronaut(), radius: 2)
        let squares = TestImages.checkerboard(width: 512, height: 512, cell: 8)
        let scores = try scored([squares, face])
        #expect(scores[0].faces.isEmpty)
        #expect(scores[0].frameSharpness > scores[1].frameSharpness)
        #expect(BurstChooser.best(scores) == 1)
    }

    @Test func aDoubtfulFaceDoesNotOutweighTheMainOne() {
        let image = TestImages.noise(width: 200, height: 200)
        let main = Face(box: Rect(x: 10, y: 10, width: 20, height: 20), score: 0.99)
        let doubtful = Face(box: Rect(x: 0, y: 0, width: 200, height: 200), score: 0.7)
        let score = BurstChooser.score(image, faces: [doubtful, main])
        #expect(score.faceArea == 400, "the most confident face counts, wherever it is listed")
    }

    @Test func withoutAnyFaceTheSharpestFrameWins() {
        let noise = TestImages.noise(width: 64, height: 48)
        let frames = [RGBAImage(width: 64, height: 48, fill: (90, 90, 90, 255)), noise, TestImages.boxBlur(noise, radius: 2)]
        let scores = frames.map { BurstChooser.score($0, faces: []) }
        #expect(BurstChooser.best(scores) == 1)
        #expect(scores[0].frameSharpness == 0, "a flat frame has no detail at all")
    }

    @Test func aTieGoesToTheEarliestFrame() throws {
        let image = try Self.astronaut()
        let scores = try scored([image, image, image])
        #expect(BurstChooser.best(scores) == 0)
        #expect(BurstChooser.best([]) == nil)
    }

    @Test func sharpnessIgnoresFacesOutsideTheFrame() {
        let image = TestImages.noise(width: 32, height: 32)
        let outside = Face(box: Rect(x: 100, y: 100, width: 20, height: 20), score: 0.9)
        let score = BurstChooser.score(image, faces: [outside])
        #expect(score.faceArea == 0 && score.value == 0)
        let half = Face(box: Rect(x: 16, y: 16, width: 40, height: 40), score: 0.9)
        #expect(BurstChooser.score(image, faces: [half]).faceArea == 256, "the box is clipped to the frame")
    }
}
