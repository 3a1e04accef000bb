import FaceStickerCore
import FaceStickerMedia
import FaceStickerNative
import FaceStickerRender
import FaceStickerVision

/// One photo's work, as `facesticker photo` and `StickerEngine` both run it: the
/// picture mirrored when asked, its faces found, the whole filtered and the chosen
/// faces stickered. Made once from plain settings, run for any number of photos
/// (one thread at a time: it owns a native detector).
package final class PhotoJob {
    /// What one photo came to.
    package struct Result: Sendable {
        /// The faces found, in the picture's pixels (after mirroring).
        package var faces: [Face]
        /// The names of the stickers drawn (`cycle` with one face draws one; none without a face).
        package var drawn: [String]
        package var width: Int
        package var height: Int
        /// Each face stickered, with where each layer went, in the output's pixels.
        package var placements: [StickerRenderer.FacePlacement]
    }

    package let finder: FaceFinder
    package let renderer: StickerRenderer
    /// Flip the picture left to right first, as a selfie camera shows it.
    package let mirror: Bool

    package init(finder: FaceFinder, renderer: StickerRenderer, mirror: Bool = false) {
        self.finder = finder
        self.renderer = renderer
        self.mirror = mirror
    }

    /// Stickers `image` in place.
    package func run(_ image: inout RGBAImage) throws -> Result {
        if mirror { image = image.mirrored() }
        let faces = try finder.detect(in: image)
        let placements = renderer.render(&image, faces: faces)
        return Result(faces: faces, drawn: faces.isEmpty ? [] : renderer.drawn(on: faces).map(\.name),
                      width: image.width, height: image.height, placements: placements)
    }

    /// Reads the photo at `input` (PNG or JPEG, EXIF orientation applied; a damaged
    /// JPEG decoded as far as it goes, with a line to `warn`), stickers it and writes
    /// `output` (.png, .jpg or .jpeg) through a temporary file renamed when complete.
    /// - Throws: before any work when `output` is no image name or is `input`, or
    ///   `quality` is outside 1...100; then on a read, detection or write failure.
    /// `replacing` false: a file that appeared at `output` during the run is not replaced.
    package func run(input: String, output: String, quality: Int = ImageFile.defaultJPEGQuality, replacing: Bool = true,
                     warn: (String) -> Void) throws -> Result {
        guard ImageFile.qualityRange.contains(quality) else {
            throw FaceStickerError.invalidArgument("\(setting: .jpegQuality): \(quality) is outside "
                                                   + "\(ImageFile.qualityRange.lowerBound)...\(ImageFile.qualityRange.upperBound)")
        }
        guard ImageFile.Format(path: output) != nil else {
            throw FaceStickerError.output(path: output, reason: "unknown image type (use .png, .jpg or .jpeg)")
        }
        if FileIdentity.same(input, output) {
            throw FaceStickerError.output(path: output, reason: "that is the input; choose another output")
        }
        let (read, damage) = try ImageFile.readReportingDamage(path: input)
        if let damage { warn(ImageFile.damageWarning(input, damage)) }
        var image = read
        let result = try run(&image)
        try ImageFile.write(image, to: output, quality: quality, replacing: replacing,
                            record: OutputRecord(foundFace: !result.faces.isEmpty))
        return result
    }
}
