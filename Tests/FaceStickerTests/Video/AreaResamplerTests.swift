@testable import FaceSticker
import Testing

/// The detector's input: YUV 4:2:0 frames shrunk by area averaging straight to RGBA.
@Suite struct AreaResamplerTests {
    static let bt709 = YUVMatrix(matrix: "bt709", fullRange: false)
    /// Full range with neutral chroma turns luma L into grey (L, L, L), so expected values can be worked out by hand.
    static let fullRange = YUVMatrix(matrix: "bt601", fullRange: true)

    /// A frame whose every sample differs from its neighbours, the same for every run.
    static func patterned(width: Int, height: Int) -> YUVFrame {
        var frame = YUVFrame(width: width, height: height, y: 0)
        var state: UInt32 = 12345
        for i in frame.data.indices {
            state = state &* 1_103_515_245 &+ 12345
            frame.data[i] = UInt8(truncatingIfNeeded: 16 + (state >> 16) % 224)
        }
        return frame
    }

    static func shrink(_ frame: YUVFrame, to width: Int, _ height: Int, matrix: YUVMatrix = bt709) -> RGBAImage {
        AreaResampler(sourceWidth: frame.width, sourceHeight: frame.height, width: width, height: height)
            .rgba(frame, matrix: matrix)
    }

    @Test(arguments: [(1280, 720, 480, 270), (176, 144, 176, 144), (7, 5, 3, 2), (13, 9, 5, 4), (101, 77, 37, 29),
                      (3, 3, 1, 1), (9, 1, 4, 1), (1, 7, 1, 3), (1921, 1081, 640, 360)])
    func aFlatColourStaysExactlyThatColour(width: Int, height: Int, outWidth: Int, outHeight: Int) {
        let image = Self.shrink(YUVFrame(width: width, height: height, y: 120, u: 90, v: 180), to: outWidth, outHeight)
        #expect(image.width == outWidth && image.height == outHeight)
        let (r, g, b) = Self.bt709.rgb(120, 90, 180)
        var wrong = 0
        for y in 0..<image.height { for x in 0..<image.width where image[x, y] != (r, g, b, 255) { wrong += 1 } }
        #expect(wrong == 0, "\(width)x\(height) to \(outWidth)x\(outHeight)")
    }

    /// Halving averages each 2x2 luma block (rounded) and takes its one chroma sample as it is.
    @Test func halvingAveragesEachBlock() {
        let frame = Self.patterned(width: 16, height: 10)
        let image = Self.shrink(frame, to: 8, 5)
        var wrong: [String] = []
        for y in 0..<5 {
            for x in 0..<8 {
                let luma = { (dx: Int, dy: Int) in Int(frame.data[(2 * y + dy) * 16 + 2 * x + dx]) }
                let mean = (luma(0, 0) + luma(1, 0) + luma(0, 1) + luma(1, 1) + 2) / 4
                let c = y * frame.chromaWidth + x
                let (u, v) = (frame.data[frame.uOffset + c], frame.data[frame.vOffset + c])
                let (r, g, b) = Self.bt709.rgb(UInt8(mean), u, v)
                if image[x, y] != (r, g, b, 255) { wrong.append("(\(x), \(y))") }
            }
        }
        #expect(wrong.isEmpty, "pixels off: \(wrong)")
    }

    /// 10 columns to 4: each output covers 2.5 columns. The first `white`
    /// columns are white (255), the rest black, worked out by hand: output 1
    /// covers half of column 2 and all of 3 and 4, so 3 white columns give
    /// 0.5 / 2.5 of white = 51, 4 give 1.5 / 2.5 = 153; output 2 covers
    /// columns 5, 6 and half of 7, so 6 white columns give 1 / 2.5 = 102.
    @Test(arguments: [(3, [255, 51, 0, 0]), (4, [255, 153, 0, 0]), (6, [255, 255, 102, 0])])
    func edgeColumnsCountForTheShareCovered(white: Int, greys: [Int]) {
        var across = YUVFrame(width: 10, height: 5, y: 0)
        var down = YUVFrame(width: 5, height: 10, y: 0)
        for i in 0..<10 where i < white {
            for j in 0..<5 {
                across.data[j * 10 + i] = 255
                down.data[i * 5 + j] = 255
            }
        }
        let wide = Self.shrink(across, to: 4, 2, matrix: Self.fullRange)
        let tall = Self.shrink(down, to: 2, 4, matrix: Self.fullRange)
        for (i, grey) in greys.enumerated() {
            let g = UInt8(grey)
            #expect(wide[i, 0] == (g, g, g, 255) && wide[i, 1] == (g, g, g, 255), "column \(i)")
            #expect(tall[0, i] == (g, g, g, 255) && tall[1, i] == (g, g, g, 255), "row \(i)")
        }
    }

