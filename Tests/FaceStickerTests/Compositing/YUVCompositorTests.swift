@testable import FaceSticker
import Testing

/// Stickers blended straight into YUV frames agree with blending in RGB and
/// converting back, and leave every other byte alone.
@Suite struct YUVCompositorTests {
    static let bt709 = YUVMatrix(matrix: "bt709", fullRange: false)

    /// A frame with a luma ramp and varied chroma, all inside the RGB gamut (so the
    /// round trip clamps nothing), odd-sized so edge blocks are partial.
    static func frame() -> YUVFrame {
        var frame = YUVFrame(width: 61, height: 45, y: 0)
        for i in 0..<frame.uOffset { frame.data[i] = UInt8(50 + (i * 7) % 150) }
        for i in frame.uOffset..<frame.data.count { frame.data[i] = UInt8(118 + (i * 13) % 21) }
        return frame
    }

    /// Soft-edged art: a disc whose alpha falls off, in two colours.
    static let art: StickerArt = {
        var image = RGBAImage(width: 32, height: 32, fill: (0, 0, 0, 0))
        for y in 0..<32 {
            for x in 0..<32 {
                let d = ((Double(x) - 15.5) * (Double(x) - 15.5) + (Double(y) - 15.5) * (Double(y) - 15.5)).squareRoot()
                let alpha = max(0, min(255, (16 - d) * 40))
                image[x, y] = x < 16 ? (230, 30, 60, UInt8(alpha)) : (20, 200, 250, UInt8(alpha))
            }
        }
        return StickerArt(image)
    }()

    @Test(arguments: [(30.0, 22.0, 0.0, 24.0), (58.5, 44.0, 25.0, 30.0), (10.0, 5.0, 200.0, 14.0)])
    func matchesBlendingInRGB(x: Double, y: Double, angle: Double, side: Double) {
        let placement = Sticker.Placement(center: Point(x: x, y: y), size: Size(width: side, height: side), angle: angle)
        let before = Self.frame()
        var direct = before
        YUVCompositor.draw(Self.art, at: placement, onto: &direct, matrix: Self.bt709)
        // The reference: through RGBA and back, as the filter path does.
        let original = YUVConversion.rgba(before, matrix: Self.bt709)
        var image = original
        Compositor.draw(Self.art, at: placement, onto: &image)
        var viaRGB = before
        YUVConversion.write(image, original: original, into: &viaRGB, matrix: Self.bt709)
        var worst = 0, changed = 0
        for i in before.data.indices {
            worst = max(worst, abs(Int(direct.data[i]) - Int(viaRGB.data[i])))
            if direct.data[i] != before.data[i] { changed += 1 }
        }
        #expect(changed > 20, "the sticker drew")
        // The RGB round trip rounds to 8 bits twice more than blending in YUV does.
        #expect(worst <= 2, "largest difference \(worst)")
    }

    @Test func opaqueArtTakesItsOwnColour() {
        var frame = YUVFrame(width: 40, height: 40, y: 100, u: 60, v: 200)
        let red = StickerArt(RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)))
        YUVCompositor.draw(red, at: Sticker.Placement(center: Point(x: 20, y: 20), size: Size(width: 8, height: 8), angle: 0),
                           onto: &frame, matrix: Self.bt709)
        let inside = 20 * 40 + 20, chroma = 10 * frame.chromaWidth + 10
        #expect(frame.data[inside] == Self.bt709.luma(255, 0, 0))
        let (u, v) = Self.bt709.chroma(r: 255, g: 0, b: 0, count: 1)
        #expect(frame.data[frame.uOffset + chroma] == u && frame.data[frame.vOffset + chroma] == v)
        // Outside the 8x8 square (whole chroma blocks 8...11), nothing moved.
        #expect(frame.data[10 * 40 + 10] == 100 && frame.data[frame.uOffset + 3 * frame.chromaWidth + 3] == 60)
    }
}
