/// A 64-bit FNV-1a digest: the same bytes give the same digest in every process and on
/// every machine (Swift's `Hasher` is seeded per process). For telling files and settings
/// apart (`video --segment`'s parts, issue #43), not for security.
package struct Fingerprint: Sendable {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    package init() {}

    /// Adds `bytes`.
    package mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            value ^= UInt64(byte)
            value = value &* 0x0000_0100_0000_01b3
        }
    }

    /// Adds `text`'s UTF-8 bytes and a separator, so that `a`+`bc` differs from `ab`+`c`.
    package mutating func add(_ text: String) {
        add(text.utf8)
        add(CollectionOfOne(0))
    }

    /// Adds the bytes of `values` (floats by their bit patterns).
    package mutating func add(floats values: [Float]) {
        values.withUnsafeBytes { add($0) }
    }

    /// The digest as 16 hexadecimal digits.
    package var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
    }
}
