import FaceSticker
import Foundation

/// Deterministic, seeded pictures that contain no face, for the tests and the
/// `false-faces` benchmark that check the detectors report none (issue #11).
///
/// Fifty images in ten families, at 200x200, 320x240 and 640x480:
///
/// - `gaussian-*`: grey 50 or 128 plus Gaussian noise (Box–Muller), sigma 10, 30, 60;
/// - `uniform-*`: uniform noise over 0...255 and narrower ranges;
/// - `colour-*`: independent noise per channel, around mid grey and around a skin tone;
/// - `smooth-*`: value noise at several cell sizes, fractal sums, blurred noise;
/// - `checker-*`: checkerboards, cells 2 to 64 pixels;
/// - `stripes-*`: horizontal, vertical, diagonal square-wave and sinusoidal stripes;
/// - `brick-*`: mortar lines around bricks of jittered tones, in courses offset by half a brick;
/// - `fabric-*`: plain, twill and basket weaves, shaded threads, jittered tones, noise;
/// - `flat-*`: one colour (black, grey, white, a skin tone);
/// - `nearflat-*`, `gradient-*`: flat plus noise of sigma 1 to 3, and gentle gradients.
///
/// Names read `family-details-WxH`, e.g. `gaussian-grey50-s30-200x200`. Each
/// image's random numbers come from a ``SplitMix64`` seeded from its name, so an
/// image never depends on the others or their order, and every run, platform and
/// build gives the same bytes. Everything is opaque (alpha 255).
public enum NoFaceImages {
    /// How many images ``all()`` returns.
    public static let count = 50

    /// The names, in order, without generating anything.
    public static var names: [String] { catalogue.map(\.name) }

    /// All fifty images, in ``names`` order.
    public static func all() -> [(name: String, image: RGBAImage)] {
        catalogue.map { ($0.name, $0.make(SplitMix64(seed: seed(for: $0.name)))) }
    }

    /// The image called `name`, generated alone; nil for an unknown name.
    public static func named(_ name: String) -> RGBAImage? {
        catalogue.first { $0.name == name }.map { $0.make(SplitMix64(seed: seed(for: name))) }
    }

    // MARK: - The catalogue

    private struct Entry: Sendable {
        let name: String
        let make: @Sendable (SplitMix64) -> RGBAImage
    }

    typealias Size = (width: Int, height: Int)
    private static let small: Size = (200, 200)
    private static let medium: Size = (320, 240)
    private static let large: Size = (640, 480)

    private static func entry(_ stem: String, _ size: Size, _ make: @escaping @Sendable (Size, inout SplitMix64) -> RGBAImage)
        -> Entry {
        Entry(name: "\(stem)-\(size.width)x\(size.height)") { seeded in
            var rng = seeded
            return make(size, &rng)
        }
    }

    private static let skin: RGB = (196, 150, 120)

