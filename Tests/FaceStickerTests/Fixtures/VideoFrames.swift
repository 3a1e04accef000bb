@testable import FaceSticker

/// Decodes the frames of a test video one at a time, through the product's own decoder.
enum VideoFrames {
    /// As RGBA pixels.
    static func forEach(_ path: String, _ body: (Int, RGBAImage) throws -> Void) throws {
        let decoder = try FrameDecoder(try VideoProbe.probe(path: path), layout: .rgba)
        defer { _ = decoder.finish() }
        var index = 0
        while let frame = try decoder.next() {
            try body(index, frame)
            index += 1
        }
    }

    /// As the pipeline sees them: YUV 4:2:0.
    static func forEachYUV(_ path: String, _ body: (Int, YUVFrame) throws -> Void) throws {
        let decoder = try FrameDecoder(try VideoProbe.probe(path: path), layout: .yuv420p)
        defer { _ = decoder.finish() }
        var index = 0
        while let frame = try decoder.nextYUV() {
            try body(index, frame)
            index += 1
        }
    }
}
