import FaceSticker
import Testing

@Suite struct ComicFilterTests {
    @Test func posterizeUsesFiveLevels() {
        let levels = Set((0...255).map { ComicFilter.posterize(UInt8($0)) })
        #expect(levels == [0, 64, 128, 191, 255])
        #expect(ComicFilter.posterize(31) == 0 && ComicFilter.posterize(32) == 64)
        #expect(ComicFilter.posterize(100) == 128 && ComicFilter.posterize(224) == 255)
    }

    /// Black left half, white right half, first white column 20: the blurred
    /// step gives gradients of 256 and 764 on the four columns around it, all
    /// above edgeHigh, so they are inked black; further out the flat colour stays.
    @Test func sharpEdgeBecomesABlackLine() {
        var image = RGBAImage(width: 40, height: 12, fill: (255, 255, 255, 200))
        for y in 0..<12 { for x in 0..<20 { image[x, y] = (0, 0, 0, 200) } }
        ComicFilter().apply(to: &image)
        for y in 0..<12 {
            for x in 0..<40 {
                let expected: UInt8 = (18...21).contains(x) ? 0 : (x < 18 ? 0 : 255)
                #expect(image[x, y] == (expected, expected, expected, 200), "at \(x), \(y)")
            }
        }
    }

    /// A flat colour and a gentle ramp (luma rises 0.6 a pixel: gradient about 5,
    /// far under edgeLow) get no ink, only posterising; rows 8...11 straddle their border.
    @Test func flatRegionsArePosterised() {
        var image = RGBAImage(width: 50, height: 20, fill: (100, 150, 200, 255))
        for y in 10..<20 { for x in 0..<50 { image[x, y] = (UInt8(60 + 2 * x), 90, 230, 255) } }
        let before = image
        ComicFilter().apply(to: &image)
        for y in 0..<20 {
            for x in 0..<50 where y < 8 || y > 11 {
                let p = before[x, y]
                let expected = (ComicFilter.posterize(p.0), ComicFilter.posterize(p.1), ComicFilter.posterize(p.2), p.3)
                #expect(image[x, y] == expected, "at \(x), \(y)")
            }
        }
    }

    @Test func inkRampsBetweenThresholds() {
        #expect(ComicFilter.ink(magnitude: ComicFilter.edgeLow) == 1)
        #expect(ComicFilter.ink(magnitude: ComicFilter.edgeHigh) == 0)
        #expect(ComicFilter.ink(magnitude: (ComicFilter.edgeLow + ComicFilter.edgeHigh) / 2) == 0.5)
    }

    /// On a real portrait: some ink, mostly flat posterised colour.
    @Test func photoGetsLinesOverPosterisedColour() throws {
        var photo = try ImageFile.read(path: Fixtures.astronaut)
        ComicFilter().apply(to: &photo)
        let levels: Set<UInt8> = [0, 64, 128, 191, 255]
        var black = 0, posterised = 0
        let count = photo.width * photo.height
        for i in stride(from: 0, to: photo.pixels.count, by: 4) {
            let p = photo.pixels
            if p[i] < 16 && p[i + 1] < 16 && p[i + 2] < 16 { black += 1 }
            if levels.contains(p[i]) && levels.contains(p[i + 1]) && levels.contains(p[i + 2]) { posterised += 1 }
        }
        #expect(black > count / 50 && black < count / 2, "black \(black) of \(count)")
        #expect(posterised > count / 2, "posterised \(posterised) of \(count)")
    }
}
