/// Writes PNG files byte by byte, independently of libpng, so the reader is
/// tested on files whose every byte the test chose: any colour type and bit
/// depth, Adam7 interlacing, forged headers and damaged chunks. Image data
/// goes into stored (uncompressed) deflate blocks, rows unfiltered.
enum PNGBytes {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// PNG colour types and their channel counts.
    enum ColorType: UInt8 {
        case grey = 0, rgb = 2, palette = 3, greyAlpha = 4, rgba = 6

        var channels: Int {
            switch self {
            case .grey, .palette: return 1
            case .greyAlpha: return 2
            case .rgb: return 3
            case .rgba: return 4
            }
        }
    }

    /// A whole PNG file. `samples` holds `channels` values per pixel, rows top
    /// to bottom (palette indices for `.palette`), each below 2^bitDepth.
    static func file(width: Int, height: Int, bitDepth: Int, colorType: ColorType, samples: [UInt16],
                     palette: [(UInt8, UInt8, UInt8)] = [], transparency: [UInt8] = [],
                     interlaced: Bool = false) -> [UInt8] {
        var out = signature
        out += chunk("IHDR", header(width: width, height: height, bitDepth: bitDepth, colorType: colorType,
                                    interlaced: interlaced))
        if !palette.isEmpty { out += chunk("PLTE", palette.flatMap { [$0.0, $0.1, $0.2] }) }
        if !transparency.isEmpty { out += chunk("tRNS", transparency) }
        let raw = scanlines(width: width, height: height, bitDepth: bitDepth, channels: colorType.channels,
                            samples: samples, interlaced: interlaced)
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return out
    }

    /// The 13 bytes of an IHDR chunk's data.
    static func header(width: Int, height: Int, bitDepth: Int, colorType: ColorType, interlaced: Bool) -> [UInt8] {
        bigEndian(UInt32(width)) + bigEndian(UInt32(height))
            + [UInt8(bitDepth), colorType.rawValue, 0, 0, interlaced ? 1 : 0]
    }

    /// Length, type, data and CRC.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    /// Filter byte 0 and packed samples for each row (of each Adam7 pass when interlaced).
    static func scanlines(width: Int, height: Int, bitDepth: Int, channels: Int, samples: [UInt16],
                          interlaced: Bool) -> [UInt8] {
        let passes: [(x: Int, y: Int, dx: Int, dy: Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var out: [UInt8] = []
        for pass in passes {
            let xs = Array(Swift.stride(from: pass.x, to: width, by: pass.dx))
            let ys = Array(Swift.stride(from: pass.y, to: height, by: pass.dy))
            guard !xs.isEmpty else { continue }
            for y in ys {
                out.append(0)
                var bits: [UInt16] = []
                for x in xs { bits += samples[((y * width + x) * channels)..<((y * width + x + 1) * channels)] }
                out += pack(bits, bitDepth: bitDepth)
            }
        }
        return out
    }

    /// Samples packed most significant bits first; 16-bit ones big-endian.
    static func pack(_ values: [UInt16], bitDepth: Int) -> [UInt8] {
        switch bitDepth {
        case 16: return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return values.map { UInt8($0) }
        default:
            var out: [UInt8] = [], current = 0, used = 0
            for value in values {
                current = (current << bitDepth) | Int(value)
                used += bitDepth
                if used == 8 {
                    out.append(UInt8(current))
                    current = 0
                    used = 0
                }
            }
            if used > 0 { out.append(UInt8(current << (8 - used))) }
            return out
        }
    }

    /// A zlib stream of stored deflate blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            out.append(end == data.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += data[start..<end]
            start = end
        } while start < data.count
        return out + bigEndian(adler32(data))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return (b << 16) | a
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
