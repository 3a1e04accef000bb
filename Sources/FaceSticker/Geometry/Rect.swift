/// An axis-aligned rectangle: origin at its top-left corner.
public struct Rect: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
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
