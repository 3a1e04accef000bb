/// Where the selfie pipeline gets its pictures: a camera, a video file, a
/// still image or a folder of images, all behind one interface so the
/// pipeline runs and is tested without a camera.
package protocol FrameSource: AnyObject {
    /// Names the source in messages (a device path or a file).
    var name: String { get }
    /// A live camera: its picture is mirrored by default, and it needs warm-up frames.
    var isLive: Bool { get }
    /// Frames dropped before capturing unless `--skip` says otherwise: about a
    /// second of a camera's frames so exposure and white balance settle; none for files.
    var defaultWarmUp: Int { get }
    /// The next frame, or nil when the source has no more (never nil for a camera).
    func nextFrame() throws -> RGBAImage?
    /// Releases the device or file; safe to call more than once.
    func close()
}

/// Where the live loop's frames come from: a video file decoded by ffmpeg
/// (`VideoFileSource`), or any other `FrameSource` (a camera, a folder of
/// images, a still) through `LiveFrameSource`, each giving
/// YUV 4:2:0 frames of one size. Used from the loop's source thread only.
package protocol LiveSource: AnyObject {
    /// Names the source in messages (a device path or a file).
    var name: String { get }
    var width: Int { get }
    var height: Int { get }
    /// The rate the source delivers at: a file's own rate, a camera's interval.
    var frameRate: FrameRate { get }
    /// A camera paces itself; a file is paced by the loop (unless `--fast`).
    var isLive: Bool { get }
    /// The colour matrix of the frames.
    var matrix: YUVMatrix { get }
    /// The next frame, or nil at the end of a file.
    func next() throws -> YUVFrame?
    /// Starts again from the first frame (`--loop`); false when it cannot.
    func rewind() throws -> Bool
    /// Releases the device or decoder; safe to call more than once.
    func close()
}
