/// Moves pixels between `YUVFrame`s and RGBA images: a region out for
/// drawing and back in (only what changed). The detector's small copies are
/// `AreaResampler`'s.
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

    /// The whole frame as RGBA.
    public static func rgba(_ frame: YUVFrame, matrix: YUVMatrix) -> RGBAImage {
        rgba(frame, region: PixelRegion(frame), matrix: matrix)
    }
}
