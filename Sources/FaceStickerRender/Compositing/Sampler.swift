/// Bilinear sampling of one premultiplied art level, clamped to the art's
/// edge pixels (the edge itself is antialiased by the compositor's coverage,
/// so an enlarged sticker keeps a crisp border instead of a wide fade).
package struct Sampler {
    package let width: Int
    package let height: Int
    private let maxU: Double
    private let maxV: Double

    package init(level: StickerArt.Level) {
        width = level.width
        height = level.height
        maxU = Double(level.width - 1)
        maxV = Double(level.height - 1)
    }

    /// The premultiplied colour at texel coordinates (u, v), texel centres at whole numbers.
    @inline(__always)
    package func sample(_ texels: UnsafeBufferPointer<Float>, u: Double, v: Double) -> SIMD4<Float> {
        // Written so that NaN clamps to 0 too.
        let cu = u > 0 ? min(u, maxU) : 0, cv = v > 0 ? min(v, maxV) : 0
        let fu = cu.rounded(.down), fv = cv.rounded(.down)
        let x0 = Int(fu), y0 = Int(fv)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let ax = Float(cu - fu), ay = Float(cv - fv)
        let top = texel(texels, y0 * width + x0) * (1 - ax) + texel(texels, y0 * width + x1) * ax
        let bottom = texel(texels, y1 * width + x0) * (1 - ax) + texel(texels, y1 * width + x1) * ax
        return top * (1 - ay) + bottom * ay
    }

    @inline(__always)
    private func texel(_ texels: UnsafeBufferPointer<Float>, _ index: Int) -> SIMD4<Float> {
        let i = index * 4
        return SIMD4(texels[i], texels[i + 1], texels[i + 2], texels[i + 3])
    }
}
