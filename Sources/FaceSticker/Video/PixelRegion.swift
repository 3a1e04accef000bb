/// A rectangle of whole pixels inside a frame.
public struct PixelRegion: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The whole frame.
    public init(_ frame: YUVFrame) {
        self.init(x: 0, y: 0, width: frame.width, height: frame.height)
    }

    /// The pixels `rect` touches, widened to even corners (whole chroma
    /// blocks) and clipped to a `width` x `height` frame; nil when nothing is left.
    public init?(covering rect: Rect, width: Int, height: Int) {
        guard rect.minX.isFinite, rect.minY.isFinite, rect.maxX.isFinite, rect.maxY.isFinite else { return nil }
        // Clamped before converting: a wild placement must not overflow Int.
        func whole(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int { Int(min(max(v, -1e9), 1e9).rounded(rule)) }
        let left = max(0, whole(rect.minX, .down) & ~1)
        let top = max(0, whole(rect.minY, .down) & ~1)
        let right = min(width, (whole(rect.maxX, .up) + 1) & ~1)
        let bottom = min(height, (whole(rect.maxY, .up) + 1) & ~1)
        guard left < right, top < bottom else { return nil }
        self.init(x: left, y: top, width: right - left, height: bottom - top)
    }
}
