import FaceStickerCore
/// Where stickered frames go: the video's encoder (`FrameEncoder`), and the
/// live loop's outputs besides its preview (a Y4M stream, a virtual camera).
/// The other side of `FrameSource`: a pipeline pulls frames from a source and
/// writes them to sinks. Used from one thread at a time.
package protocol FrameSink: AnyObject {
    /// Writes one frame (of the size the sink was opened for).
    func write(_ frame: YUVFrame) throws
    /// The run ended normally: flush, close, put the output in place.
    func finish() throws
    /// The run failed or was cancelled: stop, and leave nothing half-written (a sink
    /// that writes a temporary file its caller owns stops; the caller removes the file).
    func abandon()
}
