/// A still image as a frame source: it gives the same picture every time, as
/// a camera pointed at a still scene would, so previews and bursts work on it.
package final class StillImageSource: FrameSource {
    package let name: String
    private let image: RGBAImage

    /// Decodes the PNG or JPEG at `path`.
    package convenience init(path: String) throws {
        try self.init(image: ImageFile.read(path: path), name: path)
    }

    package init(image: RGBAImage, name: String) {
        self.image = image
        self.name = name
    }

    package var isLive: Bool { false }
    package var defaultWarmUp: Int { 0 }

    package func nextFrame() throws -> RGBAImage? { image }

    package func close() {}
}
