/// A V4L2 pixel format code: four ASCII characters packed little-endian,
/// as `v4l2_fourcc` builds them ("YUYV", "MJPG", "RGB3").
public struct FourCC: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Packs the first four bytes of `code` (padded with spaces).
    public init(_ code: String) {
        let bytes = Array(code.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - code.utf8.count))
        rawValue = bytes.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// Packed 8-bit R, G, B: what libv4l2 converts every camera format to.
    public static let rgb24 = FourCC("RGB3")
    public static let bgr24 = FourCC("BGR3")
    public static let yuyv = FourCC("YUYV")
    public static let mjpeg = FourCC("MJPG")
    public static let grey = FourCC("GREY")

    /// The four characters, unprintable bytes as '?'.
    public var description: String {
        String((0..<4).map { shift -> Character in
            let byte = UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32(shift)))
            return (32...126).contains(byte) ? Character(UnicodeScalar(byte)) : "?"
        })
    }
}
