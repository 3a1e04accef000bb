import FaceSticker
import Testing

/// Colour conversion between the pipeline's YUV frames and RGBA.
@Suite struct YUVConversionTests {
    static let bt601 = YUVMatrix(matrix: "bt601", fullRange: false)

    /// Reference values of the standards (limited range): black, white, red, green, blue.
    @Test(arguments: [
        ("bt601", (0, 0, 0), (16, 128, 128)), ("bt601", (255, 255, 255), (235, 128, 128)),
        ("bt601", (255, 0, 0), (81, 90, 240)), ("bt601", (0, 255, 0), (145, 54, 34)), ("bt601", (0, 0, 255), (41, 240, 110)),
        ("bt709", (255, 0, 0), (63, 102, 240)), ("bt709", (0, 255, 0), (173, 42, 26)), ("bt709", (0, 0, 255), (32, 240, 118)),
    ] as [(String, (Int, Int, Int), (Int, Int, Int))])
    func matchesTheStandards(matrix: String, rgb: (Int, Int, Int), yuv: (Int, Int, Int)) {
        let m = YUVMatrix(matrix: matrix, fullRange: false)
        let (r, g, b) = (UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2))
        #expect(abs(Int(m.luma(r, g, b)) - yuv.0) <= 1)
        let (u, v) = m.chroma(r: rgb.0, g: rgb.1, b: rgb.2, count: 1)
        #expect(abs(Int(u) - yuv.1) <= 1 && abs(Int(v) - yuv.2) <= 1, "\(u) \(v)")
        let back = m.rgb(UInt8(yuv.0), UInt8(yuv.1), UInt8(yuv.2))
        #expect(abs(Int(back.0) - rgb.0) <= 2 && abs(Int(back.1) - rgb.1) <= 2 && abs(Int(back.2) - rgb.2) <= 2)
    }

    @Test(arguments: [("bt601", false), ("bt709", false), ("bt601", true), ("bt709", true)])
    func roundTripsWithinTwoLevels(matrix: String, full: Bool) {
        let m = YUVMatrix(matrix: matrix, fullRange: full)
        var worst = 0
        for r in stride(from: 0, through: 255, by: 17) {
            for g in stride(from: 0, through: 255, by: 17) {
                for b in stride(from: 0, through: 255, by: 17) {
                    let y = m.luma(UInt8(r), UInt8(g), UInt8(b))
                    let (u, v) = m.chroma(r: r, g: g, b: b, count: 1)
                    let back = m.rgb(y, u, v)
                    worst = max(worst, abs(Int(back.0) - r), abs(Int(back.1) - g), abs(Int(back.2) - b))
                }
            }
        }
        #expect(worst <= 2)
    }

    @Test func untouchedPixelsKeepTheirExactBytes() throws {
        var frame = YUVFrame(width: 20, height: 10, y: 50, u: 100, v: 150)
        for i in frame.data.indices { frame.data[i] = UInt8(truncatingIfNeeded: 40 + i % 150) }
        let before = frame
        let original = YUVConversion.rgba(frame, matrix: Self.bt601)
        var drawn = original
        drawn[7, 5] = (255, 0, 0, 255)
        YUVConversion.write(drawn, original: original, into: &frame, matrix: Self.bt601)
        var changed: [Int] = []
        for i in frame.data.indices where frame.data[i] != before.data[i] { changed.append(i) }
        let chroma = (5 / 2) * frame.chromaWidth + 7 / 2
        #expect(Set(changed).isSubset(of: [5 * 20 + 7, frame.uOffset + chroma, frame.vOffset + chroma]))
        #expect(changed.contains(5 * 20 + 7))
        #expect(abs(Int(frame.data[5 * 20 + 7]) - 81) <= 1, "red's luma")
    }

    // MARK: Captured frames (a camera's YUYV and RGB24)

    func packed(_ bytes: [UInt8], _ layout: YUVConversion.PackedLayout, _ width: Int, _ height: Int,
                bytesPerLine: Int = 0) -> YUVFrame? {
        bytes.withUnsafeBytes {
            YUVConversion.frame(packed: $0, layout: layout, width: width, height: height, bytesPerLine: bytesPerLine)
        }
    }

    @Test func yuyvKeepsItsSamplesAndAveragesChromaOverRowPairs() throws {
        // Two rows of one pair each: luma as sent, U and V the rounded mean of the two rows'.
        let frame = try #require(packed([10, 100, 20, 200, 30, 111, 40, 222], .yuyv, 2, 2))
        #expect(frame.data == [10, 20, 30, 40, 106, 211])
        // An odd last row keeps its own chroma; row padding is skipped.
        let three = try #require(packed([1, 50, 2, 60, 9, 9, 3, 70, 4, 80, 9, 9, 5, 90, 6, 100], .yuyv, 2, 3,
                                        bytesPerLine: 6))
        #expect(three.data == [1, 2, 3, 4, 5, 6, 60, 90, 70, 100])
    }

    @Test(arguments: [
        // BT.601 limited range: (Y, U, V) of pure colours, to within 2 levels.
        ((235, 128, 128), (255, 255, 255)), ((16, 128, 128), (0, 0, 0)),
        ((81, 90, 240), (255, 0, 0)), ((145, 54, 34), (0, 255, 0)), ((41, 240, 110), (0, 0, 255)),
    ])
    func yuyvColoursFollowBT601(yuv: (Int, Int, Int), rgb: (Int, Int, Int)) throws {
        let (y, u, v) = (UInt8(yuv.0), UInt8(yuv.1), UInt8(yuv.2))
        let image = YUVConversion.rgba(try #require(packed([y, u, y, v], .yuyv, 2, 1)), matrix: Self.bt601)
        for x in 0..<2 {
            let p = image[x, 0]
            #expect(abs(Int(p.0) - rgb.0) <= 2 && abs(Int(p.1) - rgb.1) <= 2 && abs(Int(p.2) - rgb.2) <= 2, "\(p)")
            #expect(p.3 == 255)
        }
    }

    @Test func rgb24IsConvertedAsItsRGBAPictureWouldBeSkippingRowPadding() throws {
        let rgb: [UInt8] = [1, 2, 3, 4, 5, 6, 99, 99, 7, 8, 9, 10, 11, 12]
        let picture = try #require(RGBAImage(width: 2, height: 2, pixels: [1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 255]))
        #expect(packed(rgb, .rgb24, 2, 2, bytesPerLine: 8) == YUVConversion.frame(picture, matrix: Self.bt601))
    }

    @Test func anOddWidthYUYVFrameUsesItsLastPair() throws {
        let frame = try #require(packed([100, 128, 200, 128], .yuyv, 1, 1))
        #expect(frame.data == [100, 128, 128])
        #expect(packed([100, 128, 200], .yuyv, 1, 1) == nil)
    }

    @Test func shortFramesAndEmptySizesGiveNil() {
        #expect(packed([1, 2, 3, 4, 5], .rgb24, 2, 1) == nil)
        #expect(packed([1, 2, 3, 4, 5, 6, 7], .yuyv, 2, 2) == nil)
        #expect(packed([], .rgb24, 0, 0) == nil)
    }
}
