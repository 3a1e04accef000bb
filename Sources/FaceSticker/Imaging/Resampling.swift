/// Image resizing that needs no C library.
package enum Resampling {
    /// Halves each side (rounding down) by averaging 2x2 blocks, with rounding.
    package static func halve(_ image: RGBAImage) -> RGBAImage {
        let width = image.width / 2, height = image.height / 2
        var out = RGBAImage(width: width, height: height)
        let src = image.pixels, rowBytes = image.stride
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                for x in 0..<width {
                    let s = (2 * y) * rowBytes + (2 * x) * 4
                    let d = (y * width + x) * 4
                    for c in 0..<4 {
                        let sum = Int(src[s + c]) + Int(src[s + 4 + c]) + Int(src[s + rowBytes + c])
                            + Int(src[s + rowBytes + 4 + c])
                        dst[d + c] = UInt8((sum + 2) / 4)
                    }
                }
            }
        }
        return out
    }
}
