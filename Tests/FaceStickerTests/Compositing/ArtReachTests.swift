@testable import FaceSticker
import Testing

/// Drawing visits only the pixels the art's visible part can reach: checked
/// against a scan of the placement's whole box, which must find nothing more.
@Suite struct ArtReachTests {
    /// 40x30 art, transparent but for an opaque 12x6 bar off-centre, and one
    /// half-transparent texel touching the right edge (sampling clamps there).
    static let art: StickerArt = {
        var image = RGBAImage(width: 40, height: 30, fill: (0, 0, 0, 0))
        for y in 8..<14 { for x in 5..<17 { image[x, y] = (200, 40, 90, 255) } }
        image[39, 20] = (10, 220, 30, 128)
        return StickerArt(image)
    }()

    static let placements: [Sticker.Placement] = [0.0, 17, 90, 133.5, 200].flatMap { angle in
        [Size(width: 40, height: 30), Size(width: 13, height: 9.5), Size(width: 95, height: 71)].map { size in
            Sticker.Placement(center: Point(x: 37.3, y: 28.8), size: size, angle: angle)
        }
    } + [Sticker.Placement(center: Point(x: -10, y: 3), size: Size(width: 80, height: 60), angle: 30)]

    /// Every pixel of the placement's box with what the sampler gives there, as `draw` did before it skipped any.
    static func scan(_ placement: Sticker.Placement, width: Int, height: Int) -> [Int: SIMD4<Float>] {
        let level = art.level(for: placement.size)
        let sampler = Sampler(level: level)
        let (cosine, sine) = Compositor.rotation(placement.angle)
        let size = placement.size, c = placement.center
        var found: [Int: SIMD4<Float>] = [:]
        level.pixels.withUnsafeBufferPointer { texels in
            for y in 0..<height {
                for x in 0..<width {
                    let dx = Double(x) + 0.5 - c.x, dy = Double(y) + 0.5 - c.y
                    let a = dx * cosine + dy * sine, b = -dx * sine + dy * cosine
                    let insideA = size.width / 2 - abs(a), insideB = size.height / 2 - abs(b)
                    guard insideA > -0.5, insideB > -0.5 else { continue }
                    let coverage = Float(min(insideA + 0.5, 1) * min(insideB + 0.5, 1))
                    let u = a * Double(level.width) / size.width + Double(level.width) / 2 - 0.5
                    let v = b * Double(level.height) / size.height + Double(level.height) / 2 - 0.5
                    let source = sampler.sample(texels, u: u, v: v) * coverage
                    if source.w > 0.001 { found[y * width + x] = source }
                }
            }
        }
        return found
    }

    @Test(arguments: placements)
    func skipsOnlyPixelsThatWouldDrawNothing(_ placement: Sticker.Placement) {
        let width = 90, height = 70
        var visited: [Int: SIMD4<Float>] = [:]
        Compositor.forEachPixel(of: Self.art, at: placement, width: width, height: height) { x, y, source in
            visited[y * width + x] = source
        }
        let expected = Self.scan(placement, width: width, height: height)
        #expect(!expected.isEmpty)
        #expect(visited == expected)
    }

    @Test func allTransparentArtReachesNothing() {
        let clear = StickerArt(RGBAImage(width: 8, height: 8, fill: (255, 255, 255, 0)))
        var visits = 0
        Compositor.forEachPixel(of: clear, at: Sticker.Placement(center: Point(x: 4, y: 4), size: Size(width: 8, height: 8),
                                                                angle: 0),
                                width: 16, height: 16) { _, _, _ in visits += 1 }
        #expect(visits == 0)
    }
}
