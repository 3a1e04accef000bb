import FaceStickerCore
/// A 3x3 matrix on R, G and B: each output channel is its row dotted with the
/// input colour, rounded and clamped to 0...255. Alpha is left alone. Runs in
/// 16.16 fixed point, which is exact to within 0.006 of a level before rounding.
package struct ColorMatrix: Sendable {
    /// Row-major coefficients times 65536 (Int32 so the pixel loop vectorises;
    /// sums stay under 2^31 for coefficients up to 32 in size).
    private let m: [Int32]

    /// `rows` are the three output channels' coefficients on (r, g, b).
    package init(rows: [[Double]]) {
        m = (0..<9).map { k in
            let row = rows.indices.contains(k / 3) ? rows[k / 3] : []
            let coefficient = row.indices.contains(k % 3) ? row[k % 3] : 0
            return Int32((min(max(coefficient, -32), 32) * 65536).rounded())
        }
    }

    /// `matrix` blended with the identity: the identity at 0, `matrix` at 1.
    package init(rows matrix: [[Double]], intensity: Double) {
        let rows = (0..<3).map { r in
            (0..<3).map { c in (r == c ? 1 - intensity : 0) + intensity * matrix[r][c] }
        }
        self.init(rows: rows)
    }

    package func apply(to image: inout RGBAImage) {
        let (m0, m1, m2, m3, m4, m5, m6, m7, m8) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        image.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                let r = Int32(p[i]), g = Int32(p[i + 1]), b = Int32(p[i + 2])
                p[i] = Self.clamp((m0 * r + m1 * g + m2 * b + 32768) >> 16)
                p[i + 1] = Self.clamp((m3 * r + m4 * g + m5 * b + 32768) >> 16)
                p[i + 2] = Self.clamp((m6 * r + m7 * g + m8 * b + 32768) >> 16)
                i += 4
            }
        }
    }

    /// min/max rather than a trapping conversion, so the loop can be vectorised.
    @inline(__always)
    private static func clamp(_ value: Int32) -> UInt8 {
        UInt8(truncatingIfNeeded: min(max(value, 0), 255))
    }
}

/// `mono`, like Core Image's CIPhotoEffectMono: every pixel becomes its luma,
/// Rec. 601 weights on the stored (gamma-encoded) values, as JPEG and video use.
package struct MonoFilter: ImageFilter {
    /// Weights of r, g and b; they sum to 1, so white stays white.
    package static let weights: [Double] = [0.299, 0.587, 0.114]

    /// The same weights in 16.16 fixed point, summing to exactly 65536.
    package static let fixedWeights = (r: 19595, g: 38470, b: 7471)

    package init() {}

    package var spec: String { "mono" }

    package func apply(to image: inout RGBAImage) {
        let w = Self.fixedWeights
        image.pixels.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i + 3 < p.count {
                let luma = UInt8(truncatingIfNeeded: (w.r * Int(p[i]) + w.g * Int(p[i + 1]) + w.b * Int(p[i + 2]) + 32768) >> 16)
                p[i] = luma
                p[i + 1] = luma
                p[i + 2] = luma
                i += 4
            }
        }
    }
}

/// `sepia[:intensity]`, like Core Image's CISepiaTone: the classic sepia
/// matrix, blended with the original colour by `intensity` (0 leaves the
/// picture as it is, 1, the default, is full sepia).
package struct SepiaFilter: ImageFilter {
    /// Rows give output R, G, B from input (r, g, b).
    package static let matrix: [[Double]] = [
        [0.393, 0.769, 0.189],
        [0.349, 0.686, 0.168],
        [0.272, 0.534, 0.131],
    ]

    /// 0...1.
    package let intensity: Double
    private let colorMatrix: ColorMatrix

    /// `intensity` is clamped to 0...1 (a value that is not finite means 1).
    package init(intensity: Double = 1) {
        let intensity = intensity.isFinite ? min(max(intensity, 0), 1) : 1
        self.intensity = intensity
        colorMatrix = ColorMatrix(rows: Self.matrix, intensity: intensity)
    }

    package var spec: String { "sepia:\(intensity)" }

    package func apply(to image: inout RGBAImage) { colorMatrix.apply(to: &image) }
}
