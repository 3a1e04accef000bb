import FaceSticker
import Foundation

// The regular families: checkers, stripes, brick, fabric, gradients.

extension NoFaceImages {
    static func checker(_ size: Size, cell: Int, dark: RGB, light: RGB) -> RGBAImage {
        let cell = max(1, cell)
        return paint(size) { x, y in (x / cell + y / cell) % 2 == 0 ? dark : light }
    }

    /// Stripes across `direction` (dx, dy in -1...1) with the given period in
    /// pixels along it: black/white halves, or a sinusoid from 20 to 235.
    static func stripes(_ size: Size, period: Int, direction: (Int, Int), sine: Bool) -> RGBAImage {
        let period = max(2, period)
        // Levels by position modulo the period, computed once.
        let levels = (0..<period).map { k -> UInt8 in
            if sine { return byte(127.5 + 107.5 * sin(2 * Double.pi * Double(k) / Double(period))) }
            return k < period / 2 ? 0 : 255
        }
        let offset = period * (size.width + size.height) // keeps the position non-negative
        return levels.withUnsafeBufferPointer { table in
            paint(size) { x, y in
                let v = table[(direction.0 * x + direction.1 * y + offset) % period]
                return (v, v, v)
            }
        }
    }

    /// Courses of `brick.0 x brick.1` bricks (mortar included), every other
    /// course shifted half a brick; each brick's tone jittered ±25, pixel noise 6,
    /// light grey mortar.
    static func brick(_ size: Size, brick: (Int, Int), mortar: Int, tone: RGB,
                              _ rng: inout SplitMix64) -> RGBAImage {
        let (bw, bh) = (max(2, brick.0), max(2, brick.1))
        let mortar = min(max(1, mortar), min(bw, bh) - 1)
        let columns = size.width / bw + 2, courses = size.height / bh + 1
        var jitter = [Double](repeating: 0, count: columns * courses)
        for i in jitter.indices { jitter[i] = 50 * (rng.nextUnit() - 0.5) }
        let base = (Double(tone.r), Double(tone.g), Double(tone.b))
        let pool = GaussianPool(sigma: 6, &rng)
        return jitter.withUnsafeBufferPointer { jitter in
            paint(size) { x, y in
                let course = y / bh
                let shifted = x + (course % 2 == 1 ? bw / 2 : 0)
                let noise = pool.draw(&rng)
                if y % bh < mortar || shifted % bw < mortar {
                    let v = byte(185 + noise)
                    return (v, v, byte(175 + noise))
                }
                let j = jitter[course * columns + shifted / bw] + noise
                return (byte(base.0 + j), byte(base.1 + j * 0.8), byte(base.2 + j * 0.7))
            }
        }
    }

    enum Weave { case plain, twill, basket }

    /// 4096 Gaussian deviates of the given sigma, drawn once (Box–Muller); each
    /// pixel then picks one with a single PRNG call. Noise for the textures,
    /// where per-pixel logarithms and sines made debug builds slow.
    struct GaussianPool {
        private let values: [Double]

        init(sigma: Double, _ rng: inout SplitMix64) {
            var values = [Double](repeating: 0, count: 4096)
            for i in Swift.stride(from: 0, to: values.count, by: 2) {
                let (z0, z1) = rng.nextGaussianPair()
                values[i] = sigma * z0
                values[i + 1] = sigma * z1
            }
            self.values = values
        }

        /// A deviate chosen by the top 12 bits of the next random number.
        func draw(_ rng: inout SplitMix64) -> Double {
            values[Int(truncatingIfNeeded: rng.next() >> 52)]
        }
    }

    /// A weave of `thread`-pixel threads: which of warp (vertical) or weft
    /// (horizontal) shows at each crossing follows the weave; threads are shaded
    /// across their width, each has its own tone, and pixels get noise of sigma 8.
    static func fabric(_ size: Size, weave: Weave, thread: Int, warp: RGB, weft: RGB,
                               _ rng: inout SplitMix64) -> RGBAImage {
        let thread = max(2, thread)
        let shade = (0..<thread).map { k in 0.75 + 0.25 * sin(Double.pi * (Double(k) + 0.5) / Double(thread)) }
        var columnTone = [Double](repeating: 0, count: size.width / thread + 1)
        var rowTone = [Double](repeating: 0, count: size.height / thread + 1)
        for i in columnTone.indices { columnTone[i] = 24 * (rng.nextUnit() - 0.5) }
        for i in rowTone.indices { rowTone[i] = 24 * (rng.nextUnit() - 0.5) }
        let warpRGB = (Double(warp.r), Double(warp.g), Double(warp.b))
        let weftRGB = (Double(weft.r), Double(weft.g), Double(weft.b))
        let pool = GaussianPool(sigma: 8, &rng)
        return paint(size) { x, y in
            let (i, j) = (x / thread, y / thread)
            let warpOnTop: Bool
            switch weave {
            case .plain: warpOnTop = (i + j) % 2 == 0
            case .twill: warpOnTop = (i + j) % 4 < 2 // 2/2 twill: diagonal ribs
            case .basket: warpOnTop = (i / 2 + j / 2) % 2 == 0
            }
            let noise = pool.draw(&rng)
            let (c, s, t) = warpOnTop ? (warpRGB, shade[x % thread], columnTone[i])
                                      : (weftRGB, shade[y % thread], rowTone[j])
            return (byte(c.0 * s + t + noise), byte(c.1 * s + t + noise), byte(c.2 * s + t + noise))
        }
    }

    /// Grey from `from` to `to`: left to right, or centre to corners; plus noise.
    static func gradient(_ size: Size, from: Double, to: Double, radial: Bool, sigma: Double,
                                 _ rng: inout SplitMix64) -> RGBAImage {
        let cx = Double(size.width) / 2, cy = Double(size.height) / 2
        let reach = max((cx * cx + cy * cy).squareRoot(), 1)
        let across = Double(max(size.width - 1, 1))
        let pool = GaussianPool(sigma: sigma, &rng)
        return paint(size) { x, y in
            let t: Double
            if radial {
                let dx = Double(x) + 0.5 - cx, dy = Double(y) + 0.5 - cy
                t = (dx * dx + dy * dy).squareRoot() / reach
            } else {
                t = Double(x) / across
            }
            let v = byte(from + (to - from) * t + (sigma > 0 ? pool.draw(&rng) : 0))
            return (v, v, v)
        }
    }
}
