import FaceStickerCore
/// A part of a video by time (`video --start T --duration D` or `--to T`): the
/// frames whose timestamps t, counted from the video's start as ffmpeg's `-ss`
/// counts them, are `start <= t < end`. Times are whole microseconds, as
/// ffmpeg keeps them, so no frame boundary is lost to rounding.
///
/// Cut (the default): the output is that part only, its audio cut at the same
/// times (within one audio frame when copied). `keepRest`: the output is the
/// whole video, stickers drawn only on the frames of the range, the rest
/// re-encoded as it is.
package struct TimeRange: Equatable, Sendable {
    /// Microseconds from the video's start; 0 or more.
    package var start: Int64
    /// Microseconds from the video's start, after `start`; nil: to the end.
    package var end: Int64?
    /// Write the whole video, stickers only within the range.
    package var keepRest = false

    package init(start: Int64 = 0, end: Int64? = nil, keepRest: Bool = false) {
        self.start = max(0, start)
        self.end = end.map { max($0, self.start) }
        self.keepRest = keepRest
    }

    /// The range from `--start`, `--duration` and `--to`, in microseconds (each optional:
    /// the whole video when none is given, which `isWhole` tells); problems name the option.
    package static func from(start: Int64?, duration: Int64?, to: Int64?, keepRest: Bool) throws -> TimeRange {
        if duration != nil, to != nil {
            throw FaceStickerError.invalidArgument("\(setting: .duration) and \(setting: .end): give one of them (\(setting: .end) is a time in the input, \(setting: .duration) a length)")
        }
        let from = start ?? 0
        var end: Int64?
        if let duration {
            guard duration > 0 else { throw FaceStickerError.invalidArgument("\(setting: .duration): \(text(duration)) is no length (give more than 0)") }
            // Past Int64's microseconds (292 000 years) is "to the end".
            let (sum, overflow) = from.addingReportingOverflow(duration)
            end = overflow ? nil : sum
        }
        if let to {
            guard to > from else {
                throw FaceStickerError.invalidArgument("\(setting: .end): \(text(to)) is not after \(setting: .start) \(text(from)) (\(setting: .end) is a time in the input, not a length)")
            }
            end = to
        }
        if keepRest, start == nil, duration == nil, to == nil {
            throw FaceStickerError.invalidArgument("\(setting: .keepRest): give the range too (\(setting: .start), \(setting: .duration) or \(setting: .end))")
        }
        return TimeRange(start: from, end: end, keepRest: keepRest)
    }

    /// Whether the range is the whole video (no option given, or `--start 0` alone).
    package var isWhole: Bool { start == 0 && end == nil }

    /// The range as an output's record keeps it (`OutputRecord.part`): `whole`, or
    /// `START-END` in microseconds (`START-` to the end), with `+rest` for `keepRest`.
    package var recordKey: String {
        isWhole && !keepRest ? "whole" : "\(start)-\(end.map { String($0) } ?? "")" + (keepRest ? "+rest" : "")
    }

    /// The range a record's key names (nil: not a key `recordKey` writes).
    package init?(recordKey key: String) {
        if key == "whole" {
            self.init()
            return
        }
        let rest = key.hasSuffix("+rest")
        let times = (rest ? key.dropLast(5) : Substring(key)).split(separator: "-", omittingEmptySubsequences: false)
        guard times.count == 2, let start = Int64(times[0]), start >= 0 else { return nil }
        let end = times[1].isEmpty ? nil : Int64(times[1])
        if !times[1].isEmpty, end == nil { return nil }
        self.init(start: start, end: end, keepRest: rest)
    }

    /// What a run of this range writes, for messages: `the whole video`,
    /// `the part from 1 s to 2 s`, `the whole video stickered from 1 s to 2 s`.
    package var outputDescription: String {
        if isWhole && !keepRest { return "the whole video" }
        return keepRest ? "the whole video stickered \(description)" : "the part \(description)"
    }

    /// Parses a time as ffmpeg takes one: seconds (`12.5`, `90`) or
    /// `[HH:]MM:SS[.frac]` (`1:30`, `01:02:03.5`; minutes and seconds after a
    /// colon below 60, hours any), digits past the sixth of the fraction
    /// ignored, as ffmpeg does. Negative times, signs, units and anything else
    /// are refused with a line naming `setting`.
    package static func parse(_ text: String, setting: SettingName) throws -> Int64 {
        do {
            return try time(text)
        } catch FaceStickerError.invalidArgument(let problem) {
            throw FaceStickerError.invalidArgument("\(setting: setting): " + problem)
        }
    }

    /// Parses a time as `parse(_:setting:)` does; the error says what is wrong, not where.
    package static func time(_ text: String) throws -> Int64 {
        let example = "like 12.5, 1:30 or 01:02:03.5"
        func bad(_ why: String) -> FaceStickerError { FaceStickerError.invalidArgument(why) }
        if text.hasPrefix("-") { throw bad("\(text) is negative (give a time \(example))") }
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), let last = parts.last else {
            throw bad("\"\(text)\" is not a time \(example)")
        }
        // The seconds, with their fraction, are the last part.
        let secondsText = last.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let whole = secondsText[0]
        let fraction = secondsText.count == 2 ? secondsText[1] : ""
        let digits = parts.dropLast() + [whole]
        let isDigit = { (c: Character) in c.isASCII && c.isWholeNumber }
        guard digits.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }),
              fraction.allSatisfy(isDigit), secondsText.count == 1 || !fraction.isEmpty else {
            throw bad("\"\(text)\" is not a time \(example)")
        }
        // Each part as a number; hours may be long, minutes and seconds after a colon stay below 60.
        var values: [Int64] = []
        for part in digits {
            guard part.count <= 12, let value = Int64(part) else { throw bad("\(text) is too large") }
            values.append(value)
        }
        if parts.count > 1 {
            guard values.dropFirst(parts.count == 3 ? 1 : 0).allSatisfy({ $0 < 60 }) else {
                throw bad("\(text): minutes and seconds after a colon must be below 60 (\(example))")
            }
        }
        var seconds: Int64 = 0
        for value in values {
            let (times60, o1) = seconds.multipliedReportingOverflow(by: 60)
            let (sum, o2) = times60.addingReportingOverflow(value)
            guard !o1, !o2 else { throw bad("\(text) is too large") }
            seconds = sum
        }
        var micro: Int64 = 0
        var scale: Int64 = 100_000
        for digit in fraction.prefix(6) {
            micro += Int64(digit.wholeNumberValue ?? 0) * scale
            scale /= 10
        }
        let (us, o1) = seconds.multipliedReportingOverflow(by: 1_000_000)
        let (total, o2) = us.addingReportingOverflow(micro)
        guard !o1, !o2 else { throw bad("\(text) is too large") }
        return total
    }

    /// `12.5 s`, `1:02:03.5` style for messages: seconds with their fraction, and
    /// minutes (and hours) when there are any.
    package static func text(_ microseconds: Int64) -> String {
        let us = max(0, microseconds)
        let seconds = us / 1_000_000
        var fraction = String(us % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        let tail = fraction.isEmpty ? "" : "." + fraction
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        if h > 0 { return "\(h):\(two(m)):\(two(s))\(tail)" }
        if m > 0 { return "\(m):\(two(s))\(tail)" }
        return "\(s)\(tail) s"
    }

    /// The range as a user reads it: `from 10 s to 15.5 s`, `from 10 s to the end`.
    package var description: String {
        "from \(Self.text(start)) to " + (end.map { Self.text($0) } ?? "the end")
    }

    // MARK: Frames

    /// The first timestamp at or after `time` (microseconds from the file's
    /// start) in `clock`'s ticks: what ffmpeg's `trim` filter compares each
    /// frame's timestamp with, exactly.
    package static func ticks(at time: Int64, _ clock: FrameClock) -> Int64 {
        // (time + start) / 10^6 seconds over the tick, rounded up, in exact integers.
        let numerator = (Int128(time) + Int128(clock.startTime)) * Int128(clock.tickDenominator)
        let denominator = Int128(clock.tickNumerator) * 1_000_000
        return Self.clamp(Self.ceiling(numerator, denominator))
    }

    /// The frames of the range in a video whose frame i is shown at
    /// `clock.firstFrame + i / rate` (the rate's average: how the output is
    /// timed): from the first frame at or after `start` up to, not including,
    /// the first at or after `end` (nil: to the end), cut to `frameCount` when
    /// that is known. For a video at a constant rate these are exactly the
    /// frames ffmpeg's trim keeps (`ticks(at:)`); for one at a varying rate, about.
    package func frames(rate: FrameRate, clock: FrameClock = FrameClock(), frameCount: Int? = nil) -> FrameSpan {
        // i >= ((t + start) - firstPts * tick) * rate, as one fraction in exact integers.
        func index(at time: Int64) -> Int {
            let seconds = (Int128(time) + Int128(clock.startTime)) * Int128(clock.tickDenominator)
                - Int128(clock.firstPts) * Int128(clock.tickNumerator) * 1_000_000
            guard seconds > 0 else { return 0 }
            let numerator = seconds * Int128(rate.numerator)
            let denominator = Int128(clock.tickDenominator) * 1_000_000 * Int128(rate.denominator)
            return Int(Self.clamp(Self.ceiling(numerator, denominator)))
        }
        let first = index(at: start)
        var last = end.map { index(at: $0) }
        var cut = false
        if let frameCount, last.map({ $0 > frameCount }) ?? true {
            cut = end != nil
            last = frameCount
        }
        return FrameSpan(first: first, end: last.map { max(first, $0) }, reachesPastTheEnd: cut)
    }

    private static func ceiling(_ numerator: Int128, _ denominator: Int128) -> Int128 {
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        return remainder > 0 ? quotient + 1 : quotient
    }

    /// Within 0...2^53 (exact in ffmpeg's expression doubles, and an Int64 and Int everywhere).
    private static func clamp(_ value: Int128) -> Int64 { Int64(max(0, min(value, 1 << 53))) }

    /// Seconds as ffmpeg's options take them: `12.500000`.
    package static func seconds(_ microseconds: Int64) -> String {
        let us = max(0, microseconds)
        let fraction = String(us % 1_000_000)
        return "\(us / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }
}

/// How a video's frames are stamped, which cutting at exact times needs:
/// the tick of its timestamps, when the file starts and when its first frame.
package struct FrameClock: Equatable, Sendable {
    /// The stream's time base, `tickNumerator/tickDenominator` seconds (1/30000, 125/2997).
    package var tickNumerator: Int64
    package var tickDenominator: Int64
    /// The file's start (what ffmpeg's `-ss` counts from), in microseconds.
    package var startTime: Int64
    /// The first frame's timestamp, in ticks.
    package var firstPts: Int64

    /// A clock of microsecond ticks; by default starting at 0 with the first frame there.
    package init(tickNumerator: Int64 = 1, tickDenominator: Int64 = 1_000_000, startTime: Int64 = 0, firstPts: Int64 = 0) {
        self.tickNumerator = max(1, tickNumerator)
        self.tickDenominator = max(1, tickDenominator)
        self.startTime = startTime
        self.firstPts = firstPts
    }
}

/// Which frames of a video a `TimeRange` takes, by index.
package struct FrameSpan: Equatable, Sendable {
    /// The first frame in the range.
    package var first: Int
    /// The frame after the last (exclusive); nil: to the end, however many there are.
    package var end: Int?
    /// The range's end lies past the video's last frame (it was cut there).
    package var reachesPastTheEnd: Bool

    package init(first: Int, end: Int?, reachesPastTheEnd: Bool) {
        self.first = first
        self.end = end
        self.reachesPastTheEnd = reachesPastTheEnd
    }

    /// Frames in the range; nil when it runs to an end not known.
    package var count: Int? { end.map { $0 - first } }

    /// Whether frame `index` is in the range.
    package func contains(_ index: Int) -> Bool { index >= first && end.map { index < $0 } ?? true }
}
