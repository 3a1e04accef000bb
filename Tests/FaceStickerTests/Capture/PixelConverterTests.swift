@testable import FaceSticker
import Testing

/// Captured bytes to RGBA: the packed formats, row padding, short frames.
@Suite struct PixelConverterTests {
    func convert(_ bytes: [UInt8], _ format: V4L2PixelFormat) -> RGBAImage? {
        bytes.withUnsafeBytes { PixelConverter.image(from: $0, format: format) }
    }

    @Test(arguments: [
        // BT.601 limited range: (Y, U, V) of pure colours, to within 2 levels.
        ((235, 128, 128), (255, 255, 255)), ((16, 128, 128), (0, 0, 0)),
        ((81, 90, 240), (255, 0, 0)), ((145, 54, 34), (0, 255, 0)), ((41, 240, 110), (0, 0, 255)),
    ])
    func yuyvColoursFollowBT601(yuv: (Int, Int, Int), rgb: (Int, Int, Int)) throws {
        let (y, u, v) = (UInt8(yuv.0), UInt8(yuv.1), UInt8(yuv.2))
        let image = try #require(convert([y, u, y, v], V4L2PixelFormat(width: 2, height: 1, fourcc: .yuyv)))
        for x in 0..<2 {
            let p = image[x, 0]
            #expect(abs(Int(p.0) - rgb.0) <= 2 && abs(Int(p.1) - rgb.1) <= 2 && abs(Int(p.2) - rgb.2) <= 2, "\(p)")
            #expect(p.3 == 255)
        }
    }

    @Test func rgbAndBgrSwapChannelsAndSkipRowPadding() throws {
        let rgb: [UInt8] = [1, 2, 3, 4, 5, 6, 99, 99, 7, 8, 9, 10, 11, 12]
        let format = V4L2PixelFormat(width: 2, height: 2, fourcc: .rgb24, bytesPerLine: 8)
        let a = try #require(convert(rgb, format))
        #expect(a.pixels == [1, 2, 3, 255, 4, 5, 6, 255, 7, 8, 9, 255, 10, 11, 12, 255])
        var bgr = format
        bgr.fourcc = .bgr24
        let b = try #require(convert(rgb, bgr))
        #expect(b.pixels == [3, 2, 1, 255, 6, 5, 4, 255, 9, 8, 7, 255, 12, 11, 10, 255])
    }

    @Test func anOddWidthYUYVFrameUsesItsLastPair() throws {
        let image = try #require(convert([100, 128, 200, 128], V4L2PixelFormat(width: 1, height: 1, fourcc: .yuyv)))
        #expect(image.width == 1)
        #expect(convert([100, 128, 200], V4L2PixelFormat(width: 1, height: 1, fourcc: .yuyv)) == nil)
    }

    @Test func shortFramesAndUnknownFormatsGiveNil() {
        #expect(convert([1, 2, 3, 4, 5], V4L2PixelFormat(width: 2, height: 1, fourcc: .rgb24)) == nil)
        #expect(convert([UInt8](repeating: 0, count: 64), V4L2PixelFormat(width: 2, height: 2, fourcc: .mjpeg)) == nil)
        #expect(convert([], V4L2PixelFormat(width: 0, height: 0, fourcc: .rgb24)) == nil)
    }

    @Test func fourCCsPackLittleEndian() {
        #expect(FourCC("YUYV").rawValue == 0x5659_5559)
        #expect(FourCC.rgb24.description == "RGB3")
        #expect(FourCC(rawValue: 0x0000_3147).description == "G1??")
        #expect(FourCC("AB").description == "AB  ")
    }

    @Test func mirroringReversesEachRow() {
        var image = RGBAImage(width: 3, height: 2)
        for x in 0..<3 { image[x, 0] = (UInt8(x), 0, 0, 255); image[x, 1] = (0, UInt8(x), 0, 128) }
        let flipped = Mirror.flipped(image)
        #expect((0..<3).map { flipped[$0, 0].0 } == [2, 1, 0])
        #expect((0..<3).map { flipped[$0, 1].1 } == [2, 1, 0])
        #expect(flipped[0, 1].3 == 128)
        #expect(Mirror.flipped(flipped) == image)
    }
}
