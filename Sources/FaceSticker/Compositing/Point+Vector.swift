/// Points used as vectors, for laying stickers out along a face's axes.
extension Point {
    /// `self + vector * scale`.
    func offset(by vector: Point, scale: Double) -> Point {
        Point(x: x + vector.x * scale, y: y + vector.y * scale)
    }

    /// The length of `self` as a vector.
    var length: Double { (x * x + y * y).squareRoot() }
}
