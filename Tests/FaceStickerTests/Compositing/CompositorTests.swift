import FaceSticker
import Testing

/// Exact pixels on small synthetic images: each expected value is worked out
/// by hand from premultiplied "over", out = src * a + dst * (1 - a), rounded
/// to nearest, and from pixel centres mapping onto art pixel centres.
@Suite struct CompositorTests {
    typealias Pixel = (UInt8, UInt8, UInt8, UInt8)

    static func art(_ width: Int, _ height: Int, _ pixels: [Pixel]) -> RGBAImage {
        RGBAImage(width: width, height: height, pixels: pixels.flatMap { [$0.0, $0.1, $0.2, $0.3] })
            ?? RGBAImage(width: 0, height: 0)
    }

    /// 3x3 opaque art, every pixel different.
    static let nine = art(3, 3, (0..<9).map { (i: Int) -> Pixel in
        (UInt8(20 + i * 25), UInt8(230 - i * 20), UInt8(i * 9), 255)
    })

    static func same(_ a: Pixel, _ b: Pixel) -> Bool { a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && a.3 == b.3 }

    @Test func opaqueArtIsCopiedExactly() {
        let background: Pixel = (10, 20, 30, 255)
        var image = RGBAImage(width: 6, height: 4, fill: background)
        let art = Self.art(2, 2, [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)])
        Compositor.draw(art, at: Sticker.Placement(center: Point(x: 3, y: 2), size: Size(width: 2, height: 2), angle: 0),
                        onto: &image)
        for y in 0..<4 {
            for x in 0..<6 {
                let inside = (2...3).contains(x) && (1...2).contains(y)
                let want = inside ? art[x - 2, y - 1] : background
                #expect(Self.same(image[x, y], want), "(\(x),\(y)): \(image[x, y])")
            }
        }
    }

    @Test func transparentArtChangesNothing() {
        var image = RGBAImage(width: 5, height: 5, fill: (90, 80, 70, 255))
        let before = image
        // Colour under zero alpha must not leak through.
        let art = Self.art(2, 2, Array(repeating: (255, 0, 255, 0), count: 4))
        Compositor.draw(art, at: Sticker.Placement(center: Point(x: 2.5, y: 2.5), size: Size(width: 3.7, height: 3.7),
                                                  angle: 17), onto: &image)
        #expect(image == before)
    }

    @Test func halfTransparentOverOpaqueAndOverHalfTransparent() {
        let art = Self.art(1, 1, [(200, 100, 0, 128)])
        let place = Sticker.Placement(center: Point(x: 0.5, y: 0.5), size: Size(width: 1, height: 1), angle: 0)
        // Opaque blue: r = 200 * 128/255 = 100.39 -> 100, g = 50.20 -> 50, b = 255 * 127/255 = 127.
        var opaque = RGBAImage(width: 1, height: 1, fill: (0, 0, 255, 255))
        Compositor.draw(art, at: place, onto: &opaque)
        #expect(Self.same(opaque[0, 0], (100, 50, 127, 255)), "\(opaque[0, 0])")
        // Straight (40, 0, 255, 128) below: alpha = 128 + 128 * 127/255 = 191.75 -> 192, and each
        // colour is (src * 128/255 + dst * 128/255 * 127/255) / (191.75/255):
        // r = (100.39 + 10.04) / 0.75196 = 146.81 -> 147, g = 50.20 / 0.75196 = 66.75 -> 67,
        // b = (255 * 0.25098) / 0.75196 = 84.78 -> 85.
        var seeThrough = RGBAImage(width: 1, height: 1, fill: (40, 0, 255, 128))
        Compositor.draw(art, at: place, onto: &seeThrough)
        #expect(Self.same(seeThrough[0, 0], (147, 67, 85, 192)), "\(seeThrough[0, 0])")
        // Onto nothing, art stays itself.
        var empty = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 0))
        Compositor.draw(art, at: place, onto: &empty)
        #expect(Self.same(empty[0, 0], (200, 100, 0, 128)), "\(empty[0, 0])")
    }

    @Test func quarterTurnClockwiseIsExact() {
        // 3x2 art turned 90 degrees clockwise covers 2x3 pixels at (4...5, 4...6):
        // its top row becomes the right column, read top to bottom.
        let art = Self.art(3, 2, (0..<6).map { (i: Int) -> Pixel in (UInt8(40 * i), UInt8(200 - 30 * i), 7, 255) })
        let background: Pixel = (1, 2, 3, 255)
        var image = RGBAImage(width: 9, height: 9, fill: background)
        Compositor.draw(art, at: Sticker.Placement(center: Point(x: 5, y: 5.5), size: Size(width: 3, height: 2), angle: 90),
                        onto: &image)
        for y in 0..<9 {
            for x in 0..<9 {
                let inside = (4...5).contains(x) && (4...6).contains(y)
                // Dest (4 + i, 4 + j) shows art (j, 1 - i).
                let want = inside ? art[y - 4, 1 - (x - 4)] : background
                #expect(Self.same(image[x, y], want), "(\(x),\(y)): \(image[x, y]) want \(want)")
            }
        }
        #expect(Compositor.bounds(of: Sticker.Placement(center: Point(x: 5, y: 5.5), size: Size(width: 3, height: 2),
                                                       angle: 90)) == Rect(x: 4, y: 4, width: 2, height: 3))
    }

    /// Art centres that push one row or column of the 3x3 art off each edge of a 5x5 image.
    @Test(arguments: [("left", 0.5, 2.5), ("right", 4.5, 2.5), ("top", 2.5, 0.5), ("bottom", 2.5, 4.5),
                      ("top-left corner", -0.5, -0.5)])
    func clippedAtTheEdge(edge: String, cx: Double, cy: Double) {
        let background: Pixel = (5, 5, 5, 255)
        var image = RGBAImage(width: 5, height: 5, fill: background)
        Compositor.draw(Self.nine, at: Sticker.Placement(center: Point(x: cx, y: cy), size: Size(width: 3, height: 3),
                                                        angle: 0), onto: &image)
        let left = Int(cx - 1.5), top = Int(cy - 1.5)
        var shown = 0
        for y in 0..<5 {
            for x in 0..<5 {
                let ax = x - left, ay = y - top
                let inside = (0..<3).contains(ax) && (0..<3).contains(ay)
                if inside { shown += 1 }
                let want = inside ? Self.nine[ax, ay] : background
                #expect(Self.same(image[x, y], want), "\(edge) (\(x),\(y)): \(image[x, y])")
            }
        }
        #expect(shown == (edge == "top-left corner" ? 1 : 6))
    }

    @Test func placementsThatCannotBeDrawnChangeNothing() {
        var image = RGBAImage(width: 8, height: 8, fill: (9, 9, 9, 255))
        let before = image
        let bad = [
            Sticker.Placement(center: Point(x: -50, y: 4), size: Size(width: 3, height: 3), angle: 0),
            Sticker.Placement(center: Point(x: 4, y: 4), size: Size(width: 0, height: 3), angle: 0),
            Sticker.Placement(center: Point(x: 4, y: 4), size: Size(width: -3, height: 3), angle: 0),
            Sticker.Placement(center: Point(x: .nan, y: 4), size: Size(width: 3, height: 3), angle: 0),
            Sticker.Placement(center: Point(x: 4, y: 4), size: Size(width: .infinity, height: 3), angle: 0),
            Sticker.Placement(center: Point(x: 4, y: 4), size: Size(width: 3, height: 3), angle: .nan),
            Sticker.Placement(center: Point(x: 1e300, y: -1e300), size: Size(width: 1e300, height: 3), angle: 0),
            Sticker.Placement(center: Point(x: 4, y: 4), size: Size(width: .leastNonzeroMagnitude, height: 3), angle: 0),
        ]
        for placement in bad { Compositor.draw(Self.nine, at: placement, onto: &image) }
        Compositor.draw(RGBAImage(width: 0, height: 0), at: bad[0], onto: &image)
        #expect(image == before)
    }

    /// White art with a soft edge, whose transparent pixels are black, drawn on
    /// white: any black leaking through the filtering shows as a darker pixel.
    @Test(arguments: [(53.0, 30.0), (3.0, 0.0), (5.5, 45.0), (8.0, 90.0)])
    func softEdgesHaveNoDarkFringe(size: Double, angle: Double) {
        var pixels: [Pixel] = []
        for y in 0..<8 {
            for x in 0..<8 {
                let inner = (2...5).contains(x) && (2...5).contains(y)
                let ring = (1...6).contains(x) && (1...6).contains(y)
                pixels.append(inner ? (255, 255, 255, 255) : ring ? (255, 255, 255, 100) : (0, 0, 0, 0))
            }
        }
        var image = RGBAImage(width: 80, height: 80, fill: (255, 255, 255, 255))
        Compositor.draw(Self.art(8, 8, pixels), at: Sticker.Placement(center: Point(x: 40.3, y: 39.6),
                                                                    size: Size(width: size, height: size), angle: angle),
                        onto: &image)
        let darkest = image.pixels.min() ?? 0
        #expect(darkest == 255, "darkest channel \(darkest)")
    }

    @Test func shrinkingAveragesEverySourcePixel() {
        // One white pixel in 4x4 black art drawn 1 pixel large: the average is 255/16 = 15.9 -> 16.
        // Plain bilinear sampling at the centre would only see the four black middle pixels.
        var pixels = Array(repeating: Pixel(0, 0, 0, 255), count: 16)
        pixels[0] = (255, 255, 255, 255)
        var image = RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 255))
        Compositor.draw(Self.art(4, 4, pixels), at: Sticker.Placement(center: Point(x: 0.5, y: 0.5),
                                                                    size: Size(width: 1, height: 1), angle: 0),
                        onto: &image)
        #expect(Self.same(image[0, 0], (16, 16, 16, 255)), "\(image[0, 0])")
    }

    @Test func enlargingInterpolatesBetweenPixels() {
        // 2x1 art, black then white, drawn 4x1: pixel centres fall at art x = 0.25, 0.75, 1.25, 1.75,
        // clamped to the art's pixel centres at the ends: 0, 0.25 * 255 = 63.75 -> 64, 191.25 -> 191, 255.
        let art = Self.art(2, 1, [(0, 0, 0, 255), (255, 255, 255, 255)])
        var image = RGBAImage(width: 4, height: 1, fill: (0, 0, 255, 255))
        Compositor.draw(art, at: Sticker.Placement(center: Point(x: 2, y: 0.5), size: Size(width: 4, height: 1), angle: 0),
                        onto: &image)
        #expect(image.pixels.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [0, 64, 191, 255])
    }

    /// A skewed placement draws a parallelogram: opaque art 8 wide and 4 tall leaning
    /// 45 degrees clockwise covers, each row lower, pixels one column further left, and
    /// none outside; square (skew 0) it is the rectangle, exactly as before.
    @Test func aSkewedPlacementDrawsAParallelogram() {
        let white: Pixel = (255, 255, 255, 255), black: Pixel = (0, 0, 0, 255)
        let art = Self.art(8, 4, Array(repeating: white, count: 32))
        var square = RGBAImage(width: 20, height: 10, fill: black), leaning = square
        Compositor.draw(art, at: Sticker.Placement(center: Point(x: 10, y: 5), size: Size(width: 8, height: 4), angle: 0),
                        onto: &square)
        Compositor.draw(art, at: Sticker.Placement(center: Point(x: 10, y: 5), size: Size(width: 8, height: 4), angle: 0,
                                                   skew: 45), onto: &leaning)
        for y in 0..<10 {
            for x in 0..<20 {
                #expect(Self.same(square[x, y], (3...4).contains(y) || (5...6).contains(y) ? ((6..<14).contains(x) ? white : black)
                                  : black), "square (\(x),\(y))")
            }
        }
        // Leaning 45 degrees clockwise, the sides run down and to the left: each row's
        // centre (y + 0.5 - 5 below the middle) moves -(y + 0.5 - 5) across. The sides,
        // 4 long, reach 2.83 rows up and down: rows 4 and 5 whole, 3 and 6 in part.
        for y in 4...5 {
            let shift = -(Double(y) + 0.5 - 5)
            for x in 0..<20 {
                let u = Double(x) + 0.5 - 10 - shift
                if abs(u) < 3.4 { #expect(Self.same(leaning[x, y], white), "leaning (\(x),\(y)) inside") }
                if abs(u) > 4.6 { #expect(Self.same(leaning[x, y], black), "leaning (\(x),\(y)) outside") }
            }
        }
        for y in [0, 1, 2, 7, 8, 9] { for x in 0..<20 { #expect(Self.same(leaning[x, y], black), "(\(x),\(y))") } }
    }
}
