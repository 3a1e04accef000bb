/// How one pixel space shows in another: detector input to camera frame,
/// frame to output video or preview window. The source is turned clockwise by
/// `rotation`, flipped left-right when `mirrored` (a front camera's preview),
/// then scaled into the destination by `contentMode`, centred.
///
/// A detector that ran on a downscaled copy maps back with
/// `SpaceMapping(from: copySize, to: frameSize)`; chain mappings with
/// `Transform2D.concatenating`.
package struct SpaceMapping: Hashable, Sendable {
    package let source: Size
    package let destination: Size
    package let contentMode: ContentMode
    package let rotation: QuarterTurn
    package let mirrored: Bool
    /// Source pixels to destination pixels.
    package let transform: Transform2D
    /// Destination pixels to source pixels.
    package let inverse: Transform2D

    /// Throws `invalidArgument` when either size is empty or not finite.
    package init(from source: Size, to destination: Size, contentMode: ContentMode = .stretch,
                rotation: QuarterTurn = .zero, mirrored: Bool = false) throws {
        let oriented = ExifOrientation(rotation: rotation, mirrored: mirrored)
        let turned = oriented.uprightSize(source)
        guard source.width > 0, source.height > 0,
              let fit = contentMode.transform(from: turned, to: destination),
              let inverse = oriented.transform(storedSize: source).concatenating(fit).inverted
        else {
            throw FaceStickerError.invalidArgument(
                "cannot map \(source.width)x\(source.height) into \(destination.width)x\(destination.height)")
        }
        self.source = source
        self.destination = destination
        self.contentMode = contentMode
        self.rotation = rotation
        self.mirrored = mirrored
        self.transform = oriented.transform(storedSize: source).concatenating(fit)
        self.inverse = inverse
    }

    /// The same with the turn and flip of an EXIF orientation.
    package init(from source: Size, to destination: Size, contentMode: ContentMode = .stretch,
                orientation: ExifOrientation) throws {
        try self.init(from: source, to: destination, contentMode: contentMode,
                      rotation: orientation.rotation, mirrored: orientation.isMirrored)
    }

    /// The turn and flip as one EXIF orientation.
    package var orientation: ExifOrientation { ExifOrientation(rotation: rotation, mirrored: mirrored) }

    /// Where the whole source lands in the destination: inside it with
    /// letterbox for `.fit`, overflowing it for `.fill`.
    package var contentRect: Rect {
        transform.apply(to: Rect(x: 0, y: 0, width: source.width, height: source.height))
    }

    /// The part of the source that shows, in source pixels: all of it for
    /// `.fit` and `.stretch`, the central crop for `.fill`.
    package var visibleSourceRect: Rect {
        inverse.apply(to: Rect(x: 0, y: 0, width: destination.width, height: destination.height))
            .intersection(Rect(x: 0, y: 0, width: source.width, height: source.height))
    }

    /// A rectangle given as fractions (0...1) of the source's width and height,
    /// in destination pixels: what AVCaptureVideoPreviewLayer's
    /// `layerRectConverted(fromMetadataOutputRect:)` does.
    package func destinationRect(fromNormalized rect: Rect) -> Rect {
        transform.apply(to: Rect(x: rect.x * source.width, y: rect.y * source.height,
                                 width: rect.width * source.width, height: rect.height * source.height))
    }

    /// The reverse of `destinationRect(fromNormalized:)`, as
    /// `metadataOutputRectConverted(fromLayerRect:)`.
    package func normalizedRect(fromDestination rect: Rect) -> Rect {
        let r = inverse.apply(to: rect)
        return Rect(x: r.x / source.width, y: r.y / source.height,
                    width: r.width / source.width, height: r.height / source.height)
    }
}
