/// A negotiated picture format (VIDIOC_G_FMT / VIDIOC_S_FMT, single-planar capture).
public struct V4L2PixelFormat: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var fourcc: FourCC
    /// Bytes per row as the driver lays them out (0 when asking: the driver chooses).
    public var bytesPerLine: Int
    /// Bytes in one frame (0 when asking).
    public var imageSize: Int

    public init(width: Int, height: Int, fourcc: FourCC, bytesPerLine: Int = 0, imageSize: Int = 0) {
        self.width = width
        self.height = height
        self.fourcc = fourcc
        self.bytesPerLine = bytesPerLine
        self.imageSize = imageSize
    }
}
