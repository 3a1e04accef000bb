/// A still image as a frame source: it gives the same picture every time, as
/// a camera pointed at a still scene would, so previews and bursts work on it.
public final class StillImageSource: FrameSource {
    public let name: String
    private let image: RGBAImage

    /// Decodes the PNG or JPEG at `path`.
    public convenience init(path: String) throws {
        try self.init(image: ImageFile.read(path: path), name: path)
    }

    public init(image: RGBAImage, name: String) {
        self.image = image
        self.name = name
    }

    public var isLive: Bool { false }
    public var defaultWarmUp: Int { 0 }

    public func nextFrame() throws -> RGBAImage? { image }

    public func close() {}
}
