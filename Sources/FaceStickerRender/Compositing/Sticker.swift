import Foundation
import FaceStickerCore
import FaceStickerVision

/// A sticker ready to draw: its layers' art loaded and prepared, drawn in order.
@usableFromInline
package struct Sticker: Sendable {
    /// The sticker a face gets when none is named (the CLI's `--sticker`, `StickerEngine.Options`).
    @usableFromInline
    package static let defaultName = "sunglasses"
    /// Layers one sticker may have: more is no face decoration, and each costs drawing time per face.
    package static let maxLayers = 16
    /// The longest side sticker art may have, in pixels. Art is drawn at face size (a
    /// face fills at most a picture's height), so 4096 is sharp on any photo up to 8K;
    /// prepared, such art takes about 340 MB (premultiplied floats and halved copies).
    package static let maxArtSide = 4096

    /// The manifest name, or the PNG path it was loaded from.
    package var name: String
    package var layers: [Sticker.Layer]

    package init(name: String, layers: [Sticker.Layer]) {
        self.name = name
        self.layers = layers
    }

    /// A one-layer sticker that draws an anonymisation effect, named by its spec.
    package init(effect: Anonymisation.Effect) {
        self.init(name: effect.name, layers: [Sticker.Layer(effect: effect)])
    }

    /// Whether every layer is an anonymisation effect.
    package var isEffect: Bool { !layers.isEmpty && layers.allSatisfy { $0.effect != nil } }

    /// The profile detection runs with for `stickers`: `recall` when every layer of
    /// every one hides the face, `precision` as soon as one draws art (a sticker must
    /// not land on a non-face, even beside a blur).
    package static func profile(for stickers: [Sticker]) -> DetectionProfile {
        !stickers.isEmpty && stickers.allSatisfy(\.isEffect) ? .recall : .precision
    }

    /// The same rule on sticker names, before any is loaded: only the built-in effect specs
    /// name effects (`StickerLibrary` resolves them first, and a pack holds art only).
    package static func profile(forNames names: [String]) -> DetectionProfile {
        profile(for: names.map { name in
            ((try? Anonymisation.Effect.parse(name)) ?? nil).map(Sticker.init(effect:)) ?? Sticker(name: name, layers: [])
        })
    }

    /// This sticker with `mask` on each of its effect layers (`--mask-scale`, `--mask-shape`).
    package func withMask(_ mask: Anonymisation.Mask) -> Sticker {
        var copy = self
        for i in copy.layers.indices where copy.layers[i].effect != nil { copy.layers[i].effect?.mask = mask }
        return copy
    }

    /// A one-layer sticker from straight-alpha art.
    package init(name: String, art: RGBAImage, fit: Sticker.Fit) {
        self.init(name: name, layers: [Sticker.Layer(art: StickerArt(art), fit: fit)])
    }
}

extension Sticker {
    /// One picture of a sticker and how it sits on a face.
    package struct Layer: Sendable {
        package var art: StickerArt
        package var fit: Sticker.Fit
        /// An anonymisation effect drawn instead of `art` (which is then a blank
        /// pixel), over its mask's region of the face; nil for a picture layer.
        package var effect: Anonymisation.Effect?

        package init(art: StickerArt, fit: Sticker.Fit) {
            self.art = art
            self.fit = fit
            effect = nil
        }

        /// A layer that draws `effect` over the face.
        package init(effect: Anonymisation.Effect) {
            art = Self.blank
            fit = .plainPicture
            self.effect = effect
        }

        private static let blank = StickerArt(RGBAImage(width: 1, height: 1, fill: (0, 0, 0, 0)))
    }

    /// How one sticker layer sits on a face.
    package struct Fit: Hashable, Sendable {
        /// The face point the layer's centre (for `aboveHead`, its bottom edge) goes to.
        package var anchor: Sticker.Anchor
        /// The face length the size is a multiple of.
        package var measure: Sticker.Measure
        /// The drawn art width, in `measure`s; the height follows the art's aspect ratio.
        package var size: Double
        /// A shift from the anchor in `measure`s: x toward the subject's left eye
        /// (the image's right on an upright face), y down the face. It follows
        /// the head's roll whether or not the art itself turns.
        package var offset: Point
        /// Whether the art turns with the head (the eye line's angle); if not it stays upright.
        package var rotates: Bool
        /// How far behind the eyes, into the head, the layer stands, in the head's
        /// real eye distances (the face mesh's, not foreshortened): on a head turned
        /// aside the layer moves toward the back of the head by what this depth
        /// shows in the picture; a frontal face shows none of it, and a face
        /// without a mesh is drawn as frontal. Default: `anchor.depth`.
        package var depth: Double

        package init(anchor: Sticker.Anchor, measure: Sticker.Measure = .eyeDistance, size: Double,
                    offset: Point = .zero, rotates: Bool = true, depth: Double? = nil) {
            self.anchor = anchor
            self.measure = measure
            self.size = size
            self.offset = offset
            self.rotates = rotates
            self.depth = depth ?? anchor.depth
        }

        /// The depths a manifest may give, in eye distances.
        package static let depthRange = -5.0...5.0

        /// The fit a plain PNG gets when it is not in the manifest: it covers the
        /// whole face (box width), centred, turning with the head. Nothing floats
        /// off the face whatever the picture shows.
        package static let plainPicture = Sticker.Fit(anchor: .face, measure: .faceWidth, size: 1.1)
    }

