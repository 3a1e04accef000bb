import Foundation

/// SplitMix64 (Steele, Lea and Flood 2014): a tiny, fast, seedable generator
/// with good statistical quality, identical on every platform and build.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    /// The second normal deviate of the last Box–Muller pair, not yet used.
    private var spare: Double?

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var z = state
        z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
        z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 random bits.
    public mutating func nextUnit() -> Double {
        Double(next() >> 11) * 0x1p-53
    }

    /// Standard normal (mean 0, sigma 1), by the Box–Muller transform; each
    /// pair of uniforms gives two deviates.
    public mutating func nextGaussian() -> Double {
        if let spare {
            self.spare = nil
            return spare
        }
        let (z0, z1) = nextGaussianPair()
        spare = z1
        return z0
    }

    /// Two independent standard normal deviates (one Box–Muller transform).
    public mutating func nextGaussianPair() -> (Double, Double) {
        let u1 = 1 - nextUnit() // (0, 1]: log stays finite
        let u2 = nextUnit()
        let radius = (-2 * log(u1)).squareRoot()
        let angle = 2 * Double.pi * u2
        return (radius * cos(angle), radius * sin(angle))
    }
}
