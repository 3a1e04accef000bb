/// Converts between 8-bit YUV and RGB for one colour matrix (BT.601 or
/// BT.709) and range (limited 16-235 or full), in 16-bit fixed point.
package struct YUVMatrix: Equatable, Sendable {
    // RGB from YUV: r = (yk * (Y - y0) + rv * V') >> 16 ..., with U' = U - 128, V' = V - 128.
    package let y0: Int, yk: Int, rv: Int, gu: Int, gv: Int, bu: Int
    // YUV from RGB, 16-bit fixed point.
    package let yr: Int, yg: Int, yb: Int, ur: Int, ug: Int, ub: Int, vr: Int, vg: Int, vb: Int

    /// BT.601 in limited range: the colours webcams send YUYV in, and the ones
    /// pictures that come as RGB (stills, folders, RGB cameras) are turned into.
    package static let bt601 = YUVMatrix(matrix: "bt601", fullRange: false)

    /// `matrix` is `bt709` or anything else for BT.601.
    package init(matrix: String, fullRange: Bool) {
        let (kr, kb) = matrix == "bt709" ? (0.2126, 0.0722) : (0.299, 0.114)
        let kg = 1 - kr - kb
        let ys = fullRange ? 255.0 / 255 : 255.0 / 219, cs = fullRange ? 255.0 / 255 : 255.0 / 224
        func fixed(_ v: Double) -> Int { Int((v * 65536).rounded()) }
        y0 = fullRange ? 0 : 16
        yk = fixed(ys)
        rv = fixed(2 * (1 - kr) * cs)
        bu = fixed(2 * (1 - kb) * cs)
        gu = fixed(-2 * (1 - kb) * kb / kg * cs)
        gv = fixed(-2 * (1 - kr) * kr / kg * cs)
        yr = fixed(kr / ys); yg = fixed(kg / ys); yb = fixed(kb / ys)
        let uScale = 1 / (2 * (1 - kb) * cs), vScale = 1 / (2 * (1 - kr) * cs)
        ur = fixed(-kr * uScale); ug = fixed(-kg * uScale); ub = fixed((1 - kb) * uScale)
        vr = fixed((1 - kr) * vScale); vg = fixed(-kg * vScale); vb = fixed(-kb * vScale)
    }

    @inline(__always)
    package static func clamp(_ v: Int) -> UInt8 { UInt8(truncatingIfNeeded: v < 0 ? 0 : (v > 255 ? 255 : v)) }

    /// RGB of one pixel.
    @inline(__always)
    package func rgb(_ y: UInt8, _ u: UInt8, _ v: UInt8) -> (UInt8, UInt8, UInt8) {
        let l = yk * (Int(y) - y0) + 32768, cu = Int(u) - 128, cv = Int(v) - 128
        return (Self.clamp((l + rv * cv) >> 16), Self.clamp((l + gu * cu + gv * cv) >> 16), Self.clamp((l + bu * cu) >> 16))
    }

    /// Luma of one pixel.
    @inline(__always)
    package func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        Self.clamp(((yr * Int(r) + yg * Int(g) + yb * Int(b) + 32768) >> 16) + y0)
    }

    /// Chroma (U, V) of an RGB colour given as sums over `count` pixels, rounded.
    @inline(__always)
    package func chroma(r: Int, g: Int, b: Int, count: Int) -> (UInt8, UInt8) {
        let d = count << 16
        let u = (ur * r + ug * g + ub * b) + (128 << 16) * count, v = (vr * r + vg * g + vb * b) + (128 << 16) * count
        return (Self.clamp((u + d / 2) / d), Self.clamp((v + d / 2) / d))
    }
}
