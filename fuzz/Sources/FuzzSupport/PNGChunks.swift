/// Repairs a mutated PNG so that libpng reads past its checks: the signature
/// is restored and every chunk's CRC recomputed. Without this nearly every
/// mutation stops at a CRC error and the decoder behind it is never reached;
/// CRC errors themselves are covered by the bad-input tests.
public enum PNGChunks {
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// `bytes` with the signature in front (replacing the first 8 bytes) and
    /// each complete chunk's CRC recomputed; a trailing partial chunk is kept.
    public static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        if out.count < signature.count { return signature + out }
        out.replaceSubrange(0..<signature.count, with: signature)
        var offset = signature.count
        while offset + 12 <= out.count {
            let length = out[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            guard end + 4 <= out.count else { break }
            let crc = CRC32.checksum(out[(offset + 4)..<end])
            for k in 0..<4 { out[end + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
            offset = end + 4
        }
        return out
    }
}
