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
}
