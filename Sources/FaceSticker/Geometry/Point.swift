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
