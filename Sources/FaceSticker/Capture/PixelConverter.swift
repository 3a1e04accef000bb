/// Turns one captured frame's bytes into an `RGBAImage`. libv4l2 hands us
/// RGB24 from every camera it can convert; the other packed formats are here
/// for drivers or test scripts that give them directly.
package enum PixelConverter {
    /// The formats `image(from:format:)` reads.
    package static let supported: [FourCC] = [.rgb24, .bgr24, .yuyv, .grey]

    /// Bytes per pixel of a supported format (YUYV: 2, two pixels share a U and a V).
    package static func bytesPerPixel(_ fourcc: FourCC) -> Int? {
        switch fourcc {
        case .rgb24, .bgr24: return 3
        case .yuyv: return 2
        case .grey: return 1
        default: return nil
        }
    }

    /// The frame as RGBA, or nil when the format is not supported or `bytes`
    /// is shorter than the format says (a truncated frame).
    package static func image(from bytes: UnsafeRawBufferPointer, format: V4L2PixelFormat) -> RGBAImage? {
        guard let pixelBytes = bytesPerPixel(format.fourcc), format.width > 0, format.height > 0 else { return nil }
        let width = format.width, height = format.height
        // YUYV pairs pixels, so an odd width still needs the whole last pair.
        let used = format.fourcc == .yuyv ? (width + 1) / 2 * 4 : width * pixelBytes
        let rowBytes = max(format.bytesPerLine, used)
        guard bytes.count >= rowBytes * (height - 1) + used else { return nil }
        var out = RGBAImage(width: width, height: height)
        let src = bytes.bindMemory(to: UInt8.self)
        out.pixels.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let s = y * rowBytes, d = y * width * 4
                switch format.fourcc {
                case .rgb24, .bgr24:
                    let (r, b) = format.fourcc == .rgb24 ? (0, 2) : (2, 0)
                    for x in 0..<width {
                        dst[d + 4 * x] = src[s + 3 * x + r]
                        dst[d + 4 * x + 1] = src[s + 3 * x + 1]
                        dst[d + 4 * x + 2] = src[s + 3 * x + b]
                    }
                case .grey:
                    for x in 0..<width {
                        let v = src[s + x]
                        dst[d + 4 * x] = v
                        dst[d + 4 * x + 1] = v
                        dst[d + 4 * x + 2] = v
                    }
                default:
                    for x in 0..<width {
                        let pair = s + (x / 2) * 4
                        let (r, g, b) = YUVMatrix.bt601.rgb(src[s + 2 * x], src[pair + 1], src[pair + 3])
                        dst[d + 4 * x] = r
                        dst[d + 4 * x + 1] = g
                        dst[d + 4 * x + 2] = b
                    }
                }
            }
        }
        return out
    }
}
