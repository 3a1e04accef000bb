import FaceSticker
import Testing

/// Issue #11 part 3: a face turned in the picture itself (no EXIF to undo it)
/// is found by the turned passes, with its landmarks where the eyes really are.
@Suite(Fixtures.needsYuNet) struct RotatedFaceTests {
    @Test(arguments: [QuarterTurn.clockwise90, .clockwise180, .clockwise270])
    func theAstronautTurnedIsFoundWithHerEyes(turn: QuarterTurn) throws {
        let upright = try ImageFile.read(path: Fixtures.astronaut)
        let finder = try Fixtures.detector(ModelStore.defaultKind())
        let truth = try #require(try finder.detect(in: upright).first?.landmarks)
        let orientation = ExifOrientation(rotation: turn, mirrored: false)
        let turned = orientation.upright(upright)
        let map = orientation.transform(storedSize: Size(width: Double(upright.width), height: Double(upright.height)))
        let expected = map.apply(to: truth)

        let faces = try finder.detect(in: turned)
        try #require(faces.count == 1, "\(turn.degrees) degrees: \(faces.count) faces")
        let marks = try #require(faces[0].landmarks)
        let tolerance = 0.1 * truth.eyeDistance
        #expect(marks.rightEye.distance(to: expected.rightEye) <= tolerance, "\(turn.degrees): right eye \(marks.rightEye) vs \(expected.rightEye)")
        #expect(marks.leftEye.distance(to: expected.leftEye) <= tolerance, "\(turn.degrees): left eye \(marks.leftEye) vs \(expected.leftEye)")
        #expect(faces[0].box.contains(expected.noseTip))
    }

    /// `all` searches every orientation but reports each face once, from the pass that sees it upright.
    @Test(arguments: [DetectorKind.yunet, .centerface])
    func allRotationsAddNoDuplicate(kind: DetectorKind) throws {
        let upright = try ImageFile.read(path: Fixtures.astronaut)
        var settings = Fixtures.settings(kind)
        settings.rotations = .all
        #expect(try FaceFinder(settings: settings).detect(in: upright).count == 1, "the turned passes add no duplicate")
    }
}
