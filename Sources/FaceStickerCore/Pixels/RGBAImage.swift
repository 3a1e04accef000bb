/// An 8-bit RGBA image with straight (not premultiplied) alpha, rows packed
/// top to bottom with no padding: the one pixel buffer type of the library.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public package(set) var pixels: [UInt8]

    /// An image filled with one colour (opaque black by default).
    public init(width: Int, height: Int, fill: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)) {
        let width = max(0, width), height = max(0, height)
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in Swift.stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = fill.0
            pixels[i + 1] = fill.1
            pixels[i + 2] = fill.2
            pixels[i + 3] = fill.3
        }
        self.pixels = pixels
    }

    /// Wraps existing pixels; nil when their count does not match the size.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, pixels.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Bytes per row.
    public var stride: Int { width * 4 }

    /// The pixel at (x, y) as (r, g, b, a).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        get {
            let i = (y * width + x) * 4
            return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            pixels[i] = newValue.0
            pixels[i + 1] = newValue.1
            pixels[i + 2] = newValue.2
            pixels[i + 3] = newValue.3
        }
    }
}

extension ExifOrientation {
    /// The upright pixels of a picture stored as `image`.
    package func upright(_ image: RGBAImage) -> RGBAImage {
        let stored = Size(width: Double(image.width), height: Double(image.height))
        let size = uprightSize(stored)
        let width = Int(size.width), height = Int(size.height)
        guard self != .up, width > 0, height > 0,
              let back = transform(storedSize: stored).inverted else { return image }
        // Quarter turns and flips send pixel centres to pixel centres, so the
        // source pixel of (x, y) is origin + x * stepX + y * stepY, in whole pixels.
        let origin = back.apply(to: Point(x: 0.5, y: 0.5))
        let x0 = Int((origin.x - 0.5).rounded()), y0 = Int((origin.y - 0.5).rounded())
        let start = y0 * image.width + x0
        let stepX = Int(back.a.rounded()) + Int(back.b.rounded()) * image.width
        let stepY = Int(back.c.rounded()) + Int(back.d.rounded()) * image.width
        var out = RGBAImage(width: width, height: height)
        image.pixels.withUnsafeBytes { src in
            let source = src.bindMemory(to: UInt32.self)
            out.pixels.withUnsafeMutableBytes { dst in
                let target = dst.bindMemory(to: UInt32.self)
                for y in 0..<height {
                    var s = start + y * stepY
                    let row = y * width
                    for x in 0..<width {
                        target[row + x] = source[s]
                        s += stepX
                    }
                }
            }
        }
        return out
    }
}

extension RGBAImage {
    /// The picture flipped about its vertical axis: left-right mirroring, as a phone's
    /// selfie camera shows its picture.
    package func mirrored() -> RGBAImage {
        var out = self
        let width = self.width
        pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = y * width * 4
                    for x in 0..<width {
                        let s = row + x * 4, d = row + (width - 1 - x) * 4
                        dst[d] = src[s]
                        dst[d + 1] = src[s + 1]
                        dst[d + 2] = src[s + 2]
                        dst[d + 3] = src[s + 3]
                    }
                }
            }
        }
        return out
    }
}
