/// Moves pixels between `YUVFrame`s and RGBA images: a region out for
/// drawing and back in (only what changed), and small copies for the detector.
public enum YUVConversion {
    /// The frame's pixels in `region` (whole pixels, inside the frame) as RGBA;
    /// chroma is taken from the 2x2 block each pixel lies in.
    public static func rgba(_ frame: YUVFrame, region: PixelRegion, matrix: YUVMatrix) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: region.width * region.height * 4)
        let width = frame.width, cw = frame.chromaWidth, uo = frame.uOffset, vo = frame.vOffset
        frame.data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for row in 0..<region.height {
                    let y = region.y + row
                    let luma = y * width, chroma = (y / 2) * cw
                    var d = row * region.width * 4
                    for x in region.x..<(region.x + region.width) {
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
        return RGBAImage(width: region.width, height: region.height, pixels: pixels)
            ?? RGBAImage(width: region.width, height: region.height)
    }

    /// Writes `image` (taken from `region` by `rgba`, then drawn on) back into
    /// the frame. Pixels equal to `original`'s keep their exact YUV; a chroma
    /// sample is redone from its 2x2 block when any pixel of the block changed.
    /// `region` must start on even coordinates.
    public static func write(_ image: RGBAImage, original: RGBAImage, into frame: inout YUVFrame,
                             region: PixelRegion, matrix: YUVMatrix) {
        guard image.width == region.width, image.height == region.height, original.width == image.width,
              original.height == image.height, region.x % 2 == 0, region.y % 2 == 0 else { return }
        let width = frame.width, cw = frame.chromaWidth, uo = frame.uOffset, vo = frame.vOffset
        let rw = region.width, rh = region.height
        image.pixels.withUnsafeBufferPointer { now in
            original.pixels.withUnsafeBufferPointer { before in
                frame.data.withUnsafeMutableBufferPointer { dst in
                    var by = 0
                    while by < rh {
                        var bx = 0
                        while bx < rw {
                            var r = 0, g = 0, b = 0, n = 0, changed = false
                            for dy in 0..<min(2, rh - by) {
                                for dx in 0..<min(2, rw - bx) {
                                    let i = ((by + dy) * rw + bx + dx) * 4
                                    let pr = now[i], pg = now[i + 1], pb = now[i + 2]
                                    r += Int(pr)
                                    g += Int(pg)
                                    b += Int(pb)
                                    n += 1
                                    if pr != before[i] || pg != before[i + 1] || pb != before[i + 2] {
                                        changed = true
                                        dst[(region.y + by + dy) * width + region.x + bx + dx] = matrix.luma(pr, pg, pb)
                                    }
                                }
                            }
                            if changed {
                                let c = ((region.y + by) / 2) * cw + (region.x + bx) / 2
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

    /// An RGBA copy of the frame shrunk `halvings` times by two, each pixel
    /// the mean of its block of luma and chroma (the detector's input).
    public static func downscaled(_ frame: YUVFrame, halvings: Int, matrix: YUVMatrix) -> RGBAImage {
        guard halvings > 0 else { return rgba(frame, region: PixelRegion(frame), matrix: matrix) }
        let k = halvings, side = 1 << k, cside = 1 << (k - 1)
        let outWidth = frame.width >> k, outHeight = frame.height >> k
        var pixels = [UInt8](repeating: 255, count: outWidth * outHeight * 4)
        let width = frame.width, cw = frame.chromaWidth, uo = frame.uOffset, vo = frame.vOffset
        let lumaCount = side * side, chromaCount = cside * cside
        frame.data.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                guard let s = src.baseAddress, let out = dst.baseAddress else { return }
                for oy in 0..<outHeight {
                    var d = out + oy * outWidth * 4
                    if k == 1 {
                        // The common case, unrolled: a 2x2 luma block and its one chroma sample.
                        let row0 = s + 2 * oy * width, row1 = row0 + width
                        let us = s + uo + oy * cw, vs = s + vo + oy * cw
                        for ox in 0..<outWidth {
                            let x = 2 * ox
                            let sum = Int(row0[x]) + Int(row0[x + 1]) + Int(row1[x]) + Int(row1[x + 1])
                            let (r, g, b) = matrix.rgb(UInt8(truncatingIfNeeded: (sum + 2) >> 2), us[ox], vs[ox])
                            d[0] = r
                            d[1] = g
                            d[2] = b
                            d += 4
                        }
                        continue
                    }
                    for ox in 0..<outWidth {
                        var ySum = 0, uSum = 0, vSum = 0
                        for dy in 0..<side {
                            let row = s + (oy * side + dy) * width + ox * side
                            for dx in 0..<side { ySum += Int(row[dx]) }
                        }
                        for dy in 0..<cside {
                            let row = (oy * cside + dy) * cw + ox * cside
                            for dx in 0..<cside {
                                uSum += Int(s[uo + row + dx])
                                vSum += Int(s[vo + row + dx])
                            }
                        }
                        let (r, g, b) = matrix.rgb(UInt8((ySum + lumaCount / 2) / lumaCount),
                                                   UInt8((uSum + chromaCount / 2) / chromaCount),
                                                   UInt8((vSum + chromaCount / 2) / chromaCount))
                        d[0] = r
                        d[1] = g
                        d[2] = b
                        d += 4
                    }
                }
            }
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: pixels) ?? RGBAImage(width: outWidth, height: outHeight)
    }

    /// The whole frame as RGBA.
    public static func rgba(_ frame: YUVFrame, matrix: YUVMatrix) -> RGBAImage {
        rgba(frame, region: PixelRegion(frame), matrix: matrix)
    }
}
