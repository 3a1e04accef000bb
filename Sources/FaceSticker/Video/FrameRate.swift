/// A frame rate as the exact fraction containers store (30000/1001, not 29.97),
/// so frame times and the encoder's rate match the input's to the tick.
package struct FrameRate: Hashable, Sendable, CustomStringConvertible {
    package let numerator: Int
    package let denominator: Int

    /// Nil unless both parts are positive.
    package init?(numerator: Int, denominator: Int) {
        guard numerator > 0, denominator > 0 else { return nil }
        let divisor = Self.gcd(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// Parses ffprobe's `30000/1001` (or a plain whole number); nil for `0/0` and junk.
    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = parts.first, let numerator = Int(first), parts.count <= 2 else { return nil }
        let denominator = parts.count == 2 ? Int(parts[1]) : 1
        guard let denominator else { return nil }
        self.init(numerator: numerator, denominator: denominator)
    }

    /// Frames per second as a number.
    package var value: Double { Double(numerator) / Double(denominator) }

    /// The presentation time of frame `index`, in seconds from the first frame.
    package func time(ofFrame index: Int) -> Double { Double(index) * Double(denominator) / Double(numerator) }

    /// `num/den`, as ffmpeg's options take it.
    package var description: String { "\(numerator)/\(denominator)" }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
}

extension FrameRate {
    /// A whole number of frames a second (at least 1).
    package init(whole: Int) {
        numerator = max(1, whole)
        denominator = 1
    }
}
