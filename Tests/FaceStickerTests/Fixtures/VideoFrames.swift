@testable import FaceSticker

/// Decodes the frames of a test video one at a time, through the product's own decoder.
enum VideoFrames {
    /// As RGBA pixels: the YUV frames converted with the file's own matrix.
    static func forEach(_ path: String, _ body: (Int, RGBAImage) throws -> Void) throws {
        let matrix = YUVMatrix(try VideoProbe.probe(path: path))
        try forEachYUV(path) { index, frame in try body(index, YUVConversion.rgba(frame, matrix: matrix)) }
    }

    /// As the pipeline sees them: YUV 4:2:0.
    static func forEachYUV(_ path: String, _ body: (Int, YUVFrame) throws -> Void) throws {
        let decoder = try FrameDecoder(try VideoProbe.probe(path: path))
        defer { _ = decoder.finish() }
        var index = 0
        while let frame = try decoder.next() {
            try body(index, frame.yuv)
            index += 1
        }
    }
}
