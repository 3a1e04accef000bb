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
}
