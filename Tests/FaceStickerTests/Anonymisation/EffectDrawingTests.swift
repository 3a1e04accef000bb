import FaceSticker
import Foundation
import Testing

/// The effects' pixels: what they change (only the region, soft at its edge,
/// alpha kept), what they make of it, and the same on YUV video frames.
@Suite struct EffectDrawingTests {
    /// A 160x120 checkerboard of 4-pixel squares, alpha 200: detail a blur must remove.
    static func checkerboard(width: Int = 160, height: Int = 120) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let on = (x / 4 + y / 4) % 2 == 0
                image[x, y] = on ? (230, 200, 20, 200) : (20, 40, 220, 200)
            }
        }
        return image
    }

    static let region = Sticker.Placement(center: Point(x: 80, y: 60), size: Size(width: 60, height: 80), angle: 0)

    static func effect(_ spec: String, shape: Anonymisation.MaskShape = .ellipse) throws -> Anonymisation.Effect {
        var effect = try #require(try Anonymisation.Effect.parse(spec))
        effect.mask.shape = shape
        return effect
    }

    /// The spread of the red channel over a square around (x, y).
    static func spread(_ image: RGBAImage, x: Int, y: Int, radius: Int = 6) -> Int {
        var values: [Int] = []
        for dy in -radius...radius { for dx in -radius...radius { values.append(Int(image[x + dx, y + dy].0)) } }
        return (values.max() ?? 0) - (values.min() ?? 0)
    }

    @Test(arguments: ["blur", "blur:2", "pixelate", "solid:#102030"], [Anonymisation.MaskShape.ellipse, .box])
    func onlyTheRegionChangesAndAlphaIsKept(spec: String, shape: Anonymisation.MaskShape) throws {
        let before = Self.checkerboard()
        var after = before
        try Self.effect(spec, shape: shape).apply(at: Self.region, to: &after)
        var changed = 0
        for y in 0..<before.height {
            for x in 0..<before.width {
                let (a, b) = (before[x, y], after[x, y])
                #expect(a.3 == b.3, "alpha kept at \(x),\(y)")
                guard a != b else { continue }
                changed += 1
                // Inside the box 50...110 x 20...100 (and, for the ellipse, inside it).
                let u = (Double(x) + 0.5 - 80) / 30, v = (Double(y) + 0.5 - 60) / 40
                let inside = shape == .box ? abs(u) <= 1 && abs(v) <= 1 : u * u + v * v <= 1
                #expect(inside, "\(spec) changed \(x),\(y), outside its \(shape) region")
            }
        }
        #expect(changed > 1500, "\(spec) changed \(changed) pixels")
        // A box covers its corners; an ellipse leaves them.
        #expect((before[52, 22] != after[52, 22]) == (shape == .box))
    }

    @Test func blurRemovesDetailMoreAsStrengthGrows() throws {
        var spreads: [Int] = []
        for strength in [1, 4, 8, Int(Anonymisation.Effect.defaultStrength)] {
            var image = Self.checkerboard()
            try Self.effect("blur:\(strength)").apply(at: Self.region, to: &image)
            spreads.append(Self.spread(image, x: 80, y: 60))
        }
        #expect(spreads[0] > spreads[1] && spreads[1] > spreads[2] && spreads[2] >= spreads[3], "\(spreads)")
        #expect(spreads[3] <= 4, "the default blur leaves a flat centre: \(spreads)")
        #expect(Self.spread(Self.checkerboard(), x: 80, y: 60) == 210)
    }

    /// The outline fades: between the untouched outside and the full effect inside there are in-between pixels.
    @Test func theEdgeIsSoft() throws {
        var image = Self.checkerboard()
        try Self.effect("solid:#ffffff").apply(at: Self.region, to: &image)
        #expect(image[80, 60] == (255, 255, 255, 200))
        // Along the row through the centre, from the left edge (x = 50) inwards.
        let reds = (48...60).map { Int(image[$0, 60].2) }
        let partial = (48...60).filter { x in
            let (r, g, b, _) = image[x, 60]
            return (r, g, b) != (255, 255, 255) && (r, g, b) != (230, 200, 20) && (r, g, b) != (20, 40, 220)
        }
        #expect(partial.count >= 2, "blues along the edge: \(reds)")
    }

    @Test func pixelateMakesBlocksOfOneColour() throws {
        var image = Self.checkerboard()
        // 60 px wide, 3 blocks: 20-pixel blocks from the region's corner (50, 20); (60...69, 70...79) is in one.
        try Self.effect("pixelate:3").apply(at: Self.region, to: &image)
        let colour = image[62, 62]
        for y in 62..<76 { for x in 60..<68 { #expect(image[x, y] == colour, "\(x),\(y)") } }
        #expect(colour != Self.checkerboard()[62, 62] && colour != Self.checkerboard()[66, 62], "averaged: \(colour)")
    }

    /// Regions half off the picture, tiny, empty or not finite: what is inside is done, nothing fails.
    @Test(arguments: [
        Sticker.Placement(center: Point(x: -10, y: 60), size: Size(width: 60, height: 80), angle: 0),
        Sticker.Placement(center: Point(x: 170, y: 130), size: Size(width: 60, height: 80), angle: 0),
        Sticker.Placement(center: Point(x: 80, y: 60), size: Size(width: 0.2, height: 0.2), angle: 0),
        Sticker.Placement(center: Point(x: 80, y: 60), size: Size(width: 1e9, height: 1e9), angle: 0),
        Sticker.Placement(center: Point(x: .nan, y: 60), size: Size(width: 60, height: 80), angle: 0),
        Sticker.Placement(center: Point(x: 80, y: 60), size: Size(width: .infinity, height: 80), angle: 0),
        Sticker.Placement(center: Point(x: 500, y: 500), size: Size(width: 60, height: 80), angle: 0),
        Sticker.Placement(center: Point(x: 80, y: 60), size: Size(width: 60, height: 80), angle: 33),
    ])
    func oddRegionsAreSafe(region: Sticker.Placement) throws {
        for spec in ["blur:50", "pixelate:64", "solid"] {
            var image = Self.checkerboard()
            try Self.effect(spec).apply(at: region, to: &image)
            var frame = YUVFrame(width: 161, height: 121, y: 100)
            try Self.effect(spec).apply(at: region, to: &frame, matrix: YUVMatrix(matrix: "bt709", fullRange: false))
        }
    }

    /// On a YUV frame the effect matches the RGBA one within a few levels (it is linear).
    @Test(arguments: ["blur", "pixelate", "solid:#c08040"])
    func yuvMatchesRGBA(spec: String) throws {
        let matrix = YUVMatrix(matrix: "bt709", fullRange: false)
        var rgba = Self.checkerboard()
        for i in stride(from: 3, to: rgba.pixels.count, by: 4) { rgba.pixels[i] = 255 }
        var frame = YUVFrame(width: rgba.width, height: rgba.height, y: 16)
        YUVConversion.write(rgba, original: RGBAImage(width: rgba.width, height: rgba.height), into: &frame, matrix: matrix)
        let effect = try Self.effect(spec)
        var expected = YUVConversion.rgba(frame, matrix: matrix)
        effect.apply(at: Self.region, to: &expected)
        effect.apply(at: Self.region, to: &frame, matrix: matrix)
        let got = YUVConversion.rgba(frame, matrix: matrix)
        // The middle of the region, away from chroma's coarser outline.
        for y in 45..<75 {
            for x in 65..<95 {
                let (a, b) = (got[x, y], expected[x, y])
                let diff = max(abs(Int(a.0) - Int(b.0)), abs(Int(a.1) - Int(b.1)), abs(Int(a.2) - Int(b.2)))
                #expect(diff <= 12, "\(spec) at \(x),\(y): \(a) vs \(b)")
            }
        }
    }

    /// The renderer draws an effect sticker over each chosen face's grown box.
    @Test func rendererDrawsEffectsOnChosenFaces() throws {
        let faces = [Face(box: Rect(x: 20, y: 30, width: 30, height: 40), score: 1),
                     Face(box: Rect(x: 100, y: 30, width: 40, height: 50), score: 1)]
        var renderer = StickerRenderer(stickers: [Sticker(effect: try Self.effect("solid:#ff00ff"))])
        var all = Self.checkerboard()
        renderer.render(&all, faces: faces)
        #expect(all[35, 50] == (255, 0, 255, 200) && all[120, 55] == (255, 0, 255, 200))
        renderer.choice = FaceChoice(selection: .largest)
        var one = Self.checkerboard()
        renderer.render(&one, faces: faces)
        #expect(one[35, 50] == Self.checkerboard()[35, 50] && one[120, 55] == (255, 0, 255, 200))
    }

    /// In video the effect follows the track's smoothed placement, on the YUV frame.
    @Test func trackPainterDrawsEffectsOnFrames() throws {
        var painter = TrackPainter(stickers: [Sticker(effect: try Self.effect("solid:#ffffff"))])
        let face = Face(box: Rect(x: 60, y: 30, width: 40, height: 50), score: 1)
        let painted = painter.place([TrackedFace(id: 0, face: face, source: .detected)], interval: 0.04)
        let placement = try #require(painted.first?.placements.first)
        #expect(placement == Anonymisation.Mask().region(on: FacePose(face: face)))
        let matrix = YUVMatrix(matrix: "bt709", fullRange: false)
        var frame = YUVFrame(width: 160, height: 120, y: 16)
        painter.draw(painted, onto: &frame, matrix: matrix)
        #expect(frame.data[55 * 160 + 80] == 235, "white in limited range")
        #expect(frame.data[5 * 160 + 5] == 16)
    }
}
