import CPNG
import Foundation
import FaceStickerCore

/// The one file that calls libpng, through its simplified `png_image` API.
/// That API keeps libpng's setjmp/longjmp error handling inside C and stores
/// warnings and errors in `png_image.message` instead of printing them, so
/// nothing reaches stderr and no jump crosses a Swift frame. (Its warnings, about
/// ancillary chunks such as a known-incorrect sRGB profile, are not reported.)
package enum LibPNG {
    /// Decodes any PNG (grey, palette, 16-bit, with or without alpha,
    /// interlaced) to 8-bit straight-alpha RGBA. What its header claims is
    /// checked by the caller first (`ImageFile.read`): this allocates it.
    package static func read(path: String) throws -> RGBAImage {
        var image = png_image()
        image.version = cpng_image_version()
        defer { png_image_free(&image) }
        guard png_image_begin_read_from_file(&image, path) != 0 else {
            throw FaceStickerError.unreadable(path: path, reason: "not a readable PNG (\(message(of: image)))")
        }
        let width = Int(image.width), height = Int(image.height)
        // Without this flag libpng takes 16-bit files that carry no gAMA or
        // sRGB chunk as linear light; nearly all are gamma-encoded like 8-bit ones.
        image.flags |= cpng_flag_16bit_srgb()
        var out = RGBAImage(width: width, height: height, fill: (0, 0, 0, 0))
        let finished: Int32
        if image.format & cpng_format_flag_linear() != 0 {
            // 16-bit files go through libpng's 16-bit linear output and are
            // reduced here: its direct 16-to-8-bit path misplaces the rows of
            // interlaced files (libpng 1.6.39, pnggroup/libpng#853).
            image.format = cpng_format_linear_rgba()
            var wide = [UInt16](repeating: 0, count: width * height * 4)
            finished = wide.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
            }
            if finished != 0 { reduce(wide, into: &out.pixels) }
        } else {
            image.format = cpng_format_rgba()
            finished = out.pixels.withUnsafeMutableBytes { buffer in
                png_image_finish_read(&image, nil, buffer.baseAddress, Int32(width * 4), nil)
            }
        }
        guard finished != 0 else {
            throw FaceStickerError.unreadable(path: path, reason: "damaged PNG (\(message(of: image)))")
        }
        return out
    }

    /// 16-bit linear premultiplied RGBA to 8-bit gamma-encoded straight RGBA.
    private static func reduce(_ wide: [UInt16], into pixels: inout [UInt8]) {
        let encode = gammaEncode
        wide.withUnsafeBufferPointer { src in
            encode.withUnsafeBufferPointer { table in
                pixels.withUnsafeMutableBufferPointer { dst in
                    var i = 0
                    while i < src.count {
                        let alpha = Int(src[i + 3])
                        dst[i + 3] = UInt8((alpha + 128) / 257)
                        if alpha > 0 {
                            for c in 0..<3 {
                                let linear = min(65535, (Int(src[i + c]) * 65535 + alpha / 2) / alpha)
                                dst[i + c] = table[linear]
                            }
                        }
                        i += 4
                    }
                }
            }
        }
    }

    /// Linear 16-bit to 8-bit with the 1/2.2 encoding libpng decoded with.
    private static let gammaEncode: [UInt8] = (0...65535).map { linear in
        UInt8((pow(Double(linear) / 65535, 1 / 2.2) * 255).rounded())
    }

    /// Encodes `image` as an 8-bit PNG at `path`, RGBA when `alpha` is true,
    /// else RGB (alpha dropped). Writes in place: callers pass a temporary path.
    package static func write(_ image: RGBAImage, path: String, alpha: Bool) throws {
        guard image.width > 0, image.height > 0 else {
            throw FaceStickerError.output(path: path, reason: "the image is empty")
        }
        var png = png_image()
        png.version = cpng_image_version()
        png.width = UInt32(image.width)
        png.height = UInt32(image.height)
        png.format = alpha ? cpng_format_rgba() : cpng_format_rgb()
        defer { png_image_free(&png) }
        let channels = alpha ? 4 : 3
        let buffer = alpha ? image.pixels : rgb(image)
        // Our own FILE rather than png_image_write_to_file, whose failure says only "Write Error":
        // the stream's errno names a full disk or a lost device.
        guard let file = fopen(path, "wb") else {
            throw FaceStickerError.output(path: path, reason: SystemReason.of(errno: errno))
        }
        let written = buffer.withUnsafeBytes { bytes in
            png_image_write_to_stdio(&png, file, 0, bytes.baseAddress, Int32(image.width * channels), nil)
        }
        let streamError = ferror(file) != 0 ? errno : 0
        let closeError = fclose(file) == 0 ? 0 : errno
        guard written != 0, streamError == 0, closeError == 0 else {
            let code = streamError != 0 ? streamError : closeError
            throw FaceStickerError.output(path: path, reason: code != 0 ? SystemReason.of(errno: code)
                                                                        : "libpng: \(message(of: png))")
        }
    }

    /// The pixels without their alpha bytes.
    private static func rgb(_ image: RGBAImage) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: image.width * image.height * 3)
        image.pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for i in 0..<(image.width * image.height) {
                    dst[3 * i] = src[4 * i]
                    dst[3 * i + 1] = src[4 * i + 1]
                    dst[3 * i + 2] = src[4 * i + 2]
                }
            }
        }
        return out
    }

    /// libpng's message for the last failure, or a fallback when it left none.
    private static func message(of image: png_image) -> String {
        let text = withUnsafeBytes(of: image.message) { raw -> String in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        return text.isEmpty ? "libpng gave no reason" : text
    }
}
