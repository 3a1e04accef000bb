/// A video frame as the codecs hold it: 8-bit YUV 4:2:0, limited range, the
/// luma plane then the two chroma planes at half width and height (rounded
/// up), packed in one buffer as ffmpeg's `yuv420p` raw video lays them out.
/// Frames stay in this form from decoder to encoder: a third of RGBA's size
/// through the pipes, and no full-frame colour conversion on either side;
/// only the pixels under stickers (and the detector's small copy) are turned
/// into RGBA.
package struct YUVFrame: Equatable, Sendable {
    package let width: Int
    package let height: Int
    /// Y, then U, then V.
    package var data: [UInt8]

    /// Wraps `data`; nil when its size does not match.
    package init?(width: Int, height: Int, data: [UInt8]) {
        guard width > 0, height > 0, data.count == Self.byteCount(width: width, height: height) else { return nil }
        self.width = width
        self.height = height
        self.data = data
    }

    /// A frame of one colour, given as Y, U, V.
    package init(width: Int, height: Int, y: UInt8, u: UInt8 = 128, v: UInt8 = 128) {
        let w = max(1, width), h = max(1, height)
        let luma = w * h, chroma = ((w + 1) / 2) * ((h + 1) / 2)
        self.width = w
        self.height = h
        data = [UInt8](repeating: y, count: luma) + [UInt8](repeating: u, count: chroma)
            + [UInt8](repeating: v, count: chroma)
    }

    package var chromaWidth: Int { (width + 1) / 2 }
    package var chromaHeight: Int { (height + 1) / 2 }
    /// Where the U and V planes start in `data`.
    package var uOffset: Int { width * height }
    package var vOffset: Int { width * height + chromaWidth * chromaHeight }

    /// Bytes in a frame of this size.
    package static func byteCount(width: Int, height: Int) -> Int {
        width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
    }

    /// Flips the frame about its vertical axis, in place (a phone's selfie view).
    /// An odd width keeps its chroma pairing: the planes are flipped on their own grids.
    package mutating func mirror() {
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

    /// The `width` x `height` window whose top left is (`x`, `y`), copied (`window`).
    package func cropped(x: Int, y: Int, width: Int, height: Int) -> YUVFrame {
        let window = window(x: x, y: y, width: width, height: height)
        var out = YUVFrame(width: window.width, height: window.height, y: 0)
        out.copy(from: self, source: (window.x, window.y), target: (0, 0), size: (window.width, window.height))
        return out
    }

    /// Where `cropped` takes its window: the size kept within the frame's, the top left
    /// rounded down to even (4:2:0 chroma covers two by two pixels) and moved inside the frame.
    package func window(x: Int, y: Int, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int) {
        let w = max(1, min(width, self.width)), h = max(1, min(height, self.height))
        return (max(0, min(x, self.width - w)) & ~1, max(0, min(y, self.height - h)) & ~1, w, h)
    }

    /// This frame inside a `width` x `height` frame of black, its top left at (`x`, `y`)
    /// (rounded down to even); the parts that do not fit are left out.
    package func padded(width: Int, height: Int, x: Int, y: Int) -> YUVFrame {
        var out = YUVFrame(width: width, height: height, y: 16)
        let x0 = max(0, x) & ~1, y0 = max(0, y) & ~1
        out.copy(from: self, source: (0, 0), target: (x0, y0),
                 size: (max(0, min(self.width, out.width - x0)), max(0, min(self.height, out.height - y0))))
        return out
    }

    /// Copies a `size` block of `other`'s planes at `source` onto this frame's at `target`
    /// (even corners; the caller keeps both blocks within their frames).
    private mutating func copy(from other: YUVFrame, source: (x: Int, y: Int), target: (x: Int, y: Int), size: (w: Int, h: Int)) {
        guard size.w > 0, size.h > 0 else { return }
        let (sw, tw) = (other.width, width)
        let (scw, tcw) = (other.chromaWidth, chromaWidth)
        let planes = [(0, 0, sw, tw, 1), (other.uOffset, uOffset, scw, tcw, 2), (other.vOffset, vOffset, scw, tcw, 2)]
        other.data.withUnsafeBufferPointer { src in
            data.withUnsafeMutableBufferPointer { dst in
                for (from, to, srcRow, dstRow, step) in planes {
                    let rows = (size.h + step - 1) / step, columns = (size.w + step - 1) / step
                    let (sx, sy, tx, ty) = (source.x / step, source.y / step, target.x / step, target.y / step)
                    for row in 0..<rows {
                        let s = from + (sy + row) * srcRow + sx, d = to + (ty + row) * dstRow + tx
                        for column in 0..<columns { dst[d + column] = src[s + column] }
                    }
                }
            }
        }
    }
}
