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
    package func offset(by vector: Point, scale: Double) -> Point {
        Point(x: x + vector.x * scale, y: y + vector.y * scale)
    }

    /// The length of `self` as a vector.
    package var length: Double { (x * x + y * y).squareRoot() }
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

/// A convex polygon in pixel coordinates, its corners in order (either way round).
public struct ConvexPolygon: Hashable, Sendable {
    public var corners: [Point]

    public init(corners: [Point]) { self.corners = corners }

    /// The convex hull of `points` (Andrew's monotone chain); nil for fewer than three distinct corners.
    package init?(hullOf points: [Point]) {
        let sorted = Set(points).sorted { $0.x < $1.x || ($0.x == $1.x && $0.y < $1.y) }
        guard sorted.count >= 3 else { return nil }
        func turn(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        var lower: [Point] = [], upper: [Point] = []
        for p in sorted {
            while lower.count >= 2, turn(lower[lower.count - 2], lower[lower.count - 1], p) <= 0 { lower.removeLast() }
            lower.append(p)
        }
        for p in sorted.reversed() {
            while upper.count >= 2, turn(upper[upper.count - 2], upper[upper.count - 1], p) <= 0 { upper.removeLast() }
            upper.append(p)
        }
        let hull = Array(lower.dropLast()) + Array(upper.dropLast())
        guard hull.count >= 3 else { return nil }
        corners = hull
    }

    /// The mean of the corners.
    package var centroid: Point {
        let n = Double(max(1, corners.count))
        return Point(x: corners.map(\.x).reduce(0, +) / n, y: corners.map(\.y).reduce(0, +) / n)
    }

    /// Whether `point` is inside or on the edge.
    package func contains(_ point: Point) -> Bool {
        guard corners.count >= 3 else { return false }
        var sign = 0.0
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let cross = (b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)
            if cross == 0 { continue }
            if sign == 0 { sign = cross } else if (sign > 0) != (cross > 0) { return false }
        }
        return true
    }

    /// The share (0...1) of a pixel centred on `point` that lies inside: 1 more
    /// than half a pixel inside every edge, 0 as far outside one, linear between
    /// (edges antialiased as the art's own are).
    package func coverage(at point: Point) -> Double { Coverage(self).at(x: point.x, y: point.y) }

    /// `coverage(at:)` for many pixels: each edge's inward normal worked out once.
    package struct Coverage: Sendable {
        /// Per edge: the signed distance inside it of (x, y) is nx * x + ny * y + c.
        private let edges: [(nx: Double, ny: Double, c: Double)]

        package init(_ polygon: ConvexPolygon) {
            let corners = polygon.corners
            var area = 0.0
            for i in corners.indices {
                let a = corners[i], b = corners[(i + 1) % corners.count]
                area += a.x * b.y - b.x * a.y
            }
            let inward = area > 0 ? 1.0 : -1.0
            edges = corners.count < 3 ? [] : corners.indices.compactMap { i in
                let a = corners[i], b = corners[(i + 1) % corners.count]
                let length = a.distance(to: b)
                guard length > 0 else { return nil }
                let nx = -inward * (b.y - a.y) / length, ny = inward * (b.x - a.x) / length
                return (nx, ny, -(nx * a.x + ny * a.y))
            }
        }

        package func at(x: Double, y: Double) -> Double {
            guard !edges.isEmpty else { return 0 }
            var nearest = Double.infinity
            for e in edges { nearest = min(nearest, e.nx * x + e.ny * y + e.c) }
            return max(0, min(1, nearest + 0.5))
        }

        /// The pixel centres x of row centre `y` that are wholly inside (coverage 1), or nil.
        package func wholeSpan(y: Double) -> ClosedRange<Double>? {
            guard !edges.isEmpty else { return nil }
            var low = -Double.infinity, high = Double.infinity
            for e in edges {
                let rest = 0.5 - e.c - e.ny * y // nx * x >= rest
                if abs(e.nx) < 1e-12 {
                    if rest > 0 { return nil }
                } else if e.nx > 0 {
                    low = max(low, rest / e.nx)
                } else {
                    high = min(high, rest / e.nx)
                }
            }
            return low <= high ? low...high : nil
        }
    }

    /// Every corner moved `distance` pixels further from the centroid.
    package func grown(by distance: Double) -> ConvexPolygon {
        let c = centroid
        return map { p in
            let d = p.distance(to: c)
            return d > 0 ? p.offset(by: Point(x: (p.x - c.x) / d, y: (p.y - c.y) / d), scale: distance) : p
        }
    }

    /// Every corner mapped (an affine map keeps the polygon convex).
    package func map(_ transform: (Point) -> Point) -> ConvexPolygon { ConvexPolygon(corners: corners.map(transform)) }

    /// The part on the near side of the line through `point` square to `direction`
    /// (where `direction` points away from), as the far lens of glasses on a head
    /// turned aside is cut at the nose; nil when nothing of it is on that side.
    package func cut(at point: Point, keepingAgainst direction: Point) -> ConvexPolygon? {
        func side(_ p: Point) -> Double { (p.x - point.x) * direction.x + (p.y - point.y) * direction.y }
        var kept: [Point] = []
        for i in corners.indices {
            let a = corners[i], b = corners[(i + 1) % corners.count]
            let (sa, sb) = (side(a), side(b))
            if sa <= 0 { kept.append(a) }
            if (sa < 0 && sb > 0) || (sa > 0 && sb < 0) {
                let t = sa / (sa - sb)
                kept.append(Point(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t))
            }
        }
        return kept.count >= 3 ? ConvexPolygon(corners: kept) : nil
    }
}

/// How a picture of one shape goes into an output of another without being stretched
/// (`live --size` of another aspect, issue #42): `fill` scales it to cover the output and
/// crops what is over, `fit` scales it to lie inside and pads the rest with black.
package struct Framing: Equatable, Sendable {
    package enum Mode: String, CaseIterable, Sendable {
        case fill, fit
    }

    package var mode: Mode
    /// The output's size.
    package var width: Int
    package var height: Int

    package init(_ mode: Mode, width: Int, height: Int) {
        self.mode = mode
        self.width = max(2, width)
        self.height = max(2, height)
    }

    /// The size a `sourceWidth` x `sourceHeight` picture is scaled to, its shape kept and its
    /// sides even: covering the output (`fill`, at least its size) or inside it (`fit`).
    package func scaledSize(sourceWidth: Int, sourceHeight: Int) -> (width: Int, height: Int) {
        let sw = Double(max(1, sourceWidth)), sh = Double(max(1, sourceHeight))
        let (ow, oh) = (Double(width), Double(height))
        let scale = mode == .fill ? max(ow / sw, oh / sh) : min(ow / sw, oh / sh)
        func even(_ value: Double, _ bound: Int) -> Int {
            let rounded = Int(max(2, min(value, 65536)).rounded()) & ~1
            return mode == .fill ? max(bound, rounded) : min(bound, max(2, rounded))
        }
        return (even(sw * scale, width), even(sh * scale, height))
    }
}
