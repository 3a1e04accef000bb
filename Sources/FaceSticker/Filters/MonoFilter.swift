/// `mono`, like Core Image's CIPhotoEffectMono: every pixel becomes its luma,
/// Rec. 601 weights on the stored (gamma-encoded) values, as JPEG and video use.
public struct MonoFilter: ImageFilter {
    /// Weights of r, g and b; they sum to 1, so white stays white.
    public static let weights: [Double] = [0.299, 0.587, 0.114]

    /// The same weights in 16.16 fixed point, summing to exactly 65536.
    static let fixedWeights = (r: 19595, g: 38470, b: 7471)

    public init() {}

    public var spec: String { "mono" }

    public func apply(to image: inout RGBAImage) {
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
