@testable import FaceSticker

/// Pictures made in tests: blurred and shrunk copies, noise.
enum TestImages {
    /// A separable box blur of `radius` pixels (edges clamped), alpha kept.
    static func boxBlur(_ image: RGBAImage, radius: Int) -> RGBAImage {
        let horizontal = pass(image, radius: radius, dx: 1, dy: 0)
        return pass(horizontal, radius: radius, dx: 0, dy: 1)
    }

    private static func pass(_ image: RGBAImage, radius: Int, dx: Int, dy: Int) -> RGBAImage {
        var out = image
        let w = image.width, h = image.height, taps = 2 * radius + 1
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    for x in 0..<w {
                        for c in 0..<3 {
                            var sum = 0
                            for k in -radius...radius {
                                let sx = min(w - 1, max(0, x + k * dx)), sy = min(h - 1, max(0, y + k * dy))
                                sum += Int(src[(sy * w + sx) * 4 + c])
                            }
                            dst[(y * w + x) * 4 + c] = UInt8((sum + taps / 2) / taps)
                        }
                    }
                }
            }
        }
        return out
    }

    /// `image` shrunk to half size, centred on a canvas of its original size filled with its corner colour.
    static func halfSizeOnCanvas(_ image: RGBAImage) throws -> RGBAImage {
        let small = try OpenCV.resize(image, width: image.width / 2, height: image.height / 2)
        let corner = image[0, 0]
        var canvas = RGBAImage(width: image.width, height: image.height, fill: corner)
        let ox = (image.width - small.width) / 2, oy = (image.height - small.height) / 2
        for y in 0..<small.height { for x in 0..<small.width { canvas[ox + x, oy + y] = small[x, y] } }
        return canvas
    }

    /// Deterministic pseudo-random grey noise.
    static func noise(width: Int, height: Int, seed: UInt64 = 1) -> RGBAImage {
        var state = seed
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                let v = UInt8(truncatingIfNeeded: state >> 56)
                image[x, y] = (v, v, v, 255)
            }
        }
        return image
    }

    /// Black and white squares of `cell` pixels.
    static func checkerboard(width: Int, height: Int, cell: Int) -> RGBAImage {
        var image = RGBAImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width where (x / cell + y / cell) % 2 == 0 { image[x, y] = (255, 255, 255, 255) }
        }
        return image
    }
}


/// Small images for the filter tests.
enum FilterTestImages {
    /// One pixel of the given colour and alpha.
    static func pixel(_ r: UInt8, _ g: UInt8, _ b: UInt8, alpha: UInt8 = 255) -> RGBAImage {
        RGBAImage(width: 1, height: 1, fill: (r, g, b, alpha))
    }

    /// The colour of pixel (x, y) without its alpha.
    static func rgb(_ image: RGBAImage, _ x: Int = 0, _ y: Int = 0) -> [UInt8] {
        let p = image[x, y]
        return [p.0, p.1, p.2]
    }

    /// Every alpha value, in order.
    static func alphas(_ image: RGBAImage) -> [UInt8] {
        stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    }

    /// The astronaut photo with a varying alpha, so alpha changes would show.
    static func photoWithAlpha() throws -> RGBAImage {
        var photo = try ImageFile.read(path: Fixtures.astronaut)
        for i in stride(from: 3, to: photo.pixels.count, by: 4) { photo.pixels[i] = UInt8(truncatingIfNeeded: i / 4 * 7) }
        return photo
    }
}
