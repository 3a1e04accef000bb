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
}
