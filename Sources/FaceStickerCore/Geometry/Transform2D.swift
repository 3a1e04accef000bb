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

    /// Sine and cosine, exact at multiples of 90 degrees so quarter turns stay integral.
    package static func sinCos(degrees: Double) -> (sin: Double, cos: Double) {
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
