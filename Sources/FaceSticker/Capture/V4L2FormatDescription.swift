/// One pixel format a device offers (VIDIOC_ENUM_FMT).
package struct V4L2FormatDescription: Equatable, Sendable {
    package var fourcc: FourCC
    package var description: String
    /// Compressed formats (MJPEG, H.264): libv4l2 decodes them for us.
    package var compressed: Bool
    /// Offered by libv4l2's conversion, not by the driver.
    package var emulated: Bool

    package init(fourcc: FourCC, description: String, compressed: Bool = false, emulated: Bool = false) {
        self.fourcc = fourcc
        self.description = description
        self.compressed = compressed
        self.emulated = emulated
    }
}
