import FaceStickerCore
/// A still image as a frame source: it gives the same picture every time, as
/// a camera pointed at a still scene would, so previews and bursts work on it.
package final class StillImageSource: FrameSource {
    package let name: String
    package let frameRate: FrameRate
    private let image: RGBAImage

    /// Decodes the PNG or JPEG at `path`; `rate` paces it in the live loop.
    package convenience init(path: String, rate: FrameRate = .thirty) throws {
        try self.init(image: ImageFile.read(path: path), name: path, rate: rate)
    }

    package init(image: RGBAImage, name: String, rate: FrameRate = .thirty) {
        self.image = image
        self.name = name
        frameRate = rate
    }

    package var size: (width: Int, height: Int) { (image.width, image.height) }
    package var repeats: Bool { true }

    package func next() throws -> Frame? { Frame(image) }

    package func rewind() throws -> Bool { true }

    package func close() {}
}