    private static let catalogue: [Entry] = [
        // Gaussian noise around grey 50 and 128 (6).
        entry("gaussian-grey50-s10", small) { gaussian($0, mean: 50, sigma: 10, &$1) },
        entry("gaussian-grey50-s30", medium) { gaussian($0, mean: 50, sigma: 30, &$1) },
        entry("gaussian-grey50-s60", large) { gaussian($0, mean: 50, sigma: 60, &$1) },
        entry("gaussian-grey128-s10", medium) { gaussian($0, mean: 128, sigma: 10, &$1) },
        entry("gaussian-grey128-s30", large) { gaussian($0, mean: 128, sigma: 30, &$1) },
        entry("gaussian-grey128-s60", small) { gaussian($0, mean: 128, sigma: 60, &$1) },
        // Uniform grey noise (5).
        entry("uniform-0-255", small) { uniform($0, low: 0, high: 255, &$1) },
        entry("uniform-0-255", large) { uniform($0, low: 0, high: 255, &$1) },
        entry("uniform-64-192", medium) { uniform($0, low: 64, high: 192, &$1) },
        entry("uniform-100-156", medium) { uniform($0, low: 100, high: 156, &$1) },
        entry("uniform-0-64", medium) { uniform($0, low: 0, high: 64, &$1) },
        // Colour noise (3).
        entry("colour-gaussian-grey128-s40", medium) { colourGaussian($0, mean: (128, 128, 128), sigma: 40, &$1) },
        entry("colour-uniform-0-255", large) { colourUniform($0, &$1) },
        entry("colour-gaussian-skin-s20", small) { colourGaussian($0, mean: skin, sigma: 20, &$1) },
        // Smooth noise (6).
        entry("smooth-value-c8", medium) { valueNoise($0, cells: [8], tint: nil, &$1) },
        entry("smooth-value-c32", medium) { valueNoise($0, cells: [32], tint: nil, &$1) },
        entry("smooth-value-c64", small) { valueNoise($0, cells: [64], tint: nil, &$1) },
        entry("smooth-blurred-r3", medium) { blurredNoise($0, radius: 3, &$1) },
        entry("smooth-fractal-c64-32-16-8", medium) { valueNoise($0, cells: [64, 32, 16, 8], tint: nil, &$1) },
        entry("smooth-colour-c16", medium) { valueNoise($0, cells: [16], tint: skin, &$1) },
        // Checkerboards (6).
        entry("checker-c2", small) { size, _ in checker(size, cell: 2, dark: (0, 0, 0), light: (255, 255, 255)) },
        entry("checker-c8", medium) { size, _ in checker(size, cell: 8, dark: (0, 0, 0), light: (255, 255, 255)) },
        entry("checker-c16", large) { size, _ in checker(size, cell: 16, dark: (40, 40, 40), light: (210, 210, 210)) },
        entry("checker-c32", medium) { size, _ in checker(size, cell: 32, dark: (0, 0, 0), light: (255, 255, 255)) },
        entry("checker-c64", large) { size, _ in checker(size, cell: 64, dark: (90, 90, 90), light: (170, 170, 170)) },
        entry("checker-colour-c24", small) { size, _ in checker(size, cell: 24, dark: (120, 70, 50), light: skin) },
        // Stripes (7).
        entry("stripes-horizontal-p8", medium) { size, _ in stripes(size, period: 8, direction: (0, 1), sine: false) },
        entry("stripes-vertical-p16", large) { size, _ in stripes(size, period: 16, direction: (1, 0), sine: false) },
        entry("stripes-diagonal-p12", small) { size, _ in stripes(size, period: 12, direction: (1, 1), sine: false) },
        entry("stripes-diagonal-p40", large) { size, _ in stripes(size, period: 40, direction: (1, -1), sine: false) },
        entry("stripes-sine-horizontal-p20", medium) { size, _ in
            stripes(size, period: 20, direction: (0, 1), sine: true)
        },
        entry("stripes-sine-vertical-p60", large) { size, _ in stripes(size, period: 60, direction: (1, 0), sine: true) },
        entry("stripes-sine-diagonal-p30", small) { size, _ in stripes(size, period: 30, direction: (1, 1), sine: true) },
        // Brick walls (4).
        entry("brick-red-40x20", medium) { brick($0, brick: (40, 20), mortar: 3, tone: (150, 60, 45), &$1) },
        entry("brick-grey-60x30", medium) { brick($0, brick: (60, 30), mortar: 4, tone: (125, 120, 115), &$1) },
        entry("brick-tan-24x12", small) { brick($0, brick: (24, 12), mortar: 2, tone: (190, 160, 120), &$1) },
        entry("brick-red-80x40", large) { brick($0, brick: (80, 40), mortar: 6, tone: (140, 70, 50), &$1) },
        // Fabric (5).
        entry("fabric-plain-p4", medium) { fabric($0, weave: .plain, thread: 4, warp: (200, 195, 180),
                                                 weft: (170, 165, 150), &$1) },
        entry("fabric-twill-p6", medium) { fabric($0, weave: .twill, thread: 6, warp: (120, 90, 60),
                                                weft: (150, 120, 85), &$1) },
        entry("fabric-twill-p3", small) { fabric($0, weave: .twill, thread: 3, warp: (90, 90, 95),
                                               weft: (140, 140, 145), &$1) },
        entry("fabric-denim-p5", large) { fabric($0, weave: .twill, thread: 5, warp: (45, 70, 120),
                                                weft: (200, 200, 205), &$1) },
        entry("fabric-basket-p8", medium) { fabric($0, weave: .basket, thread: 8, warp: (180, 60, 60),
                                                  weft: (220, 200, 190), &$1) },
        // Flat frames (4).
        entry("flat-black", medium) { size, _ in flat(size, (0, 0, 0)) },
        entry("flat-grey128", large) { size, _ in flat(size, (128, 128, 128)) },
        entry("flat-white", small) { size, _ in flat(size, (255, 255, 255)) },
        entry("flat-skin", medium) { size, _ in flat(size, skin) },
        // Nearly flat frames and gentle gradients (4).
        entry("nearflat-grey128-s2", large) { gaussian($0, mean: 128, sigma: 2, &$1) },
        entry("nearflat-black10-s3", medium) { gaussian($0, mean: 10, sigma: 3, &$1) },
        entry("gradient-horizontal-60-100-s1", large) { gradient($0, from: 60, to: 100, radial: false, sigma: 1, &$1) },
        entry("gradient-radial-140-90", medium) { gradient($0, from: 140, to: 90, radial: true, sigma: 0, &$1) },
    ]

