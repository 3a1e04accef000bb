import FaceStickerCore
/// Where the live loop's stickered frames go besides the preview: a Y4M
/// stream, a virtual camera. Called from the loop's output thread only.
package protocol LiveSink: AnyObject {
    /// Writes one frame (of the size the sink was opened for).
    func write(_ frame: YUVFrame) throws
    /// The run ended normally: flush, close, put the output in place.
    func finish() throws
    /// The run failed: remove anything half-written.
    func abandon()
}

/// The reader of a stream went away (`| head`, a player closed): the run ends quietly.
package struct LiveReaderGone: Error, CustomStringConvertible {
    package let path: String
    package var description: String { "\(path): the reader closed the stream" }
}
