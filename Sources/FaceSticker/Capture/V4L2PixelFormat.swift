/// A negotiated picture format (VIDIOC_G_FMT / VIDIOC_S_FMT, single-planar capture).
package struct V4L2PixelFormat: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var fourcc: FourCC
    /// Bytes per row as the driver lays them out (0 when asking: the driver chooses).
    package var bytesPerLine: Int
    /// Bytes in one frame (0 when asking).
    package var imageSize: Int

    package init(width: Int, height: Int, fourcc: FourCC, bytesPerLine: Int = 0, imageSize: Int = 0) {
        self.width = width
        self.height = height
        self.fourcc = fourcc
        self.bytesPerLine = bytesPerLine
        self.imageSize = imageSize
    }
}
