/// A clockwise rotation by a multiple of 90 degrees, as camera frames and
/// EXIF orientations need.
package enum QuarterTurn: Int, CaseIterable, Hashable, Sendable {
    case zero = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270

    /// Any multiple of 90 degrees, negative meaning counter-clockwise; nil otherwise.
    package init?(degrees: Int) {
        guard degrees % 90 == 0 else { return nil }
        let turned = degrees % 360
        self.init(rawValue: turned < 0 ? turned + 360 : turned)
    }

    package var degrees: Int { rawValue }

    /// The turn that undoes this one.
    package var inverse: QuarterTurn { QuarterTurn(degrees: -rawValue) ?? .zero }

    /// Whether width and height trade places.
    package var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The size of content of `size` after the turn.
    package func rotated(_ size: Size) -> Size {
        swapsAxes ? Size(width: size.height, height: size.width) : size
    }

    /// Turns content occupying (0, 0)-(size) clockwise and moves it back so it
    /// occupies (0, 0)-(rotated(size)) again.
    package func transform(for size: Size) -> Transform2D {
        let w = size.width, h = size.height
        switch self {
        case .zero: return .identity
        case .clockwise90: return Transform2D(a: 0, b: 1, c: -1, d: 0, tx: h, ty: 0)
        case .clockwise180: return Transform2D(a: -1, b: 0, c: 0, d: -1, tx: w, ty: h)
        case .clockwise270: return Transform2D(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: w)
        }
    }
}
