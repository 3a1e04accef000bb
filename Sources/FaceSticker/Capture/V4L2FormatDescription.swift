/// One pixel format a device offers (VIDIOC_ENUM_FMT).
public struct V4L2FormatDescription: Equatable, Sendable {
    public var fourcc: FourCC
    public var description: String
    /// Compressed formats (MJPEG, H.264): libv4l2 decodes them for us.
    public var compressed: Bool
    /// Offered by libv4l2's conversion, not by the driver.
    public var emulated: Bool

    public init(fourcc: FourCC, description: String, compressed: Bool = false, emulated: Bool = false) {
        self.fourcc = fourcc
        self.description = description
        self.compressed = compressed
        self.emulated = emulated
    }
}
