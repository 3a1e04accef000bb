import FaceStickerCore
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
    /// The fraction nearest `value` whose parts are at most `largestSequenceRatePart`
    /// (ffmpeg reads a rate with larger parts as another): a rate worked out as
    /// frames over seconds. Nil for a value that is no rate (0, negative, not finite, over 10^6).
    package init?(approximating value: Double) {
        guard value.isFinite, value > 0, value < 1e6 else { return nil }
        let limit = Self.largestSequenceRatePart
        // Continued fractions: each convergent is the best approximation for its size.
        var (h0, h1, k0, k1) = (0, 1, 1, 0)
        var x = value
        for _ in 0..<40 {
            let a = x.rounded(.down)
            guard a < Double(limit) else { break }
            let whole = Int(a)
            let (h, k) = (whole * h1 + h0, whole * k1 + k0)
            guard h <= limit, k <= limit else { break }
            (h0, h1, k0, k1) = (h1, h, k1, k)
            let rest = x - a
            guard rest > 1e-12 else { break }
            x = 1 / rest
        }
        self.init(numerator: h1, denominator: k1)
    }

    /// A whole number of frames a second (at least 1).
    package init(whole: Int) {
        numerator = max(1, whole)
        denominator = 1
    }
}

extension FrameRate {
    /// The slowest rate an image sequence is read at: a frame every 600 s (ten
    /// minutes). Measured with ffmpeg 5.1 and libx264 into mp4 and mov: from
    /// 1/131072 each frame's duration overflows the muxer's 32 bits and the run
    /// fails when encoded (`1/1000000`), and already from about 1/1000 (placebo),
    /// 1/1700 (medium) or 1/8193 (3 frames) the B-frames' timestamps lose the
    /// last two frames without an error; 1/600 keeps every preset whole.
    package static let longestSequenceFrame = 600
    /// The fastest: 1000 frames a second.
    package static let fastestSequenceRate = 1000
    /// The largest numerator or denominator: ffmpeg reads a rate as a fraction
    /// and turns one with larger parts (over 1001000) into another rate.
    package static let largestSequenceRatePart = 1_000_000

    /// The rate of an image sequence input (`--fps`: `25`, `30000/1001`, `1/10`),
    /// checked against what ffmpeg encodes; the error says why not.
    package static func sequenceRate(_ text: String) throws -> FrameRate {
        guard let rate = FrameRate(text) else {
            throw FaceStickerError.invalidArgument("\"\(text)\" is not a rate like 25, 30000/1001 or 1/10")
        }
        try rate.checkSequenceRate()
        return rate
    }

    /// Throws unless an image sequence can be read at this rate (see `sequenceRate`).
    package func checkSequenceRate() throws {
        let limit = Self.largestSequenceRatePart
        guard numerator <= limit, denominator <= limit else {
            throw FaceStickerError.invalidArgument("\(self): the numerator and denominator must be at most \(limit)")
        }
        // Exact in integers: both parts are at most 10^6.
        guard numerator * Self.longestSequenceFrame >= denominator, numerator <= Self.fastestSequenceRate * denominator else {
            throw FaceStickerError.invalidArgument("\(self) is outside 1/\(Self.longestSequenceFrame)...\(Self.fastestSequenceRate) "
                                                   + "frames a second (from a frame every \(Self.longestSequenceFrame) s)")
        }
    }
}