    /// A 9-pixel-wide frame has 5 chroma columns, the last covering one
    /// pixel. Shrunk to 3, the last output covers pixels 6 to 8: chroma 3 for
    /// two of them and chroma 4 for one, so U = (2 x 100 + 200) / 3 = 133.
    @Test func theLastChromaSampleOfAnOddFrameCoversOnePixel() {
        var frame = YUVFrame(width: 9, height: 2, y: 128)
        frame.data[frame.uOffset + 3] = 100
        frame.data[frame.uOffset + 4] = 200
        let image = Self.shrink(frame, to: 3, 1, matrix: Self.fullRange)
        let (r, g, b) = Self.fullRange.rgb(128, 133, 128)
        #expect(image[2, 0] == (r, g, b, 255))
        #expect(image[0, 0] == (128, 128, 128, 255))
    }

    /// At its own size the copy is the frame converted pixel by pixel.
    @Test(arguments: [(176, 144), (15, 9), (1, 1)])
    func atTheSameSizeEveryPixelIsConvertedAsItIs(width: Int, height: Int) {
        let frame = Self.patterned(width: width, height: height)
        #expect(Self.shrink(frame, to: width, height) == YUVConversion.rgba(frame, matrix: Self.bt709))
    }

    /// The rule of `downscaled` in detector.cpp, so the detector leaves our copy as it is.
    @Test(arguments: [(1280, 720, 480, 480, 270), (720, 1280, 480, 270, 480), (176, 144, 480, 176, 144),
                      (1000, 3, 10, 10, 1), (1366, 768, 480, 480, 270), (1920, 1080, 640, 640, 360),
                      (1280, 720, 0, 1280, 720), (1280, 720, 1280, 1280, 720)])
    func theTargetSizeFollowsTheDetector(width: Int, height: Int, longest: Int, outWidth: Int, outHeight: Int) {
        let size = AreaResampler.targetSize(width: width, height: height, longestSide: longest)
        #expect(size.width == outWidth && size.height == outHeight)
    }

    /// Frames that do not match what the resampler was made for are still
    /// shrunk (never read out of bounds), and a buffer of the wrong length
    /// gives black rather than a crash.
    @Test func mismatchedFramesAreSafe() {
        let resampler = AreaResampler(sourceWidth: 64, sourceHeight: 48, width: 32, height: 24)
        let other = resampler.rgba(YUVFrame(width: 40, height: 30, y: 120, u: 90, v: 180), matrix: Self.bt709)
        let (r, g, b) = Self.bt709.rgb(120, 90, 180)
        #expect(other.width == 32 && other.height == 24 && other[31, 23] == (r, g, b, 255))
        var short = YUVFrame(width: 64, height: 48, y: 120)
        short.data.removeLast(100)
        let black = resampler.rgba(short, matrix: Self.bt709)
        #expect(black.width == 32 && black.height == 24 && black[0, 0] == (0, 0, 0, 255))
    }

    /// On the benchmark clip at the pipeline's detection size, the detector
    /// finds on our copy the faces it finds when it shrinks the full frame
    /// itself (OpenCV's INTER_AREA), in the same places of the frame.
    @Test(Fixtures.needsShared("data/video/megamind-720p.mp4"), Fixtures.needsYuNet)
    func detectionOnRealFramesFindsTheSameFaces() throws {
        let path = Fixtures.sharedPath("data/video/megamind-720p.mp4")
        let info = try VideoProbe.probe(path: path)
        let matrix = YUVMatrix(info)
        let settings = VideoOptions(detector: Fixtures.settings(.yunet)).detectorSettings(width: info.width,
                                                                                          height: info.height)
        #expect(settings.inputSize == 480)
        let ours = try FrameDetector(settings: settings, width: info.width, height: info.height, matrix: matrix,
                                     follow: false)
        let reference = try FaceFinder(settings: settings) // shrinks with OpenCV's INTER_AREA
        var framesWithFaces = 0
        try VideoFrames.forEachYUV(path) { index, frame in
            guard index % 15 == 0 else { return }
            let found = try ours.detect(in: frame, round: nil)
            let expected = try reference.detect(in: YUVConversion.rgba(frame, matrix: matrix))
            if !expected.isEmpty { framesWithFaces += 1 }
            // Faces near the score threshold may come and go with any change of pixels; clear ones must not.
            for (these, those, what) in [(expected, found, "missed"), (found, expected, "extra")] {
                for face in these where face.score >= 0.7 {
                    let best = those.map { $0.box.iou(face.box) }.max() ?? 0
                    #expect(best >= 0.9, "frame \(index): \(what) \(face.box) (score \(face.score)), best IoU \(best)")
                }
            }
        }
        #expect(framesWithFaces >= 3, "the clip shows faces in \(framesWithFaces) sampled frames")
    }
}
