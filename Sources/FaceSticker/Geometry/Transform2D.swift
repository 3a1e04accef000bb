// Foundation only for sin, cos and atan2, which the standard library lacks on Linux.
import Foundation

/// A 2-D affine map in pixel coordinates (x right, y down), stored as the
/// 2x3 matrix [a c tx; b d ty] in CGAffineTransform's layout:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty. (Not called AffineTransform,
/// which Foundation already declares.)
package struct Transform2D: Hashable, Sendable {
    package var a: Double
    package var b: Double
    package var c: Double
    package var d: Double
    package var tx: Double
    package var ty: Double

    package init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    package static let identity = Transform2D(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by (x, y).
    package static func translation(x: Double, y: Double) -> Transform2D {
        Transform2D(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }

    /// Scales about the origin; a negative factor mirrors that axis.
    package static func scale(x: Double, y: Double) -> Transform2D {
        Transform2D(a: x, b: 0, c: 0, d: y, tx: 0, ty: 0)
    }

    /// Rotates about the origin by `degrees`, clockwise on screen (y points down).
    package static func rotation(degrees: Double) -> Transform2D {
        let (sin, cos) = Self.sinCos(degrees: degrees)
        return Transform2D(a: cos, b: sin, c: -sin, d: cos, tx: 0, ty: 0)
    }

    /// `self` first, then `next`.
    package func concatenating(_ next: Transform2D) -> Transform2D {
        Transform2D(a: next.a * a + next.c * b, b: next.b * a + next.d * b,
                        c: next.a * c + next.c * d, d: next.b * c + next.d * d,
                        tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    package var determinant: Double { a * d - b * c }

    /// True when the map turns the plane over (left and right swap places).
    package var isMirroring: Bool { determinant < 0 }

    /// The map that undoes this one; nil when it squashes the plane to a line or a point.
    package var inverted: Transform2D? {
        let det = determinant
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform2D(a: ia, b: ib, c: ic, d: id, tx: -(ia * tx + ic * ty), ty: -(ib * tx + id * ty))
    }

    package func apply(to point: Point) -> Point {
        Point(x: a * point.x + c * point.y + tx, y: b * point.x + d * point.y + ty)
    }

    /// The bounding box of the rectangle's four mapped corners (exact under
    /// scaling, mirroring and quarter turns).
    package func apply(to rect: Rect) -> Rect {
        let corners = [Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY),
                       Point(x: rect.minX, y: rect.maxY), Point(x: rect.maxX, y: rect.maxY)].map(apply(to:))
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        return Rect(x: minX, y: minY, width: (xs.max() ?? 0) - minX, height: (ys.max() ?? 0) - minY)
    }

    /// Maps every point. Under a mirroring map the right and left labels swap,
    /// so the landmarks stay what a detector would report on the mapped image
    /// (the "right" eye of an upright face on the image's left) and an angle
    /// taken from right eye to left eye stays upright.
    package func apply(to landmarks: Landmarks) -> Landmarks {
        let m = landmarks.map(apply(to:))
        guard isMirroring else { return m }
        return Landmarks(rightEye: m.leftEye, leftEye: m.rightEye, noseTip: m.noseTip,
                         rightMouth: m.leftMouth, leftMouth: m.rightMouth)
    }

    /// Maps the box (bounding box) and the landmarks; the score is kept.
    package func apply(to face: Face) -> Face {
        Face(box: apply(to: face.box), score: face.score, landmarks: face.landmarks.map(apply(to:)))
    }

    /// Maps a sticker placement: the centre moves, each side scales by how much
    /// the map stretches that side's direction, and the angle turns with the map.
    /// Under mirroring the angle flips sign, because the art itself is drawn
    /// unmirrored: its up direction follows the map, its left-right does not.
    package func apply(to placement: Sticker.Placement) -> Sticker.Placement {
        let (sin, cos) = Self.sinCos(degrees: placement.angle)
        let across = Point(x: a * cos + c * sin, y: b * cos + d * sin)
        let down = Point(x: -a * sin + c * cos, y: -b * sin + d * cos)
        let flip = isMirroring ? -1.0 : 1.0
        var angle = atan2(flip * across.y, flip * across.x) * 180 / Double.pi
        if angle <= -180 { angle += 360 }
        return Sticker.Placement(
            center: apply(to: placement.center),
            size: Size(width: placement.size.width * across.distance(to: .zero),
                       height: placement.size.height * down.distance(to: .zero)),
            angle: angle)
    }

    /// Sine and cosine, exact at multiples of 90 degrees so quarter turns stay integral.
    static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
        let turned = degrees.truncatingRemainder(dividingBy: 360)
        switch turned < 0 ? turned + 360 : turned {
        case 0: return (0, 1)
        case 90: return (1, 0)
        case 180: return (0, -1)
        case 270: return (-1, 0)
        default:
            let radians = degrees * Double.pi / 180
            return (sin(radians), cos(radians))
        }
    }
}
