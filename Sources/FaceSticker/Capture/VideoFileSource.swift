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
        let damage = decoder.finish()
        if framesRead == 0 {
            throw FaceStickerError.unreadable(path: info.path, reason: "no frame could be decoded (\(damage ?? "empty video"))")
        }
        return nil
    }

    package func close() {
        guard let decoder else { return }
        decoder.cancel()
        _ = decoder.finish()
        self.decoder = nil
    }
}
