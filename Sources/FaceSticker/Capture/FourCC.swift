/// A V4L2 pixel format code: four ASCII characters packed little-endian,
/// as `v4l2_fourcc` builds them ("YUYV", "MJPG", "RGB3").
package struct FourCC: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Packs the first four bytes of `code` (padded with spaces).
    package init(_ code: String) {
        let bytes = Array(code.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - code.utf8.count))
        rawValue = bytes.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// Packed 8-bit R, G, B: what libv4l2 converts every camera format to.
    package static let rgb24 = FourCC("RGB3")
    package static let bgr24 = FourCC("BGR3")
    package static let yuyv = FourCC("YUYV")
    package static let mjpeg = FourCC("MJPG")
    package static let grey = FourCC("GREY")

    /// The four characters, unprintable bytes as '?'.
    package var description: String {
        String((0..<4).map { shift -> Character in
            let byte = UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32(shift)))
            return (32...126).contains(byte) ? Character(UnicodeScalar(byte)) : "?"
        })
    }
}
