import FaceStickerCore
/// Shrinks YUV 4:2:0 frames of one size to RGBA images of one smaller size,
/// each output pixel the mean of the frame area it covers, pixels on its edge
/// weighted by the share of them it covers (OpenCV's INTER_AREA). The
/// detector's input is made this way in one pass from the planes: halving to
/// RGBA and leaving the rest to OpenCV took about twice as long for 720p,
/// OpenCV's area resize being slow for fractional ratios such as 1280 to 480.
/// The tap tables depend only on the sizes, so they are built once.
package struct AreaResampler: Sendable {
    /// Which inputs make each output along one axis, and what each weighs.
    /// Every output reads the same number of inputs (`count`, from its start,
    /// zero weights padding the short ones) so the loops have no edge cases,
    /// and each output's weights sum to exactly `1 << bits`, so a flat colour
    /// comes out exactly.
    private struct Taps: Sendable {
        /// For each output: the first input it reads, then `count` weights.
        let entries: [Int32]
        let count: Int

        /// `source` frame pixels (luma) onto `target` outputs, for input
        /// samples `step` frame pixels wide: 1 for luma, 2 for 4:2:0 chroma,
        /// whose last sample covers a single pixel when `source` is odd.
        init(source: Int, target: Int, step: Int, bits: Int) {
            // Integer units of 1 / target frame pixel: output o spans
            // [o * source, (o + 1) * source), input i spans [i * step * target,
            // min((i + 1) * step, source) * target). Exact, so weights are too.
            let inputs = (source + step - 1) / step
            func end(_ i: Int) -> Int { min((i + 1) * step, source) * target }
            var lists: [(first: Int, weights: [Int32])] = []
            lists.reserveCapacity(target)
            var first = 0, count = 1
            for o in 0..<target {
                let lo = o * source, hi = lo + source
                while first < inputs - 1, end(first) <= lo { first += 1 }
                var weights: [Int32] = []
                var covered = 0, given = 0, i = first
                while i < inputs, i * step * target < hi {
                    covered += min(end(i), hi) - max(i * step * target, lo)
                    // Rounding the running total, not each weight, keeps the sum exact.
                    let total = ((covered << bits) + source / 2) / source
                    weights.append(Int32(truncatingIfNeeded: total - given))
                    given = total
                    i += 1
                }
                count = max(count, weights.count)
                lists.append((first, weights))
            }
            var entries: [Int32] = []
            entries.reserveCapacity(target * (count + 1))
            for (first, weights) in lists {
                // Near the end the window starts early, so it never reads past the plane.
                let start = max(0, min(first, inputs - count))
                let before = first - start
                entries.append(Int32(truncatingIfNeeded: start))
                entries.append(contentsOf: repeatElement(0, count: before))
                entries.append(contentsOf: weights)
                entries.append(contentsOf: repeatElement(0, count: count - before - weights.count))
            }
            self.entries = entries
            self.count = count
        }
    }

    /// Row weights are 8-bit so a weighted row sum of bytes fits a UInt16,
    /// which keeps the vertical pass in wide vector lanes; column weights
    /// are 16-bit, applied to those sums in full-width integers.
    private static let rowBits = 8, columnBits = 16

    package let sourceWidth: Int
    package let sourceHeight: Int
    /// The size of the images made.
    package let width: Int
    package let height: Int
    /// The tap tables of luma columns, chroma columns, luma rows and chroma
    /// rows end to end, so the loops need one buffer for all four.
    private let table: [Int32]
    /// Per table in that order: where it starts in `table` and its taps per output.
    private let offsets: (lumaColumns: Int, chromaColumns: Int, lumaRows: Int, chromaRows: Int)
    private let counts: (lumaColumns: Int, chromaColumns: Int, lumaRows: Int, chromaRows: Int)

    /// For frames of `sourceWidth` x `sourceHeight` to images of `width` x
    /// `height`; the output size is clamped to 1...source size per axis.
    package init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int) {
        let sw = max(1, sourceWidth), sh = max(1, sourceHeight)
        let w = min(max(1, width), sw), h = min(max(1, height), sh)
        self.sourceWidth = sw
        self.sourceHeight = sh
        self.width = w
        self.height = h
        let lumaColumns = Taps(source: sw, target: w, step: 1, bits: Self.columnBits)
        let chromaColumns = Taps(source: sw, target: w, step: 2, bits: Self.columnBits)
        let lumaRows = Taps(source: sh, target: h, step: 1, bits: Self.rowBits)
        let chromaRows = Taps(source: sh, target: h, step: 2, bits: Self.rowBits)
        table = lumaColumns.entries + chromaColumns.entries + lumaRows.entries + chromaRows.entries
        let second = lumaColumns.entries.count, third = second + chromaColumns.entries.count
        offsets = (0, second, third, third + lumaRows.entries.count)
        counts = (lumaColumns.count, chromaColumns.count, lumaRows.count, chromaRows.count)
    }

    /// The size the detector's copy of a `width` x `height` frame has (the one rule, `FaceFinder.inputSize`).
    package static func targetSize(width: Int, height: Int, longestSide: Int) -> (width: Int, height: Int) {
        FaceFinder.inputSize(width: width, height: height, longestSide: longestSide)
    }

    /// `frame` shrunk to `width` x `height`, opaque. A frame of another size
    /// than the resampler's is shrunk by the same rule to at most that size.
    package func rgba(_ frame: YUVFrame, matrix: YUVMatrix) -> RGBAImage {
        guard frame.width == sourceWidth, frame.height == sourceHeight else {
            return AreaResampler(sourceWidth: frame.width, sourceHeight: frame.height, width: width, height: height)
                .rgba(frame, matrix: matrix)
        }
        // The planes are read through unchecked pointers: a buffer of the wrong size must not get that far.
        guard frame.data.count == YUVFrame.byteCount(width: frame.width, height: frame.height) else {
            return RGBAImage(width: width, height: height)
        }
        let outWidth = width, outHeight = height, count = outWidth * outHeight * 4
        let scratch = sourceWidth + 2 * frame.chromaWidth + 3 * outWidth
        let pixels = [UInt8](unsafeUninitializedCapacity: count) { out, initialized in
            let rendered = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: scratch) { rows in
                render(frame, matrix: matrix, rows: rows, into: out)
            }
            // Never hand out memory that was not written.
            if !rendered { out.initialize(repeating: 0) }
            initialized = count
        }
        return RGBAImage(width: outWidth, height: outHeight, pixels: pixels)
            ?? RGBAImage(width: outWidth, height: outHeight)
    }

    /// One output row at a time: the rows of each plane it covers are blended
    /// into `rows` (Y, then U, then V, at plane width), those are blended
    /// across each output's columns (Y, U, V at output width, after them in
    /// `rows`), and the three converted to RGB. Rows first, because that pass
    /// runs over whole contiguous rows and vectorises, while the column pass
    /// gathers sample by sample and so is best run only on output rows.
    private func render(_ frame: YUVFrame, matrix: YUVMatrix, rows: UnsafeMutableBufferPointer<UInt16>,
                        into out: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        let lumaWidth = sourceWidth, chromaWidth = frame.chromaWidth, outWidth = width
        let uOffset = frame.uOffset, vOffset = frame.vOffset
        let lcCount = counts.lumaColumns, ccCount = counts.chromaColumns
        let lrCount = counts.lumaRows, crCount = counts.chromaRows
        return frame.data.withUnsafeBufferPointer { src in
            table.withUnsafeBufferPointer { tables in
                guard let plane = src.baseAddress, let yRow = rows.baseAddress, var d = out.baseAddress,
                      let lc = tables.baseAddress, out.count >= 4 * outWidth * height,
                      rows.count >= lumaWidth + 2 * chromaWidth + 3 * outWidth
                else { return false }
                let cc = lc + offsets.chromaColumns, lr = lc + offsets.lumaRows, cr = lc + offsets.chromaRows
                let uRow = yRow + lumaWidth, vRow = uRow + chromaWidth
                let yOut = vRow + chromaWidth, uOut = yOut + outWidth, vOut = uOut + outWidth
                for oy in 0..<height {
                    let lumaTaps = lr + oy * (lrCount + 1), chromaTaps = cr + oy * (crCount + 1)
                    Self.blendRows(plane, width: lumaWidth, taps: lumaTaps, count: lrCount, into: yRow)
                    Self.blendRows(plane + uOffset, width: chromaWidth, taps: chromaTaps, count: crCount, into: uRow)
                    Self.blendRows(plane + vOffset, width: chromaWidth, taps: chromaTaps, count: crCount, into: vRow)
                    Self.unrolled(lcCount) { count in
                        Self.blendColumns(yRow, yRow, taps: lc, count: count, pair: false, outputs: outWidth,
                                          into: yOut, yOut)
                    }
                    Self.unrolled(ccCount) { count in
                        Self.blendColumns(uRow, vRow, taps: cc, count: count, pair: true, outputs: outWidth,
                                          into: uOut, vOut)
                    }
                    for x in 0..<outWidth {
                        let (r, g, b) = matrix.rgb(UInt8(truncatingIfNeeded: yOut[x]),
                                                   UInt8(truncatingIfNeeded: uOut[x]),
                                                   UInt8(truncatingIfNeeded: vOut[x]))
                        d[0] = r
                        d[1] = g
                        d[2] = b
                        d[3] = 255
                        d += 4
                    }
                }
                return true
            }
        }
    }

    /// `row[x]` = the sum over k of weight k times byte x of plane row
    /// `start + k`, for `taps` = start, then `count` weights. Row weights are
    /// at most 256 and sum to 256, so the sums fit UInt16 and wrapping is exact.
    @inline(__always)
    private static func blendRows(_ plane: UnsafePointer<UInt8>, width: Int, taps: UnsafePointer<Int32>, count: Int,
                                  into row: UnsafeMutablePointer<UInt16>) {
        var source = plane + Int(taps[0]) * width
        let first = UInt16(truncatingIfNeeded: taps[1])
        for x in 0..<width { row[x] = first &* UInt16(source[x]) }
        for k in 1..<max(1, count) {
            source += width
            let w = UInt16(truncatingIfNeeded: taps[k + 1])
            if w == 0 { continue }
            for x in 0..<width { row[x] = row[x] &+ w &* UInt16(source[x]) }
        }
    }

    /// Calls `body` with `count`, as a literal for the usual tap counts: once
    /// `body` is inlined, each case gets a copy of the column loop with its
    /// inner loop unrolled, which is most of the speed of the column pass.
    @inline(__always)
    private static func unrolled(_ count: Int, _ body: (Int) -> Void) {
        switch count {
        case 1: body(1)
        case 2: body(2)
        case 3: body(3)
        case 4: body(4)
        default: body(count)
        }
    }

    /// `out[o]` = `row` blended across output o's columns and rounded to 8
    /// bits, for `taps` = per output a start then `count` weights; the same
    /// for `row2` into `out2` when `pair` (U and V share their taps).
    @inline(__always)
    private static func blendColumns(_ row: UnsafePointer<UInt16>, _ row2: UnsafePointer<UInt16>,
                                     taps: UnsafePointer<Int32>, count: Int, pair: Bool, outputs: Int,
                                     into out: UnsafeMutablePointer<UInt16>, _ out2: UnsafeMutablePointer<UInt16>) {
        let shift = rowBits + columnBits, half = 1 << (shift - 1)
        var t = taps
        if count == 1 {
            // A lone tap weighs exactly 1 << columnBits: the row sum, rounded, with no multiply.
            let roundRow = UInt16(1 << (rowBits - 1))
            for o in 0..<outputs {
                let i = Int(t[0])
                out[o] = (row[i] &+ roundRow) >> UInt16(rowBits)
                if pair { out2[o] = (row2[i] &+ roundRow) >> UInt16(rowBits) }
                t += 2
            }
            return
        }
        for o in 0..<outputs {
            let start = Int(t[0])
            var sum = half, sum2 = half
            for k in 0..<count {
                let w = Int(t[k + 1])
                sum &+= w &* Int(row[start + k])
                if pair { sum2 &+= w &* Int(row2[start + k]) }
            }
            out[o] = UInt16(truncatingIfNeeded: sum >> shift)
            if pair { out2[o] = UInt16(truncatingIfNeeded: sum2 >> shift) }
            t += count + 1
        }
    }
}
