import FaceStickerCore
/// A video file as a frame source, decoded to YUV 4:2:0 by a `FrameDecoder`
/// (the video pipeline's source), optionally scaled, started again to loop: the live loop reads its
/// frames as they come, a selfie takes them as RGBA (converted with the
/// file's own matrix). Frames keep the file's pixel grid: a non-square sample
/// aspect ratio is not undone.
package final class VideoFileSource: FrameSource {
    package let info: VideoInfo
    package let width: Int
    package let height: Int
    package let frameRate: FrameRate
    package let matrix: YUVMatrix
    private var decoder: FrameDecoder?
    private var framesRead = 0

    /// Probes `path` and starts decoding it; `size` scales the frames (nil: the
    /// file's size); `rate` overrides the file's rate.
    package init(path: String, size: (width: Int, height: Int)? = nil, rate: FrameRate? = nil) throws {
        info = try VideoProbe.probe(path: path)
        width = size?.width ?? info.width
        height = size?.height ?? info.height
        frameRate = rate ?? info.frameRate
        matrix = YUVMatrix(info)
        decoder = try start()
    }

    deinit { close() }

    package var name: String { info.path }
    package var size: (width: Int, height: Int) { (width, height) }

    private func start() throws -> FrameDecoder {
        var scaled = info
        scaled.width = width
        scaled.height = height
        return try FrameDecoder(scaled, arguments: FFmpegArguments.liveDecoder(info, width: width, height: height))
    }

    package func next() throws -> Frame? {
        guard let decoder else { return nil }
        if let frame = try decoder.next() {
            framesRead += 1
            return frame
        }
        self.decoder = nil
        try decoder.finishAtEnd(framesRead: framesRead)
        return nil
    }

    package func rewind() throws -> Bool {
        close()
        guard framesRead > 0 else { return false }
        decoder = try start()
        return true
    }

    package func close() {
        decoder?.stop()
        decoder = nil
    }
}
