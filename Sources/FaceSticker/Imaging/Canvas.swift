/// Draws lines, rectangles, circles and text onto an `RGBAImage`, for debug
/// overlays, plots and contact sheets.
///
/// Coordinates are continuous: pixel (i, j) covers [i, i+1) x [j, j+1), so an
/// edge on a whole number lies on a pixel boundary and covers whole pixels,
/// and a fractional edge is antialiased by the share of each pixel it covers.
/// Colours are blended "over" the image with straight alpha. Everything is
/// clipped to the image; shapes with coordinates that are not finite draw nothing.
/// Where two shapes (or a polyline's segments) overlap, a translucent colour blends twice.
package struct Canvas: Sendable {
    /// A straight-alpha RGBA colour.
    package struct Color: Hashable, Sendable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8
        package var alpha: UInt8

        package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// The same colour with its alpha scaled by `opacity` (clamped to 0...1).
        package func opacity(_ opacity: Double) -> Color {
            var color = self
            let scale = opacity.isFinite ? min(max(opacity, 0), 1) : 1
            color.alpha = UInt8((Double(alpha) * scale).rounded())
            return color
        }

        package static let black = Color(red: 0, green: 0, blue: 0)
        package static let white = Color(red: 255, green: 255, blue: 255)
        package static let red = Color(red: 255, green: 0, blue: 0)
        package static let green = Color(red: 0, green: 255, blue: 0)
        package static let blue = Color(red: 0, green: 0, blue: 255)
        package static let yellow = Color(red: 255, green: 255, blue: 0)
        package static let cyan = Color(red: 0, green: 255, blue: 255)
        package static let magenta = Color(red: 255, green: 0, blue: 255)
    }

    /// The picture being drawn on.
    package var image: RGBAImage

    package init(image: RGBAImage) {
        self.image = image
    }

    /// A blank canvas of one colour.
    package init(width: Int, height: Int, background: Color = .white) {
        image = RGBAImage(width: width, height: height,
                          fill: (background.red, background.green, background.blue, background.alpha))
    }

    package var width: Int { image.width }
    package var height: Int { image.height }

    // MARK: Shapes

    /// Fills `rect`.
    package mutating func fill(_ rect: Rect, color: Color) {
        let r = Self.standardized(rect)
        guard Self.isFinite(r) else { return }
        paint(columns: Self.pixels(r.minX, r.maxX), rows: Self.pixels(r.minY, r.maxY), color: color) { x, y in
            Self.overlap(x, r.minX, r.maxX) * Self.overlap(y, r.minY, r.maxY)
        }
    }

    /// Outlines `rect` with a border `thickness` wide drawn inside it, so the
    /// outline of a box covers exactly the box's border pixels.
    package mutating func stroke(_ rect: Rect, color: Color, thickness: Double = 1) {
        let r = Self.standardized(rect)
        guard Self.isFinite(r), thickness.isFinite, thickness > 0 else { return }
        let t = min(thickness, r.width / 2, r.height / 2)
        let inner = Rect(x: r.minX + t, y: r.minY + t, width: r.width - 2 * t, height: r.height - 2 * t)
        // Coverage of the ring is the outer box's share of a pixel less the inner box's.
        let ring: (Double, Double) -> Double = { x, y in
            Self.overlap(x, r.minX, r.maxX) * Self.overlap(y, r.minY, r.maxY)
                - Self.overlap(x, inner.minX, inner.maxX) * Self.overlap(y, inner.minY, inner.maxY)
        }
        // Four disjoint bands of pixels, so the hollow middle is never visited.
        let allRows = Self.pixels(r.minY, r.maxY), allColumns = Self.pixels(r.minX, r.maxX)
        let top = allRows.clamped(to: allRows.lowerBound..<max(allRows.lowerBound, Self.ceiling(inner.minY)))
        let bottom = allRows.clamped(to: max(top.upperBound, Self.floor(inner.maxY))..<allRows.upperBound)
        let middle = top.upperBound..<max(top.upperBound, bottom.lowerBound)
        let left = allColumns.clamped(
            to: allColumns.lowerBound..<max(allColumns.lowerBound, Self.ceiling(inner.minX)))
        let right = allColumns.clamped(to: max(left.upperBound, Self.floor(inner.maxX))..<allColumns.upperBound)
        paint(columns: allColumns, rows: top, color: color, coverage: ring)
        paint(columns: allColumns, rows: bottom, color: color, coverage: ring)
        paint(columns: left, rows: middle, color: color, coverage: ring)
        paint(columns: right, rows: middle, color: color, coverage: ring)
    }

    /// A straight line `thickness` wide with square ends at `start` and `end`
    /// (a line from (10, 5.5) to (20, 5.5) fills pixels 10...19 of row 5).
    package mutating func line(from start: Point, to end: Point, color: Color, thickness: Double = 1) {
        let dx = end.x - start.x, dy = end.y - start.y
        // Scaled so that squaring cannot overflow for far-off points.
        let longest = max(abs(dx), abs(dy))
        let length = longest * ((dx / longest) * (dx / longest) + (dy / longest) * (dy / longest)).squareRoot()
        guard length.isFinite, length > 0, thickness.isFinite, thickness > 0 else { return }
        let ux = dx / length, uy = dy / length, half = thickness / 2
        let pad = half + 1
        let columns = Self.pixels(min(start.x, end.x) - pad, max(start.x, end.x) + pad)
        let rows = Self.pixels(min(start.y, end.y) - pad, max(start.y, end.y) + pad)
        paint(columns: columns, rows: rows, color: color) { x, y in
            let vx = x - start.x, vy = y - start.y
            let along = vx * ux + vy * uy, across = vy * ux - vx * uy
            return Self.overlap(along, 0, length) * Self.overlap(across, -half, half)
        }
    }

    /// Joined line segments through `points`, with round joins.
    package mutating func polyline(_ points: [Point], color: Color, thickness: Double = 1) {
        guard points.count > 1 else { return }
        for i in 1..<points.count {
            line(from: points[i - 1], to: points[i], color: color, thickness: thickness)
            if i + 1 < points.count { fillCircle(center: points[i], radius: thickness / 2, color: color) }
        }
    }

    /// A filled disc: a dot for a landmark or a plot marker.
    package mutating func fillCircle(center: Point, radius: Double, color: Color) {
        guard Self.isFinite(center), radius.isFinite, radius > 0 else { return }
        let columns = Self.pixels(center.x - radius - 1, center.x + radius + 1)
        let rows = Self.pixels(center.y - radius - 1, center.y + radius + 1)
        paint(columns: columns, rows: rows, color: color) { x, y in
            let distance = ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot()
            return min(max(radius + 0.5 - distance, 0), 1)
        }
    }

    /// A ring `thickness` wide centred on the circle of `radius`.
    package mutating func strokeCircle(center: Point, radius: Double, color: Color, thickness: Double = 1) {
        guard Self.isFinite(center), radius.isFinite, radius > 0, thickness.isFinite, thickness > 0 else { return }
        let outer = radius + thickness / 2
        let columns = Self.pixels(center.x - outer - 1, center.x + outer + 1)
        let rows = Self.pixels(center.y - outer - 1, center.y + outer + 1)
        paint(columns: columns, rows: rows, color: color) { x, y in
            let distance = ((x - center.x) * (x - center.x) + (y - center.y) * (y - center.y)).squareRoot()
            return Self.overlap(distance, radius - thickness / 2, outer)
        }
    }

    // MARK: Text

    /// The most a glyph pixel is magnified.
    package static let maximumTextScale = 64

    /// Draws `text` in the built-in bitmap font with its top-left corner at
    /// `origin` (rounded to whole pixels), each font pixel `scale` pixels
    /// square (clamped to 1...maximumTextScale). "\n" starts a new line. With
    /// a `background`, the text's box grown by one font pixel is filled first.
    package mutating func text(_ text: String, at origin: Point, color: Color, scale: Int = 1,
                              background: Color? = nil) {
        guard Self.isFinite(origin), abs(origin.x) < 1e9, abs(origin.y) < 1e9 else { return }
        let scale = min(max(scale, 1), Self.maximumTextScale)
        let x0 = Int(origin.x.rounded()), y0 = Int(origin.y.rounded())
        if let background {
            let size = Self.textSize(text, scale: scale)
            fill(Rect(x: Double(x0 - scale), y: Double(y0 - scale),
                      width: size.width + Double(2 * scale), height: size.height + Double(2 * scale)),
                 color: background)
        }
        for (lineIndex, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let top = y0 + lineIndex * BitmapFont.lineHeight * scale
            guard top < height else { break }
            for (index, character) in line.enumerated() {
                let left = x0 + index * BitmapFont.advance * scale
                guard left < width else { break }
                for (row, bits) in BitmapFont.rows(for: character).enumerated() where bits != 0 {
                    for column in 0..<BitmapFont.glyphWidth where bits & (0x10 >> column) != 0 {
                        let x = left + column * scale, y = top + row * scale
                        paint(columns: x..<(x + scale), rows: y..<(y + scale), color: color) { _, _ in 1 }
                    }
                }
            }
        }
    }

    /// The size `text` takes when drawn at `scale`: every inked pixel lies inside it.
    package static func textSize(_ text: String, scale: Int = 1) -> Size {
        guard !text.isEmpty else { return Size(width: 0, height: 0) }
        let scale = min(max(scale, 1), maximumTextScale)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        let width = longest > 0 ? (longest * BitmapFont.advance - 1) * scale : 0
        let height = (lines.count * BitmapFont.lineHeight - 1) * scale
        return Size(width: Double(width), height: Double(height))
    }

    // MARK: Pixels

    /// Blends `color` into the pixels of `columns` x `rows` (clipped to the image),
    /// each weighted by `coverage` (0...1) at the pixel's centre.
    private mutating func paint(columns: Range<Int>, rows: Range<Int>, color: Color,
                                coverage: (Double, Double) -> Double) {
        let columns = columns.clamped(to: 0..<width), rows = rows.clamped(to: 0..<height)
        guard !columns.isEmpty, !rows.isEmpty, color.alpha > 0 else { return }
        let width = width, alpha = Double(color.alpha)
        image.pixels.withUnsafeMutableBufferPointer { p in
            for y in rows {
                for x in columns {
                    let share = coverage(Double(x) + 0.5, Double(y) + 0.5)
                    guard share > 0 else { continue }
                    Self.blend(p, at: (y * width + x) * 4, color: color, alpha: Int(alpha * min(share, 1) + 0.5))
                }
            }
        }
    }

    /// Straight-alpha "over": the colour at `alpha` (0...255) on the pixel at `i`.
    private static func blend(_ p: UnsafeMutableBufferPointer<UInt8>, at i: Int, color: Color, alpha: Int) {
        guard alpha > 0 else { return }
        let below = Int(p[i + 3])
        if alpha >= 255 || below == 0 {
            p[i] = color.red
            p[i + 1] = color.green
            p[i + 2] = color.blue
            p[i + 3] = UInt8(min(alpha, 255))
        } else if below == 255 {
            let keep = 255 - alpha
            p[i] = UInt8((Int(color.red) * alpha + Int(p[i]) * keep + 127) / 255)
            p[i + 1] = UInt8((Int(color.green) * alpha + Int(p[i + 1]) * keep + 127) / 255)
            p[i + 2] = UInt8((Int(color.blue) * alpha + Int(p[i + 2]) * keep + 127) / 255)
        } else {
            // Weights scaled by 255 * 255: the colour's own alpha, and what shows through of the pixel's.
            let top = alpha * 255, under = below * (255 - alpha), total = top + under
            p[i] = UInt8((Int(color.red) * top + Int(p[i]) * under + total / 2) / total)
            p[i + 1] = UInt8((Int(color.green) * top + Int(p[i + 1]) * under + total / 2) / total)
            p[i + 2] = UInt8((Int(color.blue) * top + Int(p[i + 2]) * under + total / 2) / total)
            p[i + 3] = UInt8((total + 127) / 255)
        }
    }

    /// How much of the unit interval around `centre` lies inside lower...upper.
    private static func overlap(_ centre: Double, _ lower: Double, _ upper: Double) -> Double {
        min(max(min(centre + 0.5, upper) - max(centre - 0.5, lower), 0), 1)
    }

    /// Pixel indices touched by lower...upper, clipped to a range that cannot overflow.
    private static func pixels(_ lower: Double, _ upper: Double) -> Range<Int> {
        let low = floor(lower), high = max(low, ceiling(upper))
        return low..<high
    }

    private static func floor(_ value: Double) -> Int {
        Int(min(max(value.rounded(.down), -1e9), 1e9))
    }

    private static func ceiling(_ value: Double) -> Int {
        Int(min(max(value.rounded(.up), -1e9), 1e9))
    }

    private static func standardized(_ rect: Rect) -> Rect {
        Rect(x: min(rect.x, rect.x + rect.width), y: min(rect.y, rect.y + rect.height),
             width: abs(rect.width), height: abs(rect.height))
    }

    private static func isFinite(_ rect: Rect) -> Bool {
        rect.x.isFinite && rect.y.isFinite && rect.width.isFinite && rect.height.isFinite
    }

    private static func isFinite(_ point: Point) -> Bool { point.x.isFinite && point.y.isFinite }
}
