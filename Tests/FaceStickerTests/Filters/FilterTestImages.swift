import FaceSticker

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
