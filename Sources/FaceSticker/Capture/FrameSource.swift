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
