/// A point in pixel coordinates: x to the right, y down, origin at the top-left corner.
public struct Point: Hashable, Sendable, Codable {
    /// Distance from the left edge, growing to the right.
    public var x: Double
    /// Distance from the top edge, growing downwards.
    public var y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin, the top-left corner.
    public static let zero = Point(x: 0, y: 0)

    /// Euclidean distance to `other`.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    /// The point halfway between `self` and `other`.
    public func midpoint(_ other: Point) -> Point {
        Point(x: (x + other.x) / 2, y: (y + other.y) / 2)
    }
}

/// Points used as vectors, for laying stickers out along a face's axes.
extension Point {
    /// `self + vector * scale`.
    func offset(by vector: Point, scale: Double) -> Point {
        Point(x: x + vector.x * scale, y: y + vector.y * scale)
    }

    /// The length of `self` as a vector.
    var length: Double { (x * x + y * y).squareRoot() }
}

/// A width and a height in pixels.
public struct Size: Hashable, Sendable, Codable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// A size of `width` by `height`.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// An axis-aligned rectangle: origin at its top-left corner.
public struct Rect: Hashable, Sendable, Codable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (a negative or zero width is an empty rectangle).
    public var width: Double
    /// Height (a negative or zero height is an empty rectangle).
    public var height: Double

    /// The rectangle with top-left corner (`x`, `y`) and the given size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Left edge.
    public var minX: Double { x }
    /// Top edge.
    public var minY: Double { y }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// The centre point.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    /// Width times height; 0 when empty.
    public var area: Double { max(0, width) * max(0, height) }

    /// The overlap of two rectangles; zero-sized when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(minX, other.minX), top = max(minY, other.minY)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Intersection over union, 0 when either rectangle is empty.
    public func iou(_ other: Rect) -> Double {
        let overlap = intersection(other).area
        let union = area + other.area - overlap
        return union > 0 ? overlap / union : 0
    }

    /// Whether `point` lies inside or on the border.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }
}

/// Angles in degrees, as stickers and head poses turn.
package enum Angle {
    /// `degrees` brought into -180..<180.
    package static func wrapped(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d >= 180 { d -= 360 }
        if d < -180 { d += 360 }
        return d
    }

    /// The smaller angle between two directions, 0...180.
    package static func between(_ a: Double, _ b: Double) -> Double { abs(wrapped(a - b)) }
}
