extension YUVConversion {
    /// A whole RGBA image as a YUV 4:2:0 frame: luma per pixel, chroma from each 2x2 block's mean.
    static func frame(_ image: RGBAImage, matrix: YUVMatrix) -> YUVFrame {
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

extension YUVFrame {
    /// Flips the frame about its vertical axis, in place (a phone's selfie view).
    /// An odd width keeps its chroma pairing: the planes are flipped on their own grids.
    mutating func mirror() {
        let w = width, h = height, cw = chromaWidth, ch = chromaHeight, uo = uOffset, vo = vOffset
        data.withUnsafeMutableBufferPointer { p in
            func flip(offset: Int, rowWidth: Int, rows: Int) {
                for y in 0..<rows {
                    var a = offset + y * rowWidth, b = a + rowWidth - 1
                    while a < b {
                        p.swapAt(a, b)
                        a += 1
                        b -= 1
                    }
                }
            }
            flip(offset: 0, rowWidth: w, rows: h)
            flip(offset: uo, rowWidth: cw, rows: ch)
            flip(offset: vo, rowWidth: cw, rows: ch)
        }
    }
}
