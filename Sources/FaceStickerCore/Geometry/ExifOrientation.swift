/// The eight EXIF orientations (TIFF tag 274): how the stored pixels must be
/// turned and mirrored to show upright. Case names follow Apple's
/// CGImagePropertyOrientation; raw values are the tag's values 1...8.
///
/// Each is a clockwise quarter turn of the stored pixels followed, for the
/// mirrored ones, by a left-right flip of the turned picture.
package enum ExifOrientation: Int, CaseIterable, Hashable, Sendable {
    case up = 1
    case upMirrored = 2
    case down = 3
    case downMirrored = 4
    case leftMirrored = 5
    case right = 6
    case rightMirrored = 7
    case left = 8

    /// The orientation made of a clockwise turn then, if `mirrored`, a left-right flip.
    package init(rotation: QuarterTurn, mirrored: Bool) {
        switch (rotation, mirrored) {
        case (.zero, false): self = .up
        case (.zero, true): self = .upMirrored
        case (.clockwise180, false): self = .down
        case (.clockwise180, true): self = .downMirrored
        case (.clockwise90, true): self = .leftMirrored
        case (.clockwise90, false): self = .right
        case (.clockwise270, true): self = .rightMirrored
        case (.clockwise270, false): self = .left
        }
    }

    /// The clockwise turn applied to the stored pixels (before any flip).
    package var rotation: QuarterTurn {
        switch self {
        case .up, .upMirrored: return .zero
        case .down, .downMirrored: return .clockwise180
        case .right, .leftMirrored: return .clockwise90
        case .left, .rightMirrored: return .clockwise270
        }
    }

    /// Whether the upright picture is a mirror image of the stored one.
    package var isMirrored: Bool {
        self == .upMirrored || self == .downMirrored || self == .leftMirrored || self == .rightMirrored
    }

    /// The orientation that turns the upright picture back into the stored one.
    package var inverse: ExifOrientation {
        switch self {
        case .right: return .left
        case .left: return .right
        default: return self // the flips and the half turn undo themselves
        }
    }

    /// The upright size of a picture stored as `stored`.
    package func uprightSize(_ stored: Size) -> Size { rotation.rotated(stored) }

    /// Maps stored pixel coordinates to upright ones (pixel (i, j) covers
    /// [i, i+1) x [j, j+1), so corners map to corners).
    package func transform(storedSize stored: Size) -> Transform2D {
        let turn = rotation.transform(for: stored)
        guard isMirrored else { return turn }
        let width = uprightSize(stored).width
        return turn.concatenating(Transform2D(a: -1, b: 0, c: 0, d: 1, tx: width, ty: 0))
    }
}
