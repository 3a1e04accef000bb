import FaceStickerCore
/// A picture stickers are drawn on: an RGBA image (photos, selfies) or a YUV
/// 4:2:0 frame in its matrix's colours (video, live). `draw(_:filters:)` is
/// the one draw loop all of them use: colour filters over the whole picture,
/// then each layer at its placement, as an effect or as art.
package protocol StickerSurface {
    /// Blurs, pixelates or fills the picture under `placement`.
    mutating func apply(_ effect: Anonymisation.Effect, at placement: Sticker.Placement)
    /// Blends `art` over the picture at `placement`.
    mutating func blend(_ art: StickerArt, at placement: Sticker.Placement)
    /// Runs `body` on the picture as RGBA (a YUV frame: taken out, and written
    /// back where `body` changed it), for the filters, which work on RGBA.
    mutating func withRGBA(_ body: (inout RGBAImage) -> Void)
}

extension StickerSurface {
    /// Applies `filters` to the whole picture, then draws `layers` in order.
    /// With filters, the layers are drawn on the filtered RGBA picture; without,
    /// straight on this surface (a YUV frame's stickers are blended in YUV, with
    /// no whole-frame conversion).
    package mutating func draw(_ layers: [(layer: Sticker.Layer, placement: Sticker.Placement)], filters: FilterChain) {
        guard filters.isEmpty else {
            withRGBA { image in
                filters.apply(to: &image)
                image.draw(layers, filters: FilterChain(filters: []))
            }
            return
        }
        for (layer, placement) in layers {
            if let effect = layer.effect {
                apply(effect, at: placement)
            } else {
                blend(layer.art, at: placement)
            }
        }
    }
}

extension RGBAImage: StickerSurface {
    package mutating func apply(_ effect: Anonymisation.Effect, at placement: Sticker.Placement) {
        effect.apply(at: placement, to: &self)
    }

    package mutating func blend(_ art: StickerArt, at placement: Sticker.Placement) {
        Compositor.draw(art, at: placement, onto: &self)
    }

    package mutating func withRGBA(_ body: (inout RGBAImage) -> Void) { body(&self) }
}

extension YUVFrame {
    /// A YUV frame with the matrix its colours follow, as a `StickerSurface`.
    package struct Surface: StickerSurface {
        package var frame: YUVFrame
        package let matrix: YUVMatrix

        package mutating func apply(_ effect: Anonymisation.Effect, at placement: Sticker.Placement) {
            effect.apply(at: placement, to: &frame, matrix: matrix)
        }

        package mutating func blend(_ art: StickerArt, at placement: Sticker.Placement) {
            YUVCompositor.draw(art, at: placement, onto: &frame, matrix: matrix)
        }

        package mutating func withRGBA(_ body: (inout RGBAImage) -> Void) {
            var image = YUVConversion.rgba(frame, matrix: matrix)
            let original = image
            body(&image)
            YUVConversion.write(image, original: original, into: &frame, matrix: matrix)
        }
    }

    /// Draws `layers` after `filters` (`StickerSurface.draw`) on this frame, whose colours follow `matrix`.
    package mutating func draw(_ layers: [(layer: Sticker.Layer, placement: Sticker.Placement)], filters: FilterChain,
                               matrix: YUVMatrix) {
        var surface = Surface(frame: self, matrix: matrix)
        // The surface holds the only reference to the pixels, so they are drawn on in place, not copied.
        data = []
        surface.draw(layers, filters: filters)
        self = surface.frame
    }
}