    /// The point of a face a sticker layer is placed at. The names are the
    /// manifest's spellings.
    package enum Anchor: String, CaseIterable, Hashable, Sendable {
        /// The midpoint of the eyes, on the eye line: glasses.
        case eyes
        /// The brow between the eyes, a third of the eye distance above the eye line.
        case betweenEyes = "between-eyes"
        /// The tip of the nose.
        case nose
        /// The midpoint of the mouth corners.
        case mouth
        /// The top of the forehead: the art's bottom edge (not its centre) sits
        /// here, so hats rest on the head instead of covering the eyes.
        case aboveHead = "above-head"
        /// The middle of the face, halfway between the eyes and the mouth.
        case face

        /// How far behind the eyes a layer at this anchor stands by default, in
        /// eye distances (`Fit.depth`): 0 on the face (glasses, a moustache); a hat
        /// stands over the middle of the skull, about 1.3 eye distances behind
        /// the eyes (the ears' line is about 1.4 behind them on an adult head), so
        /// on a head turned aside it stays on the head instead of jutting off the forehead.
        package var depth: Double { self == .aboveHead ? 1.3 : 0 }

        /// What `facesticker stickers` prints.
        package var summary: String {
            switch self {
            case .eyes: return "eye line"
            case .betweenEyes: return "between the eyes"
            case .nose: return "nose tip"
            case .mouth: return "mouth centre"
            case .aboveHead: return "above the head"
            case .face: return "whole face"
            }
        }
    }

    /// The length of a face a sticker layer's width is a multiple of. The names
    /// are the manifest's spellings.
    package enum Measure: String, CaseIterable, Hashable, Sendable {
        /// Between the eye centres: follows the face closely, shrinks when it turns aside.
        case eyeDistance = "eye-distance"
        /// The detector's box width: steadier, but each detector draws boxes a little differently.
        case faceWidth = "face-width"
    }

    /// Where one sticker sits in a frame: the centre of the art, its drawn size
    /// (art aspect kept) and its clockwise rotation in degrees (image y points
    /// down, so a head tilted toward the image's right shoulder gives a positive angle).
    /// Which sticker a layer belongs to and where it is anchored: how the JSON outputs name a layer.
    package struct LayerLabel: Hashable, Sendable {
        package var sticker: String
        package var anchor: Sticker.Anchor

        package init(sticker: String, layer: Sticker.Layer) {
            self.sticker = sticker
            anchor = layer.fit.anchor
        }
    }

    package struct Placement: Hashable, Sendable {
        package var center: Point
        package var size: Size
        package var angle: Double
        /// How far the art's sides lean from square to its top edge, in degrees
        /// clockwise (0: a rectangle): a head turned aside and nodding shows its eye
        /// line and its up axis at other than a right angle, and art on the face
        /// follows both. Within `maxSkew` either way.
        package var skew: Double
        /// Where the art may be drawn (nil: anywhere): on a face with a mesh, its
        /// outline grown by `Layout.clipMargin`, so that what would lie behind a turned
        /// head is not drawn over the background.
        package var clip: ConvexPolygon?

        package init(center: Point, size: Size, angle: Double, skew: Double = 0, clip: ConvexPolygon? = nil) {
            self.center = center
            self.size = size
            self.angle = angle
            self.skew = max(-Self.maxSkew, min(Self.maxSkew, skew.isFinite ? skew : 0))
            self.clip = clip
        }

        /// The most a placement leans: past it the art would be a sliver.
        package static let maxSkew = 45.0

        /// Unit vectors along the art's top edge (left to right) and down its
        /// sides (top to bottom), in the picture.
        package var axes: (across: Point, down: Point) {
            let (cosine, sine) = Compositor.rotation(angle)
            let (downCosine, downSine) = skew == 0 ? (cosine, sine) : Compositor.rotation(angle + skew)
            return (Point(x: cosine, y: sine), Point(x: -downSine, y: downCosine))
        }

        /// The same placement moved to `center`, its clip moved with it.
        package func moved(to center: Point) -> Placement {
            let shift = center.offset(by: self.center, scale: -1)
            return Placement(center: center, size: size, angle: angle, skew: skew,
                             clip: clip?.map { $0.offset(by: shift, scale: 1) })
        }
    }

    /// Which of several stickers each face gets.
    package enum Assignment: String, CaseIterable, Hashable, Sendable {
        /// Every face gets every sticker, drawn in order (layers).
        case all
        /// Faces, taken left to right, get the stickers in turn: the first face
        /// the first sticker, the second the second, and round again.
        case cycle
    }

