import FaceStickerCore
/// `vignette[:strength]`, like Core Image's CIVignette: radial darkening that
/// leaves the middle alone and grows smoothly toward the corners. Distance is
/// measured from the image centre as a fraction of the half-diagonal, so the
/// corners sit at 1 and are darkened by `strength` (1 makes them black).
package struct VignetteFilter: ImageFilter {
    package static let defaultStrength = 0.8
    /// Inside this fraction of the half-diagonal nothing changes.
    package static let innerRadius = 0.4

    /// 0...1.
    package let strength: Double
    /// Brightness factor in 16.16 fixed point, indexed by squared distance in 1/4096ths.
    private let factors: [Int]

    /// `strength` is clamped to 0...1 (a value that is not finite means the default).
    package init(strength: Double = VignetteFilter.defaultStrength) {
        let strength = strength.isFinite ? min(max(strength, 0), 1) : Self.defaultStrength
        self.strength = strength
        factors = (0...4096).map { i in
            // The middle of each squared-distance bin, so the table is unbiased.
            let distance = (min(Double(i) + 0.5, 4096) / 4096).squareRoot()
            return Int((Self.factor(distance: distance, strength: strength) * 65536).rounded())
        }
    }

    package var spec: String { "vignette:\(strength)" }

    /// The brightness factor at `distance` (fraction of the half-diagonal from the centre).
    package func factor(atDistance distance: Double) -> Double {
        Self.factor(distance: distance, strength: strength)
    }

    private static func factor(distance: Double, strength: Double) -> Double {
        let t = min(max((distance - innerRadius) / (1 - innerRadius), 0), 1)
        return 1 - strength * t * t * (3 - 2 * t)
    }

    package func apply(to image: inout RGBAImage) {
        let width = image.width, height = image.height
        guard width > 0, height > 0, strength > 0 else { return }
        // Squared distances of pixel centres in half-pixel units, so they stay integers:
        // (2x + 1 - width)^2 + (2y + 1 - height)^2 over width^2 + height^2.
        let columns = (0..<width).map { x in (2 * x + 1 - width) * (2 * x + 1 - width) }
        let diagonal = width * width + height * height
        let scale = (4096 << 32) / diagonal
        factors.withUnsafeBufferPointer { f in
            columns.withUnsafeBufferPointer { dx in
                image.pixels.withUnsafeMutableBufferPointer { p in
                    for y in 0..<height {
                        let dy = (2 * y + 1 - height) * (2 * y + 1 - height)
                        var i = y * width * 4
                        for x in 0..<width {
                            let k = f[min(((dx[x] + dy) * scale) >> 32, 4096)]
                            if k < 65536 {
                                p[i] = UInt8(truncatingIfNeeded: (Int(p[i]) * k + 32768) >> 16)
                                p[i + 1] = UInt8(truncatingIfNeeded: (Int(p[i + 1]) * k + 32768) >> 16)
                                p[i + 2] = UInt8(truncatingIfNeeded: (Int(p[i + 2]) * k + 32768) >> 16)
                            }
                            i += 4
                        }
                    }
                }
            }
        }
    }
}
