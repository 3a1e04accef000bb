import Foundation
import FaceStickerCore

/// Draws sticker art onto images: premultiplied-alpha "over", bilinear
/// sampling from the art's nearest halved copy, rounded to nearest.
///
/// Pixel (x, y) covers [x, x + 1) x [y, y + 1) and is sampled at its centre;
/// a placement whose size equals the art's, at angle 0 and with a centre that
/// puts the art's corners on whole pixels, copies the art's pixels exactly.
/// The art's border is antialiased by the share of each pixel it covers.
/// Only pixels the art's visible part can reach (clipped to the image) are visited.
package enum Compositor {
    /// Draws straight-alpha `art` (prepared on the fly: prefer the
    /// `StickerArt` overload when drawing the same art again).
    package static func draw(_ art: RGBAImage, at placement: Sticker.Placement, onto image: inout RGBAImage) {
        draw(StickerArt(art), at: placement, onto: &image)
    }

    /// Draws prepared art so that its centre lands on `placement.center`, its
    /// size is `placement.size` and it is turned `placement.angle` degrees
    /// clockwise, its sides leaning `placement.skew` degrees from square.
    /// Parts outside the image are clipped; degenerate placements (under a
    /// thousandth of a pixel, non-finite) draw nothing.
    package static func draw(_ art: StickerArt, at placement: Sticker.Placement, onto image: inout RGBAImage) {
        let width = image.width, height = image.height
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            forEachPixel(of: art, at: placement, width: width, height: height) { x, y, source in
                blend(source, into: pixels, at: (y * width + x) * 4)
            }
        }
    }

    /// Calls `body(x, y, source)` for each pixel of a `width` x `height` image
    /// that drawing `art` at `placement` changes, row by row from the top,
    /// where `source` is the premultiplied colour (0...255) to put over it,
    /// already scaled by the share of the pixel the art covers. The geometry
    /// of `draw`, for any pixel store (RGBA images, YUV video frames).
    @inline(__always)
    package static func forEachPixel(of art: StickerArt, at placement: Sticker.Placement, width: Int, height: Int,
                             _ body: (Int, Int, SIMD4<Float>) -> Void) {
        let size = placement.size
        guard art.width > 0, art.height > 0, width > 0, height > 0,
              size.width >= 0.001, size.height >= 0.001, size.width.isFinite, size.height.isFinite,
              placement.center.x.isFinite, placement.center.y.isFinite, placement.angle.isFinite
        else { return }
        let level = art.level(for: size)
        guard let reach = ArtReach(level: level, size: size) else { return }
        let (across, down) = placement.axes
        // The art's frame from the picture's: the inverse of [across down], a rotation's
        // transpose when the placement is not skewed (det taken as exactly 1, as it is).
        let det = placement.skew == 0 ? 1 : across.x * down.y - across.y * down.x
        guard det > 0.5 else { return }
        let box = reach.bounds(center: placement.center, across: across, down: down)
        let left = pixelIndex((box.minX - 1).rounded(.down), limit: Double(width))
        let right = pixelIndex((box.maxX + 1).rounded(.up), limit: Double(width))
        let top = pixelIndex((box.minY - 1).rounded(.down), limit: Double(height))
        let bottom = pixelIndex((box.maxY + 1).rounded(.up), limit: Double(height))
        guard left < right, top < bottom else { return }

        // Each destination pixel centre, in the art's own frame (drawn pixels
        // from its centre, x along its top edge), is affine in (x, y).
        let cx = placement.center.x, cy = placement.center.y
        let perX = (a: down.y / det, b: -across.y / det), perY = (a: -down.x / det, b: across.x / det)
        let origin = (a: (0.5 - cx) * perX.a + (0.5 - cy) * perY.a, b: (0.5 - cx) * perX.b + (0.5 - cy) * perY.b)
        let halfWidth = size.width / 2, halfHeight = size.height / 2
        let kx = Double(level.width) / size.width, ky = Double(level.height) / size.height
        let shiftU = Double(level.width) / 2 - 0.5, shiftV = Double(level.height) / 2 - 0.5
        let sampler = Sampler(level: level)
        let clip = placement.clip.map(ConvexPolygon.Coverage.init)
        level.pixels.withUnsafeBufferPointer { texels in
            for y in top..<bottom {
                let rowA = origin.a + Double(y) * perY.a, rowB = origin.b + Double(y) * perY.b
                let centreY = Double(y) + 0.5
                let whole = clip?.wholeSpan(y: centreY)
                for x in reach.span(a0: rowA, da: perX.a, b0: rowB, db: perX.b, limit: left..<right) {
                    let a = rowA + Double(x) * perX.a, b = rowB + Double(x) * perX.b
                    guard reach.contains(a: a, b: b) else { continue }
                    // How far inside the art's edges (and the clip's), in pixels: the share of the pixel it covers.
                    var coverage = Float(min(halfWidth - abs(a) + 0.5, 1) * min(halfHeight - abs(b) + 0.5, 1))
                    if let clip {
                        let centreX = Double(x) + 0.5
                        if !(whole?.contains(centreX) ?? false) {
                            coverage *= Float(clip.at(x: centreX, y: centreY))
                            guard coverage > 0 else { continue }
                        }
                    }
                    let source = sampler.sample(texels, u: a * kx + shiftU, v: b * ky + shiftV) * coverage
                    guard source.w > 0.001 else { continue }
                    body(x, y, source)
                }
            }
        }
    }

    /// The axis-aligned box the placed art covers.
    package static func bounds(of placement: Sticker.Placement) -> Rect {
        let (across, down) = placement.axes
        let halfWidth = abs(across.x) * placement.size.width / 2 + abs(down.x) * placement.size.height / 2
        let halfHeight = abs(across.y) * placement.size.width / 2 + abs(down.y) * placement.size.height / 2
        return Rect(x: placement.center.x - halfWidth, y: placement.center.y - halfHeight,
                    width: 2 * halfWidth, height: 2 * halfHeight)
    }

    /// `value` clamped to 0...limit as an Int; NaN gives 0. Clamped as a
    /// Double first, so a placement far off the image cannot overflow Int.
    private static func pixelIndex(_ value: Double, limit: Double) -> Int {
        value > 0 ? Int(min(value, limit)) : 0
    }

    /// Cosine and sine of `degrees`, exact at quarter turns so those stay pixel-exact.
    package static func rotation(_ degrees: Double) -> (Double, Double) {
        let radians = degrees * Double.pi / 180
        var cosine = cos(radians), sine = sin(radians)
        if abs(cosine) < 1e-12 { cosine = 0 }
        if abs(sine) < 1e-12 { sine = 0 }
        return (cosine, sine)
    }

    /// Premultiplied `source` (0...255 floats) over the straight-alpha pixel at `i`.
    @inline(__always)
    private static func blend(_ s: SIMD4<Float>, into pixels: UnsafeMutableBufferPointer<UInt8>, at i: Int) {
        let keep = 1 - s.w / 255
        let da = pixels[i + 3]
        if da == 255 {
            pixels[i] = rounded(s.x + Float(pixels[i]) * keep)
            pixels[i + 1] = rounded(s.y + Float(pixels[i + 1]) * keep)
            pixels[i + 2] = rounded(s.z + Float(pixels[i + 2]) * keep)
            return
        }
        // A see-through destination: blend premultiplied, then divide back out.
        let under = Float(da) * keep
        let alpha = s.w + under
        guard alpha > 0 else { return }
        let k = under / alpha, scale = 255 / alpha
        pixels[i] = rounded(s.x * scale + Float(pixels[i]) * k)
        pixels[i + 1] = rounded(s.y * scale + Float(pixels[i + 1]) * k)
        pixels[i + 2] = rounded(s.z * scale + Float(pixels[i + 2]) * k)
        pixels[i + 3] = rounded(alpha)
    }

    @inline(__always)
    private static func rounded(_ value: Float) -> UInt8 {
        UInt8(clamping: Int(value + 0.5))
    }
}