    /// Where stickers go on faces: each layer's anchor follows the landmarks
    /// (estimated from the box without them), its width a face measure, its
    /// angle the eye line; the art's aspect ratio is kept on a frontal face. On
    /// a head turned aside (with a mesh) the art is narrowed with the eye line
    /// it sees, its height kept by the head's real size (`FacePose.downDistance`).
    package enum Layout {
        /// Where `layer` goes on `face`.
        package static func placement(of layer: Sticker.Layer, on face: Face) -> Sticker.Placement {
            placement(of: layer, on: FacePose(face: face))
        }

        /// Where each of `sticker`'s layers goes on `face`, in drawing order.
        package static func placements(of sticker: Sticker, on face: Face) -> [Sticker.Placement] {
            let pose = FacePose(face: face)
            return sticker.layers.map { placement(of: $0, on: pose) }
        }

        /// Where `layer` goes on a face already posed.
        package static func placement(of layer: Sticker.Layer, on pose: FacePose) -> Sticker.Placement {
            if let effect = layer.effect { return effect.mask.region(on: pose) }
            let fit = layer.fit
            let unit = pose.length(fit.measure)
            // Across the face lengths are as seen; down it, as the head's height shows.
            let tall = pose.eyeDistance > 0 ? pose.downDistance / pose.eyeDistance : 1
            let width = fit.size * unit
            let height = width / layer.art.aspectRatio * tall
            var center = pose.point(fit.anchor)
                .offset(by: pose.across, scale: fit.offset.x * unit)
                .offset(by: pose.headDown, scale: fit.offset.y * unit * tall)
                .offset(by: pose.backward, scale: fit.depth)
            if fit.anchor == .aboveHead { center = center.offset(by: pose.headDown, scale: -height / 2) }
            // Layers on the face stay on the face mesh's outline; a hat is above it.
            var clip = fit.anchor == .aboveHead ? nil : pose.outline.map { $0.grown(by: clipMargin * pose.faceWidth) }
            if fit.anchor != .aboveHead, let far = pose.turnedFar {
                // Turned far: nothing past the nose (the far lens is behind it); a profile without a mesh keeps to its box.
                let box = pose.box, margin = profileMargin * pose.faceWidth
                let around = clip ?? ConvexPolygon(corners: [
                    Point(x: box.x - margin, y: box.y - margin), Point(x: box.maxX + margin, y: box.y - margin),
                    Point(x: box.maxX + margin, y: box.maxY + margin), Point(x: box.x - margin, y: box.maxY + margin)])
                clip = around.cut(at: pose.landmarks.noseTip, keepingAgainst: Point(x: far.facing * pose.across.x, y: far.facing * pose.across.y))
                    ?? ConvexPolygon(corners: [])
            }
            return Sticker.Placement(center: center, size: Size(width: width, height: height),
                                    angle: fit.rotates ? pose.angle : 0, skew: fit.rotates ? pose.lean : 0, clip: clip)
        }

        /// How far outside the face mesh's outline a layer on the face may reach, in face
        /// (box) widths: the arms of glasses past the temples of a frontal face.
        package static let clipMargin = 0.05
        /// How far past its box a layer on a profile without a mesh may reach, in face widths.
        package static let profileMargin = 0.15
    }
}

extension Transform2D {
    /// Maps a sticker placement: the centre moves, each side scales by how much
    /// the map stretches that side's direction, and the angle turns with the map.
    /// Under mirroring the angle flips sign, because the art itself is drawn
    /// unmirrored: its up direction follows the map, its left-right does not.
    /// The skew is what the mapped sides' directions make of it.
    package func apply(to placement: Sticker.Placement) -> Sticker.Placement {
        // A rectangle's sides from sinCos, exact at quarter turns, so those stay pixel-exact.
        let (sin, cos) = Self.sinCos(degrees: placement.angle)
        let sides = placement.skew == 0 ? (across: Point(x: cos, y: sin), down: Point(x: -sin, y: cos)) : placement.axes
        let across = Point(x: a * sides.across.x + c * sides.across.y, y: b * sides.across.x + d * sides.across.y)
        let down = Point(x: a * sides.down.x + c * sides.down.y, y: b * sides.down.x + d * sides.down.y)
        let flip = isMirroring ? -1.0 : 1.0
        var angle = atan2(flip * across.y, flip * across.x) * 180 / Double.pi
        if angle <= -180 { angle += 360 }
        // The down side's lean from square to the mapped top edge: none for a rectangle under a
        // map that keeps right angles (turns, mirrors, even scaling), whatever rounding says.
        let square = Point(x: -flip * across.y, y: flip * across.x)
        let norm = a * a + b * b
        let keepsRightAngles = abs(a * c + b * d) <= 1e-12 * norm && abs(norm - c * c - d * d) <= 1e-12 * norm
        let skew = placement.skew == 0 && keepsRightAngles ? 0
            : atan2(square.x * down.y - square.y * down.x, square.x * down.x + square.y * down.y) * 180 / Double.pi
        return Sticker.Placement(
            center: apply(to: placement.center),
            size: Size(width: placement.size.width * across.distance(to: .zero),
                       height: placement.size.height * down.distance(to: .zero)),
            angle: angle, skew: skew, clip: placement.clip?.map(apply(to:)))
    }
}
