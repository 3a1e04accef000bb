/// Left-right mirroring, as a phone's selfie camera shows its picture.
package enum Mirror {
    /// `image` flipped about its vertical axis.
    package static func flipped(_ image: RGBAImage) -> RGBAImage {
        var out = image
        let width = image.width
        image.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                for y in 0..<image.height {
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
