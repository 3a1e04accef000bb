/// Moves whole frames between `YUVFrame`s and RGBA images: in, for pictures
/// that come as RGBA (stills, folders) and for a camera's packed frames
/// (YUYV, RGB24); out for the filters, which work on RGBA, and back in (only
/// what changed). Stickers alone are blended in YUV
/// (`YUVCompositor`); the detector's small copies are `AreaResampler`'s.
package enum YUVConversion {
    /// The frame as RGBA; chroma is taken from the 2x2 block each pixel lies in.
    package static func rgba(_ frame: YUVFrame, matrix: YUVMatrix) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: frame.width * frame.height * 4)
        let width = frame.width, cw = frame.chromaWidth, uo = frame.uOffset, vo = frame.vOffset
        frame.data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                var d = 0
                for y in 0..<frame.height {
                    let luma = y * width, chroma = (y / 2) * cw
                    for x in 0..<width {
                        let c = chroma + x / 2
                        let (r, g, b) = matrix.rgb(src[luma + x], src[uo + c], src[vo + c])
                        dst[d] = r
                        dst[d + 1] = g
                        dst[d + 2] = b
                        d += 4
                    }
                }
            }
        }
        return RGBAImage(width: frame.width, height: frame.height, pixels: pixels)
            ?? RGBAImage(width: frame.width, height: frame.height)
    }

    /// Writes `image` (taken from the frame by `rgba`, then drawn on) back
    /// into it. Pixels equal to `original`'s keep their exact YUV; a chroma
    /// sample is redone from its 2x2 block when any pixel of the block changed.
    package static func write(_ image: RGBAImage, original: RGBAImage, into frame: inout YUVFrame,
                             matrix: YUVMatrix) {
        guard image.width == frame.width, image.height == frame.height, original.width == image.width,
              original.height == image.height, original.stride == image.stride else { return }
        image.pixels.withUnsafeBytes { now in
            original.pixels.withUnsafeBytes { before in
                blocks(rgb: now, original: before, rowBytes: image.stride, pixelBytes: 4, into: &frame, matrix: matrix)
            }
        }
    }

    /// A whole RGBA image as a YUV 4:2:0 frame: luma per pixel, chroma from each 2x2 block's mean.
    package static func frame(_ image: RGBAImage, matrix: YUVMatrix) -> YUVFrame {
        image.pixels.withUnsafeBytes { bytes in
            frame(rgb: bytes, width: image.width, height: image.height, rowBytes: image.stride, pixelBytes: 4, matrix: matrix)
        }
    }

    /// The packed camera layouts `frame(packed:...)` reads.
    package enum PackedLayout: Sendable {
        /// 4:2:2, two pixels in four bytes: Y0 U Y1 V (BT.601 limited range, as webcams send it).
        case yuyv
        /// Three bytes a pixel: R, G, B.
        case rgb24
    }

    /// A captured frame's bytes as a YUV 4:2:0 frame, or nil when `bytes` is shorter
    /// than the layout says (a truncated frame). Rows are `bytesPerLine` apart (at
    /// least what a row needs: drivers pad rows). YUYV's chroma is resampled only,
    /// each chroma sample the rounded mean of its two rows' (no colour matrix: the
    /// frame keeps the camera's BT.601); RGB24 is converted with `matrix`.
    package static func frame(packed bytes: UnsafeRawBufferPointer, layout: PackedLayout, width: Int, height: Int,
                              bytesPerLine: Int, matrix: YUVMatrix = .bt601) -> YUVFrame? {
        guard width > 0, height > 0 else { return nil }
        // YUYV pairs pixels, so an odd width still needs the whole last pair.
        let used = layout == .yuyv ? (width + 1) / 2 * 4 : width * 3
        let rowBytes = max(bytesPerLine, used)
        guard bytes.count >= rowBytes * (height - 1) + used else { return nil }
        switch layout {
        case .rgb24:
            return frame(rgb: bytes, width: width, height: height, rowBytes: rowBytes, pixelBytes: 3, matrix: matrix)
        case .yuyv:
            return frame(yuyv: bytes, width: width, height: height, rowBytes: rowBytes)
        }
    }

    /// YUYV to I420: luma copied, chroma of each row pair averaged (a last odd row's taken as it is).
    private static func frame(yuyv bytes: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int) -> YUVFrame {
        var frame = YUVFrame(width: width, height: height, y: 16)
        let cw = frame.chromaWidth, ch = frame.chromaHeight, uo = frame.uOffset, vo = frame.vOffset
        let src = bytes.bindMemory(to: UInt8.self)
        frame.data.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let s = y * rowBytes, d = y * width
                for x in 0..<width { dst[d + x] = src[s + 2 * x] }
            }
            for cy in 0..<ch {
                let top = 2 * cy * rowBytes, bottom = min(2 * cy + 1, height - 1) * rowBytes, d = cy * cw
                for cx in 0..<cw {
                    let t = top + 4 * cx, b = bottom + 4 * cx
                    dst[uo + d + cx] = UInt8(truncatingIfNeeded: (Int(src[t + 1]) + Int(src[b + 1]) + 1) >> 1)
                    dst[vo + d + cx] = UInt8(truncatingIfNeeded: (Int(src[t + 3]) + Int(src[b + 3]) + 1) >> 1)
                }
            }
        }
        return frame
    }

    /// Packed R, G, B(, A) pixels, `pixelBytes` apart and rows `rowBytes` apart, as YUV 4:2:0:
    /// luma per pixel, chroma from each 2x2 block's mean.
    private static func frame(rgb bytes: UnsafeRawBufferPointer, width: Int, height: Int, rowBytes: Int, pixelBytes: Int,
                              matrix: YUVMatrix) -> YUVFrame {
        var frame = YUVFrame(width: width, height: height, y: 16)
        blocks(rgb: bytes, original: nil, rowBytes: rowBytes, pixelBytes: pixelBytes, into: &frame, matrix: matrix)
        return frame
    }

    /// The one RGB to YUV 4:2:0 loop, over 2x2 blocks: luma per pixel, chroma from the
    /// block's mean. With `original` (the same layout), only pixels that differ from it
    /// are written, and a block's chroma only when one of its pixels differs.
    private static func blocks(rgb bytes: UnsafeRawBufferPointer, original: UnsafeRawBufferPointer?, rowBytes: Int,
                               pixelBytes: Int, into frame: inout YUVFrame, matrix: YUVMatrix) {
        let width = frame.width, height = frame.height
        let cw = frame.chromaWidth, uo = frame.uOffset, vo = frame.vOffset
        let src = bytes.bindMemory(to: UInt8.self)
        let before = original?.bindMemory(to: UInt8.self)
        frame.data.withUnsafeMutableBufferPointer { dst in
            var by = 0
            while by < height {
                var bx = 0
                while bx < width {
                    var r = 0, g = 0, b = 0, n = 0, changed = before == nil
                    for dy in 0..<min(2, height - by) {
                        for dx in 0..<min(2, width - bx) {
                            let i = (by + dy) * rowBytes + (bx + dx) * pixelBytes
                            let pr = src[i], pg = src[i + 1], pb = src[i + 2]
                            r += Int(pr)
                            g += Int(pg)
                            b += Int(pb)
                            n += 1
                            if let before, pr == before[i], pg == before[i + 1], pb == before[i + 2] { continue }
                            changed = true
                            dst[(by + dy) * width + bx + dx] = matrix.luma(pr, pg, pb)
                        }
                    }
                    if changed {
                        let c = (by / 2) * cw + bx / 2
                        let (u, v) = matrix.chroma(r: r, g: g, b: b, count: n)
                        dst[uo + c] = u
                        dst[vo + c] = v
                    }
                    bx += 2
                }
                by += 2
            }
        }
    }
}
