import FaceSticker
import Testing

@Suite struct ExifOrientationTests {
    static let stored = Size(width: 40, height: 30)

    /// Where the stored picture's top-left and top-right corners end up, as the
    /// EXIF specification words each orientation ("0th row is the visual top, 0th column the visual left", ...).
    @Test(arguments: [
        (ExifOrientation.up, Point(x: 0, y: 0), Point(x: 40, y: 0)),
        (.upMirrored, Point(x: 40, y: 0), Point(x: 0, y: 0)),
        (.down, Point(x: 40, y: 30), Point(x: 0, y: 30)),
        (.downMirrored, Point(x: 0, y: 30), Point(x: 40, y: 30)),
        (.leftMirrored, Point(x: 0, y: 0), Point(x: 0, y: 40)),
        (.right, Point(x: 30, y: 0), Point(x: 30, y: 40)),
        (.rightMirrored, Point(x: 30, y: 40), Point(x: 30, y: 0)),
        (.left, Point(x: 0, y: 40), Point(x: 0, y: 0)),
    ])
    func cornersLandWhereTheSpecSays(orientation: ExifOrientation, topLeft: Point, topRight: Point) {
        let t = orientation.transform(storedSize: Self.stored)
        #expect(t.apply(to: Point(x: 0, y: 0)) == topLeft)
        #expect(t.apply(to: Point(x: 40, y: 0)) == topRight)
        let upright = orientation.uprightSize(Self.stored)
        #expect(t.apply(to: Rect(x: 0, y: 0, width: 40, height: 30)) ==
            Rect(x: 0, y: 0, width: upright.width, height: upright.height))
        #expect(t.isMirroring == orientation.isMirrored)
    }

    @Test(arguments: ExifOrientation.allCases)
    func rawValuesAreTheTagValues(orientation: ExifOrientation) {
        #expect((1...8).contains(orientation.rawValue))
        #expect(ExifOrientation(rawValue: orientation.rawValue) == orientation)
        #expect(ExifOrientation(rotation: orientation.rotation, mirrored: orientation.isMirrored) == orientation)
    }

    @Test func unknownTagValuesAreRejected() {
        #expect(ExifOrientation(rawValue: 0) == nil)
        #expect(ExifOrientation(rawValue: 9) == nil)
    }

    @Test(arguments: ExifOrientation.allCases)
    func inverseTurnsUprightBackIntoStored(orientation: ExifOrientation) {
        let upright = orientation.uprightSize(Self.stored)
        let there = orientation.transform(storedSize: Self.stored)
        let back = orientation.inverse.transform(storedSize: upright)
        #expect(there.concatenating(back) == .identity)
        #expect(orientation.inverse.uprightSize(upright) == Self.stored)
    }

    /// Stored pixels a b c / d e f, turned by hand for each orientation.
    @Test(arguments: [
        (ExifOrientation.up, 3, ["a", "b", "c", "d", "e", "f"]),
        (.upMirrored, 3, ["c", "b", "a", "f", "e", "d"]),
        (.down, 3, ["f", "e", "d", "c", "b", "a"]),
        (.downMirrored, 3, ["d", "e", "f", "a", "b", "c"]),
        (.leftMirrored, 2, ["a", "d", "b", "e", "c", "f"]),
        (.right, 2, ["d", "a", "e", "b", "f", "c"]),
        (.rightMirrored, 2, ["f", "c", "e", "b", "d", "a"]),
        (.left, 2, ["c", "f", "b", "e", "a", "d"]),
    ])
    func uprightPixelsMatchHandTurnedOnes(orientation: ExifOrientation, width: Int, expected: [String]) throws {
        let names = ["a", "b", "c", "d", "e", "f"]
        let pixels = names.flatMap { name -> [UInt8] in
            let v = name.unicodeScalars.first.map { UInt8($0.value) } ?? 0
            return [v, v &+ 1, v &+ 2, 255]
        }
        let stored = try #require(RGBAImage(width: 3, height: 2, pixels: pixels))
        let upright = orientation.upright(stored)
        #expect(upright.width == width && upright.height == 6 / width)
        let got = (0..<6).map { i in String(UnicodeScalar(upright.pixels[i * 4])) }
        #expect(got == expected)
    }

    /// Each stored pixel's centre maps to the centre of the pixel it becomes,
    /// on an odd-sized real photo crop: the coordinate map and the pixel map agree.
    @Test(arguments: ExifOrientation.allCases)
    func pixelMapAgreesWithCoordinateMap(orientation: ExifOrientation) throws {
        let photo = try ImageFile.read(path: Fixtures.astronaut)
        var stored = RGBAImage(width: 31, height: 17)
        for y in 0..<17 { for x in 0..<31 { stored[x, y] = photo[200 + x, 100 + y] } }
        let upright = orientation.upright(stored)
        let t = orientation.transform(storedSize: Size(width: 31, height: 17))
        for (x, y) in [(0, 0), (30, 0), (0, 16), (30, 16), (7, 11)] {
            let c = t.apply(to: Point(x: Double(x) + 0.5, y: Double(y) + 0.5))
            let ux = Int(c.x), uy = Int(c.y)
            #expect(c.x - Double(ux) == 0.5 && c.y - Double(uy) == 0.5)
            #expect(upright[ux, uy] == stored[x, y])
        }
        #expect(orientation.inverse.upright(upright) == stored)
    }

    /// A real detector on the mirrored photo must report what mirroring the
    /// original detection gives, label for label: the right eye stays on the
    /// image's left, the box lands on the mirrored face.
    @Test(Fixtures.needsYuNet) func mirroredDetectionMatchesMappedLandmarks() throws {
        let detector = try Fixtures.detector(.yunet)
        let photo = try ImageFile.read(path: Fixtures.astronaut)
        let mirrored = ExifOrientation.upMirrored.upright(photo)
        let original = try #require(try detector.detect(in: photo).first)
        let flipped = try #require(try detector.detect(in: mirrored).first)
        let mapping = ExifOrientation.upMirrored.transform(
            storedSize: Size(width: Double(photo.width), height: Double(photo.height)))
        let mapped = mapping.apply(to: original)
        #expect(mapped.box.iou(flipped.box) > 0.85)
        let expected = try #require(mapped.landmarks), found = try #require(flipped.landmarks)
        for (e, f) in zip(expected.points, found.points) {
            #expect(e.distance(to: f) < 4, "mapped \(e), detected \(f)")
        }
        #expect(found.rightEye.x < found.leftEye.x)
    }
}
