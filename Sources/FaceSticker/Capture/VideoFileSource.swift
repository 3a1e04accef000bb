/// The frames of a video file, decoded by ffmpeg (the Video module's decoder).
/// Frames keep the file's pixel grid: a non-square sample aspect ratio is not undone.
package final class VideoFileSource: FrameSource {
    package let info: VideoInfo
    private var decoder: FrameDecoder?
    private var framesRead = 0

    /// Probes `path` and starts decoding it.
    package init(path: String) throws {
        info = try VideoProbe.probe(path: path)
        decoder = try FrameDecoder(info)
    }

    deinit { close() }

    package var name: String { info.path }
    package var isLive: Bool { false }
    package var defaultWarmUp: Int { 0 }

    package func nextFrame() throws -> RGBAImage? {
        guard let decoder else { return nil }
        if let frame = try decoder.next() {
            framesRead += 1
            return frame
        }
        self.decoder = nil
        try decoder.finishAtEnd(framesRead: framesRead)
        return nil
    }

    package func close() {
        decoder?.stop()
        decoder = nil
    }
}
