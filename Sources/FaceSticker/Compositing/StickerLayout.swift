/// Where stickers go on faces: each layer's anchor follows the landmarks
/// (estimated from the box without them), its width a face measure, its
/// angle the eye line; the art's aspect ratio is kept.
package enum StickerLayout {
    /// Where `layer` goes on `face`.
    package static func placement(of layer: StickerLayer, on face: Face) -> StickerPlacement {
        placement(of: layer, on: FacePose(face: face))
    }

    /// Where each of `sticker`'s layers goes on `face`, in drawing order.
    package static func placements(of sticker: Sticker, on face: Face) -> [StickerPlacement] {
        let pose = FacePose(face: face)
        return sticker.layers.map { placement(of: $0, on: pose) }
    }

    /// Where `layer` goes on a face already posed.
    package static func placement(of layer: StickerLayer, on pose: FacePose) -> StickerPlacement {
        if let effect = layer.effect { return effect.mask.region(on: pose) }
        let fit = layer.fit
        let unit = pose.length(fit.measure)
        let width = fit.size * unit
        let height = width / layer.art.aspectRatio
        var center = pose.point(fit.anchor)
            .offset(by: pose.across, scale: fit.offset.x * unit)
            .offset(by: pose.down, scale: fit.offset.y * unit)
        if fit.anchor == .aboveHead { center = center.offset(by: pose.down, scale: -height / 2) }
        return StickerPlacement(center: center, size: Size(width: width, height: height),
                                angle: fit.rotates ? pose.angle : 0)
    }
}
