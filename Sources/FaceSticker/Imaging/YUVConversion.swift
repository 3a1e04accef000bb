/// Moves whole frames between `YUVFrame`s and RGBA images: in, for pictures
/// that come as RGBA (stills, folders); out for the filters, which work on
/// RGBA, and back in (only what changed). Stickers alone are blended in YUV
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
              original.height == image.height else { return }
        let width = frame.width, height = frame.height
        let cw = frame.chromaWidth, uo = frame.uOffset, vo = frame.vOffset
        image.pixels.withUnsafeBufferPointer { now in
            original.pixels.withUnsafeBufferPointer { before in
                frame.data.withUnsafeMutableBufferPointer { dst in
                    var by = 0
                    while by < height {
                        var bx = 0
                        while bx < width {
                            var r = 0, g = 0, b = 0, n = 0, changed = false
                            for dy in 0..<min(2, height - by) {
                                for dx in 0..<min(2, width - bx) {
                                    let i = ((by + dy) * width + bx + dx) * 4
                                    let pr = now[i], pg = now[i + 1], pb = now[i + 2]
                                    r += Int(pr)
                                    g += Int(pg)
                                    b += Int(pb)
                                    n += 1
                                    if pr != before[i] || pg != before[i + 1] || pb != before[i + 2] {
                                        changed = true
                                        dst[(by + dy) * width + bx + dx] = matrix.luma(pr, pg, pb)
                                    }
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
    }

    /// A whole RGBA image as a YUV 4:2:0 frame: luma per pixel, chroma from each 2x2 block's mean.
    package static func frame(_ image: RGBAImage, matrix: YUVMatrix) -> YUVFrame {
        var frame = YUVFrame(width: image.width, height: image.height, y: 16)
        let width = frame.width, height = frame.height, cw = frame.chromaWidth
        let uo = frame.uOffset, vo = frame.vOffset, stride = image.stride
        image.pixels.withUnsafeBufferPointer { src in
            frame.data.withUnsafeMutableBufferPointer { dst in
                var by = 0
                while by < height {
                    var bx = 0
                    while bx < width {
                        var r = 0, g = 0, b = 0, n = 0
                        for dy in 0..<min(2, height - by) {
                            for dx in 0..<min(2, width - bx) {
                                let i = (by + dy) * stride + (bx + dx) * 4
                                let pr = src[i], pg = src[i + 1], pb = src[i + 2]
                                r += Int(pr)
                                g += Int(pg)
                                b += Int(pb)
                                n += 1
                                dst[(by + dy) * width + bx + dx] = matrix.luma(pr, pg, pb)
                            }
                        }
                        let c = (by / 2) * cw + bx / 2
                        let (u, v) = matrix.chroma(r: r, g: g, b: b, count: n)
                        dst[uo + c] = u
                        dst[vo + c] = v
                        bx += 2
                    }
                    by += 2
                }
            }
        }
        return frame
    }
}
