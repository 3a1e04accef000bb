import FaceStickerCore
/// Where drawing one art level at a placement can change pixels, in the art's
/// own frame (pixels from its centre, `a` along its top edge, `b` down its
/// side): inside its edges plus the half pixel its antialiased border reaches,
/// and less than one texel from a visible texel, beyond which bilinear
/// sampling reads only transparent ones. Both are open intervals, so every
/// pixel outside them would have drawn nothing: skipping them changes no pixel.
package struct ArtReach {
    package let a: (lower: Double, upper: Double)
    package let b: (lower: Double, upper: Double)

    /// Nil when the level is all transparent or the placement's size is not positive.
    package init?(level: StickerArt.Level, size: Size) {
        guard let visible = level.visible, size.width > 0, size.height > 0 else { return nil }
        a = Self.range(first: visible.minX, last: visible.maxX, count: level.width, extent: size.width)
        b = Self.range(first: visible.minY, last: visible.maxY, count: level.height, extent: size.height)
        guard a.lower < a.upper, b.lower < b.upper else { return nil }
    }

    /// Texel coordinate u = a * count / extent + count / 2 - 0.5 (texel centres at whole numbers).
    private static func range(first: Int, last: Int, count: Int, extent: Double) -> (lower: Double, upper: Double) {
        let k = Double(count) / extent, shift = Double(count) / 2 - 0.5, half = extent / 2
        // Sampling clamps to the edge texels: a visible edge texel reaches on to the border.
        let lower = first > 0 ? (Double(first - 1) - shift) / k : -Double.infinity
        let upper = last < count - 1 ? (Double(last + 1) - shift) / k : Double.infinity
        return (max(lower, -half - 0.5), min(upper, half + 0.5))
    }

    @inline(__always)
    package func contains(a: Double, b: Double) -> Bool {
        a > self.a.lower && a < self.a.upper && b > self.b.lower && b < self.b.upper
    }

    /// The x (pixel centres, in the art's frame along a row: `a = a0 + x * da`,
    /// `b = b0 + x * db`) for which the row is inside, as a half-open range of
    /// whole pixel indices clipped to `limit`; empty when the row misses.
    package func span(a0: Double, da: Double, b0: Double, db: Double, limit: Range<Int>) -> Range<Int> {
        var low = -Double.infinity, high = Double.infinity
        guard Self.clip(&low, &high, start: a0, step: da, a), Self.clip(&low, &high, start: b0, step: db, b) else {
            return limit.lowerBound..<limit.lowerBound
        }
        // One pixel of slack each side: the per-pixel test decides exactly.
        // Clamped as Doubles first: a placement far off the image must not overflow Int.
        let lowest = Double(limit.lowerBound), highest = Double(limit.upperBound)
        let first = low > lowest ? Int(min(low, highest).rounded(.down)) : limit.lowerBound
        let last = high < highest ? min(Int(max(high, lowest).rounded(.up)) + 1, limit.upperBound) : limit.upperBound
        return first < last ? first..<last : first..<first
    }

    /// Narrows (low, high) to the x where `start + x * step` lies inside `bounds`; false when none does.
    @inline(__always)
    private static func clip(_ low: inout Double, _ high: inout Double, start: Double, step: Double,
                             _ bounds: (lower: Double, upper: Double)) -> Bool {
        if abs(step) < 1e-12 { return start > bounds.lower && start < bounds.upper }
        let p = (bounds.lower - start) / step, q = (bounds.upper - start) / step
        low = max(low, min(p, q))
        high = min(high, max(p, q))
        return true
    }

    /// The box of the pixels (each [x, x + 1) x [y, y + 1)) whose centres it
    /// can reach once its top edge lies along `across` and its sides along `down`
    /// (unit vectors: `Sticker.Placement.axes`) about `center`.
    package func bounds(center: Point, across: Point, down: Point) -> Rect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for u in [a.lower, a.upper] {
            for v in [b.lower, b.upper] {
                let x = center.x + u * across.x + v * down.x, y = center.y + u * across.y + v * down.y
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return Rect(x: minX - 0.5, y: minY - 0.5, width: maxX - minX + 1, height: maxY - minY + 1)
    }
}