    /// A stable 64-bit seed from a name (FNV-1a), so each image has its own stream.
    private static func seed(for name: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    // MARK: - Painting

    typealias RGB = (r: UInt8, g: UInt8, b: UInt8)

    /// A pixel value rounded and clamped to 0...255 (NaN gives 0); never traps.
    @inline(__always)
    static func byte(_ value: Double) -> UInt8 {
        guard value > 0 else { return 0 }
        guard value < 255 else { return 255 }
        return UInt8(value + 0.5)
    }

    /// An opaque image whose pixel (x, y) is `colour(x, y)`, painted row by row
    /// into one buffer (fast even in debug builds).
    static func paint(_ size: Size, _ colour: (Int, Int) -> RGB) -> RGBAImage {
        let width = max(0, size.width), height = max(0, size.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { buffer in
            var i = 0
            for y in 0..<height {
                for x in 0..<width {
                    let c = colour(x, y)
                    buffer[i] = c.r
                    buffer[i + 1] = c.g
                    buffer[i + 2] = c.b
                    i += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }

    /// An opaque grey image from `width * height` grey levels (fewer are padded black).
    static func grey(_ size: Size, _ levels: [UInt8]) -> RGBAImage {
        let width = max(0, size.width), height = max(0, size.height)
        let count = min(width * height, levels.count)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { out in
            levels.withUnsafeBufferPointer { grey in
                var o = 0
                for i in 0..<count {
                    let v = grey[i]
                    out[o] = v
                    out[o + 1] = v
                    out[o + 2] = v
                    o += 4
                }
                while o < out.count {
                    out[o] = 0
                    out[o + 1] = 0
                    out[o + 2] = 0
                    o += 4
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }

    /// One colour: the first row painted, then copied down (memcpy per row).
    static func flat(_ size: Size, _ colour: RGB) -> RGBAImage {
        let width = max(0, size.width), height = max(0, size.height), stride = width * 4
        var pixels = [UInt8](repeating: 255, count: stride * height)
        pixels.withUnsafeMutableBytes { out in
            guard height > 0, let base = out.baseAddress else { return }
            for o in Swift.stride(from: 0, to: stride, by: 4) {
                out[o] = colour.r
                out[o + 1] = colour.g
                out[o + 2] = colour.b
            }
            for row in 1..<height {
                (base + row * stride).copyMemory(from: base, byteCount: stride)
            }
        }
        return RGBAImage(width: width, height: height, pixels: pixels) ?? RGBAImage(width: width, height: height)
    }

    /// Grey `mean` plus Gaussian noise: Box–Muller pairs, both deviates used.
    private static func gaussian(_ size: Size, mean: Double, sigma: Double, _ rng: inout SplitMix64) -> RGBAImage {
        var levels = [UInt8](repeating: 0, count: size.width * size.height)
        levels.withUnsafeMutableBufferPointer { out in
            var i = 0
            while i < out.count {
                let (z0, z1) = rng.nextGaussianPair()
                out[i] = byte(mean + sigma * z0)
                if i + 1 < out.count { out[i + 1] = byte(mean + sigma * z1) }
                i += 2
            }
        }
        return grey(size, levels)
    }

    private static func uniform(_ size: Size, low: Int, high: Int, _ rng: inout SplitMix64) -> RGBAImage {
        let low = min(max(low, 0), 255), span = UInt64(min(max(high, low), 255) - low + 1)
        var levels = [UInt8](repeating: 0, count: size.width * size.height)
        levels.withUnsafeMutableBufferPointer { out in
            for i in out.indices { out[i] = UInt8(truncatingIfNeeded: low + Int(truncatingIfNeeded: rng.next() % span)) }
        }
        return grey(size, levels)
    }

    private static func colourGaussian(_ size: Size, mean: RGB, sigma: Double, _ rng: inout SplitMix64) -> RGBAImage {
        let (r, g, b) = (Double(mean.r), Double(mean.g), Double(mean.b))
        return paint(size) { _, _ in
            (byte(r + sigma * rng.nextGaussian()), byte(g + sigma * rng.nextGaussian()),
             byte(b + sigma * rng.nextGaussian()))
        }
    }

    private static func colourUniform(_ size: Size, _ rng: inout SplitMix64) -> RGBAImage {
        paint(size) { _, _ in
            let bits = rng.next()
            return (UInt8(truncatingIfNeeded: bits), UInt8(truncatingIfNeeded: bits >> 8),
                    UInt8(truncatingIfNeeded: bits >> 16))
        }
    }

    /// Value noise: random values on a lattice of `cell`-pixel squares, smoothly
    /// interpolated; several cell sizes are summed with weights halving as cells
    /// halve (fractal). Spans 0...255 grey, or ±70 around `tint` per channel.
    private static func valueNoise(_ size: Size, cells: [Int], tint: RGB?, _ rng: inout SplitMix64) -> RGBAImage {
        let channels = tint == nil ? 1 : 3
        var fields: [[Double]] = []
        for _ in 0..<channels {
            var field = [Double](repeating: 0, count: size.width * size.height)
            var total = 0.0, weight = 1.0
            for cell in cells {
                let lattice = Lattice(size, cell: max(1, cell), &rng)
                field.withUnsafeMutableBufferPointer { out in lattice.add(into: out, weight: weight) }
                total += weight
                weight /= 2
            }
            let scale = 1 / max(total, 1e-9)
            fields.append(field.map { $0 * scale })
        }
        guard let tint else { return grey(size, fields[0].map { byte($0 * 255) }) }
        let base = (Double(tint.r), Double(tint.g), Double(tint.b))
        return fields[0].withUnsafeBufferPointer { r in
            fields[1].withUnsafeBufferPointer { g in
                fields[2].withUnsafeBufferPointer { b in
                    paint(size) { x, y in
                        let i = y * size.width + x
                        return (byte(base.0 + 140 * (r[i] - 0.5)), byte(base.1 + 140 * (g[i] - 0.5)),
                                byte(base.2 + 140 * (b[i] - 0.5)))
                    }
                }
            }
        }
    }

    /// Random values in 0...1 at the corners of `cell`-pixel squares.
    private struct Lattice {
        let size: Size
        let cell: Int
        let columns: Int
        let values: [Double]

        init(_ size: Size, cell: Int, _ rng: inout SplitMix64) {
            self.size = size
            self.cell = cell
            columns = size.width / cell + 2
            let rows = size.height / cell + 2
            var values = [Double](repeating: 0, count: columns * rows)
            for i in values.indices { values[i] = rng.nextUnit() }
            self.values = values
        }

        /// Adds `weight` times the interpolated field (smoothstep between corners) to `out`.
        func add(into out: UnsafeMutableBufferPointer<Double>, weight: Double) {
            // The interpolation weights depend only on the offset within a cell.
            let steps = (0..<cell).map { offset -> Double in
                let t = Double(offset) / Double(cell)
                return t * t * (3 - 2 * t)
            }
            values.withUnsafeBufferPointer { v in
                steps.withUnsafeBufferPointer { s in
                    var i = 0
                    for y in 0..<size.height {
                        let row = y / cell, ty = s[y % cell]
                        let top = row * columns, bottom = top + columns
                        for x in 0..<size.width {
                            let column = x / cell, tx = s[x % cell]
                            let a = v[top + column], b = v[top + column + 1]
                            let c = v[bottom + column], d = v[bottom + column + 1]
                            let upper = a + (b - a) * tx, lower = c + (d - c) * tx
                            out[i] += weight * (upper + (lower - upper) * ty)
                            i += 1
                        }
                    }
                }
            }
        }
    }

    /// Gaussian grey noise (sigma 60 around 128) box-blurred over a (2r+1)² window,
    /// then stretched back to contrast: blotches a few pixels across.
    private static func blurredNoise(_ size: Size, radius: Int, _ rng: inout SplitMix64) -> RGBAImage {
        let (w, h) = (size.width, size.height)
        var noise = [Double](repeating: 0, count: w * h)
        for i in noise.indices { noise[i] = 60 * rng.nextGaussian() }
        let rows = boxBlur(noise, count: h, length: w, step: 1, next: w, radius: radius)
        let both = boxBlur(rows, count: w, length: h, step: w, next: 1, radius: radius)
        // Blurring divides the deviation by about the window's side; restore it.
        let gain = Double(2 * radius + 1)
        return grey(size, both.map { byte(128 + gain * $0) })
    }

    /// A running-sum box blur along `count` lines of `length` samples, samples
    /// `step` apart, lines `next` apart; edges clamp.
    private static func boxBlur(_ input: [Double], count: Int, length: Int, step: Int, next: Int,
                                radius: Int) -> [Double] {
        var output = input
        guard length > 0 else { return output }
        let window = Double(2 * radius + 1)
        input.withUnsafeBufferPointer { src in
            output.withUnsafeMutableBufferPointer { dst in
                for line in 0..<count {
                    let base = line * next
                    func at(_ k: Int) -> Double { src[base + min(max(k, 0), length - 1) * step] }
                    var sum = 0.0
                    for k in -radius...radius { sum += at(k) }
                    for k in 0..<length {
                        dst[base + k * step] = sum / window
                        sum += at(k + radius + 1) - at(k - radius)
                    }
                }
            }
        }
        return output
    }
}
