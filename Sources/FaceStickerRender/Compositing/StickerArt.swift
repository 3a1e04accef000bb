import FaceStickerCore
/// Sticker art prepared for drawing: premultiplied alpha in floats (0...255),
/// plus copies halved again and again, so that drawing it small averages every
/// source pixel instead of skipping most. Premultiplying before any filtering
/// is what keeps transparent pixels' colour out of soft edges (no dark fringes).
/// Prepare once and draw many times: preparing is the costly part.
package struct StickerArt: Sendable {
    /// One copy of the art: premultiplied R, G, B, A per pixel, rows packed.
    package struct Level: Sendable {
        package let width: Int
        package let height: Int
        package let pixels: [Float]
        /// The texels that are not fully transparent, inclusive; nil when none is.
        /// Drawing visits only what these can reach: sticker art is often mostly
        /// margin (the sunglasses' visible part is 29% of their square).
        let visible: (minX: Int, minY: Int, maxX: Int, maxY: Int)?

        init(width: Int, height: Int, pixels: [Float]) {
            self.width = width
            self.height = height
            self.pixels = pixels
            var minX = width, minY = height, maxX = -1, maxY = -1
            pixels.withUnsafeBufferPointer { texels in
                for y in 0..<height {
                    for x in 0..<width {
                        let i = (y * width + x) * 4
                        guard texels[i] != 0 || texels[i + 1] != 0 || texels[i + 2] != 0 || texels[i + 3] != 0
                        else { continue }
                        minX = min(minX, x)
                        maxX = max(maxX, x)
                        minY = min(minY, y)
                        maxY = max(maxY, y)
                    }
                }
            }
            visible = maxX >= 0 ? (minX, minY, maxX, maxY) : nil
        }
    }

    /// The full-size art's size in pixels.
    package let width: Int
    package let height: Int
    /// Full size first, each next one half the previous (rounded down).
    package let levels: [Level]

    /// Prepares straight-alpha art.
    package init(_ image: RGBAImage) {
        width = image.width
        height = image.height
        var levels = [Self.premultiplied(image)]
        while let last = levels.last, last.width >= 2, last.height >= 2 {
            levels.append(Self.halved(last))
        }
        self.levels = levels
    }

    /// Width over height (1 for empty art).
    package var aspectRatio: Double {
        width > 0 && height > 0 ? Double(width) / Double(height) : 1
    }

    /// The copy to sample when drawing the art `size` pixels large: the
    /// smallest one still at least that large, so bilinear sampling never
    /// shrinks by more than half.
    package func level(for size: Size) -> Level {
        var chosen = levels[0]
        for level in levels.dropFirst() {
            guard Double(level.width) >= size.width, Double(level.height) >= size.height else { break }
            chosen = level
        }
        return chosen
    }

    private static func premultiplied(_ image: RGBAImage) -> Level {
        let count = image.width * image.height * 4
        var out = [Float](repeating: 0, count: count)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                var i = 0
                while i < count {
                    let alpha = Float(src[i + 3])
                    let k = alpha / 255
                    dst[i] = Float(src[i]) * k
                    dst[i + 1] = Float(src[i + 1]) * k
                    dst[i + 2] = Float(src[i + 2]) * k
                    dst[i + 3] = alpha
                    i += 4
                }
            }
        }
        return Level(width: image.width, height: image.height, pixels: out)
    }

    /// Averages 2x2 blocks (an odd last row or column is dropped).
    private static func halved(_ level: Level) -> Level {
        let width = level.width / 2, height = level.height / 2
        let rowFloats = level.width * 4
        var out = [Float](repeating: 0, count: width * height * 4)
        level.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    for x in 0..<width {
                        let s = 2 * y * rowFloats + 2 * x * 4
                        let d = (y * width + x) * 4
                        for c in 0..<4 {
                            dst[d + c] = (src[s + c] + src[s + 4 + c] + src[s + rowFloats + c]
                                + src[s + rowFloats + 4 + c]) * 0.25
                        }
                    }
                }
            }
        }
        return Level(width: width, height: height, pixels: out)
    }
}
