import FaceSticker
import Testing

@Suite struct CanvasTests {
    static let white: (UInt8, UInt8, UInt8, UInt8) = (255, 255, 255, 255)
    static let red: (UInt8, UInt8, UInt8, UInt8) = (255, 0, 0, 255)

    /// An image of `width` x `height`, white except where `isRed` says.
    static func expected(_ width: Int, _ height: Int, isRed: (Int, Int) -> Bool) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: white)
        for y in 0..<height { for x in 0..<width where isRed(x, y) { image[x, y] = red } }
        return image
    }

    static func changed(_ image: RGBAImage) -> [(Int, Int)] {
        var points: [(Int, Int)] = []
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != white { points.append((x, y)) }
        }
        return points
    }

    @Test func horizontalLineCoversExactPixels() {
        var canvas = Canvas(width: 30, height: 10)
        canvas.line(from: Point(x: 10, y: 5.5), to: Point(x: 20, y: 5.5), color: .red)
        #expect(canvas.image == Self.expected(30, 10) { x, y in y == 5 && (10...19).contains(x) })
    }

    @Test func thickVerticalLineCoversExactPixels() {
        var canvas = Canvas(width: 12, height: 12)
        canvas.line(from: Point(x: 6, y: 2), to: Point(x: 6, y: 9), color: .red, thickness: 4)
        #expect(canvas.image == Self.expected(12, 12) { x, y in (4...7).contains(x) && (2...8).contains(y) })
    }

    /// A 1-pixel line on a pixel boundary covers half of each of two rows: red at alpha 128 over white.
    @Test func lineBetweenRowsIsHalfCovered() {
        var canvas = Canvas(width: 30, height: 10)
        canvas.line(from: Point(x: 10, y: 5), to: Point(x: 20, y: 5), color: .red)
        let half: (UInt8, UInt8, UInt8, UInt8) = (255, 127, 127, 255)
        #expect(canvas.image[12, 4] == half && canvas.image[12, 5] == half)
        #expect(canvas.image[12, 3] == Self.white && canvas.image[12, 6] == Self.white)
        #expect(canvas.image[9, 4] == Self.white && canvas.image[20, 5] == Self.white)
    }

    @Test func diagonalLineStaysNearItsAxis() {
        var canvas = Canvas(width: 40, height: 40)
        canvas.line(from: Point(x: 5, y: 5), to: Point(x: 35, y: 35), color: .red, thickness: 2)
        let touched = Self.changed(canvas.image)
        #expect(touched.count > 60)
        for (x, y) in touched {
            // Distance from the pixel centre to the line x = y, at most half the thickness plus a pixel's half-diagonal.
            #expect(abs(Double(x - y)) / 2.0.squareRoot() <= 1 + 0.71)
            #expect((4...35).contains(x) && (4...35).contains(y))
        }
        #expect(canvas.image[20, 20] == Self.red)
        // The line through pixel centres is symmetric about the other diagonal.
        for (x, y) in touched { #expect(canvas.image[39 - y, 39 - x] == canvas.image[x, y]) }
    }

    @Test(arguments: [1.0, 2.0])
    func rectangleOutlineCoversTheBorderPixels(thickness: Double) {
        var canvas = Canvas(width: 14, height: 12)
        canvas.stroke(Rect(x: 2, y: 3, width: 9, height: 7), color: .red, thickness: thickness)
        let t = Int(thickness)
        #expect(canvas.image == Self.expected(14, 12) { x, y in
            let inBox = (2...10).contains(x) && (3...9).contains(y)
            let inHole = (2 + t...10 - t).contains(x) && (3 + t...9 - t).contains(y)
            return inBox && !inHole
        })
    }

    @Test func thickOutlineOfASmallBoxIsFilled() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.stroke(Rect(x: 2, y: 2, width: 4, height: 3), color: .red, thickness: 5)
        #expect(canvas.image == Self.expected(10, 10) { x, y in (2...5).contains(x) && (2...4).contains(y) })
    }

    @Test func filledRectangleAndFractionalEdges() {
        var canvas = Canvas(width: 10, height: 6)
        canvas.fill(Rect(x: 1.5, y: 1, width: 2, height: 2), color: .red)
        #expect(canvas.image[2, 1] == Self.red && canvas.image[2, 2] == Self.red)
        #expect(canvas.image[1, 1] == (255, 127, 127, 255) && canvas.image[3, 2] == (255, 127, 127, 255))
        #expect(canvas.image[4, 1] == Self.white && canvas.image[2, 3] == Self.white)
        var flipped = Canvas(width: 10, height: 6)
        flipped.fill(Rect(x: 3.5, y: 3, width: -2, height: -2), color: .red)
        #expect(flipped.image == canvas.image)
    }

    /// Shapes hanging over each edge draw their inside part and nothing else.
    @Test(arguments: ["left", "right", "top", "bottom"])
    func clippingAtEachEdge(edge: String) {
        let w = 20, h = 16
        var canvas = Canvas(width: w, height: h)
        let (rect, expected): (Rect, (Int, Int) -> Bool) = switch edge {
        case "left": (Rect(x: -5, y: 4, width: 8, height: 3), { x, y in x < 3 && (4...6).contains(y) })
        case "right": (Rect(x: 17, y: 4, width: 8, height: 3), { x, y in x >= 17 && (4...6).contains(y) })
        case "top": (Rect(x: 4, y: -9, width: 3, height: 11), { x, y in (4...6).contains(x) && y < 2 })
        default: (Rect(x: 4, y: 14, width: 3, height: 100), { x, y in (4...6).contains(x) && y >= 14 })
        }
        canvas.fill(rect, color: .red)
        #expect(canvas.image == Self.expected(w, h, isRed: expected))

        var outlined = Canvas(width: w, height: h)
        outlined.stroke(rect, color: .red, thickness: 1)
        for (x, y) in Self.changed(outlined.image) { #expect(expected(x, y)) }

        // A line from the middle to far beyond the edge stops at the edge.
        var lined = Canvas(width: w, height: h)
        let (from, to, onLine): (Point, Point, (Int, Int) -> Bool) = switch edge {
        case "left": (Point(x: 10, y: 8.5), Point(x: -1e6, y: 8.5), { x, y in y == 8 && x < 10 })
        case "right": (Point(x: 10, y: 8.5), Point(x: 1e6, y: 8.5), { x, y in y == 8 && x >= 10 })
        case "top": (Point(x: 10.5, y: 8), Point(x: 10.5, y: -1e6), { x, y in x == 10 && y < 8 })
        default: (Point(x: 10.5, y: 8), Point(x: 10.5, y: 1e6), { x, y in x == 10 && y >= 8 })
        }
        lined.line(from: from, to: to, color: .red)
        #expect(lined.image == Self.expected(w, h, isRed: onLine))

        // A dot centred on the edge and text running off it draw only their inside parts.
        let onEdge = switch edge {
        case "left": Point(x: 0, y: 8)
        case "right": Point(x: 20, y: 8)
        case "top": Point(x: 10, y: 0)
        default: Point(x: 10, y: 16)
        }
        var marked = Canvas(width: w, height: h)
        marked.fillCircle(center: onEdge, radius: 3, color: .red)
        let dot = Self.changed(marked.image)
        #expect(dot.count >= 10 && dot.count <= 24)
        for (x, y) in dot {
            #expect(Point(x: Double(x) + 0.5, y: Double(y) + 0.5).distance(to: onEdge) < 3.5)
        }
        var written = Canvas(width: w, height: h)
        written.text("EDGE 100%", at: Point(x: onEdge.x - 8, y: onEdge.y - 6), color: .black, scale: 2)
        #expect(!Self.changed(written.image).isEmpty)
    }

    @Test func shapesEntirelyOutsideOrNotFiniteDrawNothing() {
        var canvas = Canvas(width: 10, height: 10)
        canvas.fill(Rect(x: 20, y: 0, width: 5, height: 5), color: .red)
        canvas.fill(Rect(x: .nan, y: 0, width: 5, height: 5), color: .red)
        canvas.fill(Rect(x: 0, y: 0, width: .infinity, height: 5), color: .red)
        canvas.line(from: Point(x: -50, y: -50), to: Point(x: -10, y: -30), color: .red, thickness: 3)
        canvas.line(from: .zero, to: Point(x: .infinity, y: 3), color: .red)
        canvas.line(from: Point(x: 2, y: 2), to: Point(x: 2, y: 2), color: .red)
        canvas.fillCircle(center: Point(x: 100, y: 100), radius: 5, color: .red)
        canvas.strokeCircle(center: Point(x: 5, y: 5), radius: .nan, color: .red)
        canvas.stroke(Rect(x: 1, y: 1, width: 5, height: 5), color: .red, thickness: 0)
        canvas.text("far", at: Point(x: 1e12, y: 0), color: .red)
        canvas.text("away", at: Point(x: 0, y: 30), color: .red, scale: 1_000_000)
        #expect(canvas.image == RGBAImage(width: 10, height: 10, fill: Self.white))
    }

    @Test func hugeShapesAreClippedNotOverflowed() {
        var canvas = Canvas(width: 8, height: 8)
        canvas.fill(Rect(x: -1e300, y: -1e300, width: 2e300, height: 2e300), color: .red)
        #expect(canvas.image == Self.expected(8, 8) { _, _ in true })
        var lined = Canvas(width: 8, height: 8)
        lined.line(from: Point(x: -1e9, y: 4.5), to: Point(x: 1e9, y: 4.5), color: .red)
        #expect(lined.image == Self.expected(8, 8) { _, y in y == 4 })
        // Beyond that precision runs out; it must still stay in bounds.
        lined.line(from: Point(x: -1e300, y: -1e300), to: Point(x: 1e300, y: 1e300), color: .red, thickness: 1e300)
        lined.strokeCircle(center: .zero, radius: 1e300, color: .red, thickness: 3)
        lined.text("x", at: Point(x: -1e8, y: -1e8), color: .red, scale: Int.max)
        #expect(lined.image.pixels.count == 8 * 8 * 4)
    }

    @Test func filledCircleHasTheDiscsArea() {
        var canvas = Canvas(width: 30, height: 30, background: .black)
        canvas.fillCircle(center: Point(x: 15, y: 15), radius: 6, color: .white)
        let covered = stride(from: 0, to: canvas.image.pixels.count, by: 4)
            .reduce(0.0) { $0 + Double(canvas.image.pixels[$1]) / 255 }
        #expect(abs(covered - Double.pi * 36) < 1.5, "covered \(covered)")
        #expect(canvas.image[15, 15] == (255, 255, 255, 255))
        #expect(canvas.image[15, 22] == (0, 0, 0, 255))
        for y in 0..<30 { for x in 0..<30 { #expect(canvas.image[x, y] == canvas.image[29 - x, y]) } }
    }

    @Test func ringLeavesTheMiddleAlone() {
        var canvas = Canvas(width: 30, height: 30)
        canvas.strokeCircle(center: Point(x: 15, y: 15), radius: 8, color: .red, thickness: 2)
        #expect(canvas.image[15, 15] == Self.white)
        #expect(canvas.image[22, 15] == Self.red)   // centre 22.5: 7.5 from the middle, inside the 7...9 band
        #expect(canvas.image[26, 15] == Self.white)
    }

    @Test func translucentColoursBlendOver() {
        var canvas = Canvas(width: 3, height: 1, background: .blue)
        canvas.fill(Rect(x: 0, y: 0, width: 1, height: 1), color: Canvas.Color.red.opacity(0.5))
        #expect(canvas.image[0, 0] == (128, 0, 127, 255))
        // Over a transparent pixel the colour keeps its own alpha.
        canvas.image[1, 0] = (0, 0, 0, 0)
        canvas.fill(Rect(x: 1, y: 0, width: 1, height: 1), color: Canvas.Color.red.opacity(0.5))
        #expect(canvas.image[1, 0] == (255, 0, 0, 128))
        // Half over half: alpha 128 + 128 * 127 / 255 = 192, colour weighted 128 : 64.
        canvas.image[2, 0] = (0, 0, 255, 128)
        canvas.fill(Rect(x: 2, y: 0, width: 1, height: 1), color: Canvas.Color.red.opacity(0.5))
        let p = canvas.image[2, 0]
        #expect(p.3 == 192 && p.0 == 170 && p.1 == 0 && p.2 == 85)
    }

    @Test func polylineJoinsItsPoints() {
        var canvas = Canvas(width: 30, height: 30)
        let points = [Point(x: 2.5, y: 27.5), Point(x: 10.5, y: 10.5), Point(x: 20.5, y: 20.5), Point(x: 27.5, y: 2.5)]
        canvas.polyline(points, color: .red, thickness: 2)
        for p in points.dropFirst().dropLast() { #expect(canvas.image[Int(p.x), Int(p.y)] == Self.red) }
        #expect(canvas.image[15, 15] == Self.red)
        #expect(canvas.image[2, 2] == Self.white)
    }
}
