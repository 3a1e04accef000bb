import CFaceDetect
import FaceSticker
import Foundation
import Testing

/// PNG through libpng (every colour type, depth and interlacing), JPEG through
/// OpenCV, atomic writes, and one-line errors for bad files.
@Suite struct ImageFileTests {
    /// A 9x7 picture: every Adam7 pass has pixels, and rows end mid-byte at low depths.
    static let width = 9, height = 7

    /// A test value per pixel and channel, below `limit`.
    static func value(_ x: Int, _ y: Int, _ channel: Int, limit: Int) -> Int {
        (x * 7 + y * 13 + channel * 29 + x * y) % limit
    }

    static func write(_ bytes: [UInt8], _ dir: TemporaryDirectory, _ name: String) throws -> String {
        let path = dir.path(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Compares every pixel with `expected`; `tolerance` levels per channel, and
    /// with `ignoreHidden` no colour check where the expected alpha is 0.
    static func expectPixels(_ image: RGBAImage, tolerance: Int = 0, ignoreHidden: Bool = false,
                             _ expected: (Int, Int) -> [Int]) {
        #expect(image.width == width && image.height == height)
        var mismatches: [String] = []
        for y in 0..<min(image.height, height) {
            for x in 0..<min(image.width, width) {
                let p = image[x, y], want = expected(x, y)
                let got = [Int(p.0), Int(p.1), Int(p.2), Int(p.3)]
                let channels = ignoreHidden && want[3] == 0 ? [3] : [0, 1, 2, 3]
                if channels.contains(where: { abs(got[$0] - want[$0]) > tolerance }) {
                    mismatches.append("(\(x),\(y)): \(got) != \(want)")
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// 16-bit files pass through libpng's 16-bit linear output (see LibPNG): the
    /// reduction to 8 bits is exact to within 1 level, and colour under alpha 0 is not kept.
    static let sixteenBitTolerance = 1

    @Test(arguments: [1, 2, 4, 8, 16], [false, true])
    func greyAtEveryDepth(bitDepth: Int, interlaced: Bool) throws {
        let dir = try TemporaryDirectory()
        // Low depths scale up exactly (1 bit: x255, 2 bits: x85, 4 bits: x17); 16-bit
        // samples are 8-bit values times 257, which reduce back to those values.
        let limit = min(1 << bitDepth, 256)
        let scale = bitDepth == 16 ? 257 : 1
        var samples: [UInt16] = []
        for y in 0..<Self.height {
            for x in 0..<Self.width { samples.append(UInt16(Self.value(x, y, 0, limit: limit) * scale)) }
        }
        let bytes = PNGBytes.file(width: Self.width, height: Self.height, bitDepth: bitDepth, colorType: .grey,
                                  samples: samples, interlaced: interlaced)
        let image = try ImageFile.read(path: try Self.write(bytes, dir, "grey.png"))
        Self.expectPixels(image, tolerance: bitDepth == 16 ? Self.sixteenBitTolerance : 0) { x, y in
            let grey = Self.value(x, y, 0, limit: limit) * 255 / (limit - 1)
            return [grey, grey, grey, 255]
        }
    }

    @Test(arguments: [8, 16], [false, true])
    func colourAndAlphaAtEightAndSixteenBits(bitDepth: Int, interlaced: Bool) throws {
        let dir = try TemporaryDirectory()
        // 16-bit samples are 8-bit values times 257, which every correct reduction maps back exactly.
        let scale = bitDepth == 16 ? 257 : 1
        for type in [PNGBytes.ColorType.rgb, .rgba, .greyAlpha] {
            var samples: [UInt16] = []
            for y in 0..<Self.height {
                for x in 0..<Self.width {
                    for c in 0..<type.channels { samples.append(UInt16(Self.value(x, y, c, limit: 256) * scale)) }
                }
            }
            let bytes = PNGBytes.file(width: Self.width, height: Self.height, bitDepth: bitDepth, colorType: type,
                                      samples: samples, interlaced: interlaced)
            let image = try ImageFile.read(path: try Self.write(bytes, dir, "\(type).png"))
            let tolerance = bitDepth == 16 ? Self.sixteenBitTolerance : 0
            Self.expectPixels(image, tolerance: tolerance, ignoreHidden: bitDepth == 16) { x, y in
                let v = (0..<4).map { Self.value(x, y, $0, limit: 256) }
                switch type {
                case .rgb: return [v[0], v[1], v[2], 255]
                case .rgba: return v
                default: return [v[0], v[0], v[0], v[1]]
                }
            }
        }
    }

    @Test(arguments: [1, 2, 4, 8], [false, true])
    func paletteWithTransparency(bitDepth: Int, interlaced: Bool) throws {
        let dir = try TemporaryDirectory()
        let count = 1 << bitDepth
        let palette = (0..<count).map { (i: Int) -> (UInt8, UInt8, UInt8) in
            (UInt8(i * 37 % 256), UInt8(255 - i * 11 % 256), UInt8(i * 5 % 256))
        }
        let alphas: [UInt8] = [0, 128, 200]  // entries past the tRNS list are opaque
        var samples: [UInt16] = []
        for y in 0..<Self.height { for x in 0..<Self.width { samples.append(UInt16(Self.value(x, y, 0, limit: count))) } }
        let bytes = PNGBytes.file(width: Self.width, height: Self.height, bitDepth: bitDepth, colorType: .palette,
                                  samples: samples, palette: palette, transparency: Array(alphas.prefix(count)),
                                  interlaced: interlaced)
        let image = try ImageFile.read(path: try Self.write(bytes, dir, "palette.png"))
        Self.expectPixels(image) { x, y in
            let i = Self.value(x, y, 0, limit: count), entry = palette[i]
            let alpha = i < min(alphas.count, count) ? Int(alphas[i]) : 255
            return [Int(entry.0), Int(entry.1), Int(entry.2), alpha]
        }
    }

    @Test(arguments: ["png", "PNG", "jpg", "jpeg"])
    func writeThenReadBack(ext: String) throws {
        let dir = try TemporaryDirectory()
        var image = RGBAImage(width: 31, height: 17, fill: (0, 0, 0, 255))
        for y in 0..<17 { for x in 0..<31 { image[x, y] = (UInt8(x * 8), UInt8(y * 15), 128, 255) } }
        let path = dir.path("out.\(ext)")
        try ImageFile.write(image, to: path)
        let back = try ImageFile.read(path: path)
        #expect(back.width == 31 && back.height == 17)
        #expect(dir.contents() == ["out.\(ext)"], "no temporary file left behind")
        if ext.lowercased() == "png" {
            #expect(back == image)
            #expect(try Self.colorType(path) == 2, "an opaque image is written as RGB")
        } else {
            // JPEG is lossy: a smooth ramp at quality 92 stays within 12 levels per channel.
            let worst = zip(back.pixels, image.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(worst <= 12, "max difference \(worst)")
        }
    }

    /// A format neither libpng nor libjpeg reads goes to OpenCV's image codecs, which
    /// are loaded when first used (CFaceDetect's lazy.cpp), not at start: a 24-bit BMP,
    /// rows bottom up, each padded to 4 bytes.
    @Test func aBMPIsReadThroughOpenCVsCodecsLoadedOnFirstUse() throws {
        let dir = try TemporaryDirectory()
        let rowBytes = (Self.width * 3 + 3) / 4 * 4, pixelBytes = rowBytes * Self.height
        func le(_ v: Int, _ n: Int) -> [UInt8] { (0..<n).map { UInt8((v >> (8 * $0)) & 0xFF) } }
        var bytes: [UInt8] = Array("BM".utf8) + le(54 + pixelBytes, 4) + le(0, 4) + le(54, 4)
        bytes += le(40, 4) + le(Self.width, 4) + le(Self.height, 4) + le(1, 2) + le(24, 2) + le(0, 4)
            + le(pixelBytes, 4) + le(2835, 4) + le(2835, 4) + le(0, 4) + le(0, 4)
        for y in (0..<Self.height).reversed() {
            var row: [UInt8] = []
            for x in 0..<Self.width { row += [2, 1, 0].map { UInt8(Self.value(x, y, $0, limit: 256)) } } // BGR
            bytes += row + [UInt8](repeating: 0, count: rowBytes - row.count)
        }
        let image = try ImageFile.read(path: try Self.write(bytes, dir, "picture.bmp"))
        Self.expectPixels(image) { x, y in (0..<3).map { Self.value(x, y, $0, limit: 256) } + [255] }
    }

    @Test func pngKeepsAlphaWhenSomePixelIsNotOpaque() throws {
        let dir = try TemporaryDirectory()
        var image = RGBAImage(width: 4, height: 3, fill: (10, 20, 30, 255))
        image[1, 1] = (200, 100, 50, 0)
        image[2, 1] = (200, 100, 50, 77)
        let path = dir.path("alpha.png")
        try ImageFile.write(image, to: path)
        #expect(try Self.colorType(path) == 6)
        #expect(try ImageFile.read(path: path) == image, "straight alpha round-trips exactly")
    }

    /// The colour type byte of a PNG file's IHDR.
    static func colorType(_ path: String) throws -> UInt8 {
        let bytes = try #require(FileManager.default.contents(atPath: path))
        return bytes[25]
    }

    @Test func pngIsRecognisedBySignatureNotName() throws {
        let dir = try TemporaryDirectory()
        let bytes = PNGBytes.file(width: 2, height: 1, bitDepth: 8, colorType: .rgba, samples: [1, 2, 3, 4, 5, 6, 7, 8])
        let path = try Self.write(bytes, dir, "really-a-png.jpg")
        #expect(try ImageFile.isPNG(path: path))
        let image = try ImageFile.read(path: path)
        #expect(image.pixels == [1, 2, 3, 4, 5, 6, 7, 8])
    }

    /// In a child process (an exit test): OpenCV's PNG decoder has libpng warn of the
    /// astronaut's sRGB profile on stderr, which would leak into the suite's output.
    @Test func astronautReadsAsOpenCVReadsIt() async throws {
        let child = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            try Self.compareWithOpenCV()
        }
        #expect(String(decoding: child.standardErrorContent, as: UTF8.self).contains("iCCP"))
    }

    static func compareWithOpenCV() throws {
        let ours = try ImageFile.read(path: Fixtures.astronaut)
        var picture: OpaquePointer?
        #expect(fd_picture_read(Fixtures.astronaut, &picture) == FD_OK)
        defer { fd_picture_destroy(picture) }
        var theirs = RGBAImage(width: 512, height: 512)
        let status = theirs.pixels.withUnsafeMutableBufferPointer {
            fd_picture_copy_rgba(picture, $0.baseAddress, 512 * 4, Int64($0.count))
        }
        #expect(status == FD_OK)
        #expect(ours == theirs, "libpng and OpenCV decode the same pixels (its iCCP chunk is not applied)")
    }

    @Test func jpegExifOrientationIsApplied() throws {
        let dir = try TemporaryDirectory()
        // Stored 40x20: left half red, right half blue; EXIF orientation 6 turns it a quarter clockwise.
        var image = RGBAImage(width: 40, height: 20, fill: (0, 0, 255, 255))
        for y in 0..<20 { for x in 0..<20 { image[x, y] = (255, 0, 0, 255) } }
        let plain = dir.path("plain.jpg")
        try ImageFile.write(image, to: plain)
        var bytes = try #require(FileManager.default.contents(atPath: plain)).map { $0 }
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let exif: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = exif.count + 2
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif, at: 2)
        let turned = dir.path("turned.jpg")
        try Data(bytes).write(to: URL(fileURLWithPath: turned))
        let upright = try ImageFile.read(path: turned)
        #expect(upright.width == 20 && upright.height == 40)
        let top = upright[10, 5], bottom = upright[10, 34]
        #expect(top.0 > 200 && top.2 < 60, "the stored left (red) is on top: \(top)")
        #expect(bottom.2 > 200 && bottom.0 < 60, "\(bottom)")
    }

    /// The size check behind `hugeHeaderIsRefusedBeforeAllocating` measures the
    /// file a symlink names, not the link (whose few bytes once refused the photo).
    @Test(arguments: ["png", "jpg"])
    func aShortSymlinkToAPhotoReadsAsThePhoto(ext: String) throws {
        let dir = try TemporaryDirectory()
        let photo = dir.path("a-photo-with-a-long-name." + ext)
        let original = try ImageFile.read(path: Fixtures.astronaut)
        try ImageFile.write(original, to: photo, quality: 95)
        try FileManager.default.createSymbolicLink(atPath: dir.path("s." + ext),
                                                   withDestinationPath: "a-photo-with-a-long-name." + ext)
        #expect(try ImageFile.read(path: dir.path("s." + ext)) == ImageFile.read(path: photo))
    }

    @Test func hugeHeaderIsRefusedBeforeAllocating() throws {
        let dir = try TemporaryDirectory()
        var bytes = PNGBytes.signature
        bytes += PNGBytes.chunk("IHDR", PNGBytes.header(width: 100_000, height: 100_000, bitDepth: 8,
                                                        colorType: .rgba, interlaced: false))
        bytes += PNGBytes.chunk("IDAT", PNGBytes.zlibStored([0, 1, 2, 3, 4]))
        bytes += PNGBytes.chunk("IEND", [])
        let path = try Self.write(bytes, dir, "huge.png")
        let error = try #require(throws: FaceStickerError.self) { try ImageFile.read(path: path) }
        #expect(error.description == "\(path): PNG is 100000x100000 pixels, more than the 268435456 allowed")
    }

    /// Headers that claim more pixels than their files' bytes can hold are refused
    /// from the header, unread and unallocated, PNG and JPEG alike.
    @Test func overclaimingHeadersAreRefusedBeforeDecoding() throws {
        let dir = try TemporaryDirectory()
        var png = PNGBytes.signature
        png += PNGBytes.chunk("IHDR", PNGBytes.header(width: 16_000, height: 16_000, bitDepth: 16, colorType: .rgba,
                                                      interlaced: false))
        png += PNGBytes.chunk("IDAT", PNGBytes.zlibStored([0, 0, 0, 0])) + PNGBytes.chunk("IEND", [])
        let pngPath = try Self.write(png, dir, "overclaiming.png")
        let pngError = try #require(throws: FaceStickerError.self) { try ImageFile.read(path: pngPath) }
        #expect(pngError.description.contains("PNG header claims 16000x16000 pixels, more than its \(png.count) bytes"))
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0x3E, 0x80, 0x3E, 0x80, 0x03]
            + Array(repeating: 0, count: 12) + [0xFF, 0xD9]
        let jpegPath = try Self.write(jpeg, dir, "overclaiming.jpg")
        let jpegError = try #require(throws: FaceStickerError.self) { try ImageFile.read(path: jpegPath) }
        #expect(jpegError.description.contains("not a readable image (JPEG header claims 16000x16000 pixels, more than its"))
        let huge: [UInt8] = [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0x03]
            + Array(repeating: 0, count: 12) + [0xFF, 0xD9]
        let hugePath = try Self.write(huge, dir, "huge.jpg")
        let hugeError = try #require(throws: FaceStickerError.self) { try ImageFile.read(path: hugePath) }
        #expect(hugeError.description.contains("65535x65535 pixels, more than the 268435456 allowed"))
    }

    /// A valid 9x7 RGBA file to damage.
    static func goodFile() -> [UInt8] {
        PNGBytes.file(width: width, height: height, bitDepth: 8, colorType: .rgba,
                      samples: (0..<(width * height * 4)).map { UInt16($0 % 256) })
    }

    /// Ways to damage `goodFile()`.
    enum Damage: String, CaseIterable {
        case truncatedInData, truncatedAfterSignature, dataCRC, headerCRC, noEnd

        func apply(_ bytes: [UInt8]) -> [UInt8] {
            var out = bytes
            switch self {
            case .truncatedInData: out.removeLast(60)
            case .truncatedAfterSignature: out = Array(out.prefix(10))
            case .dataCRC: out[out.count - 20] ^= 0xFF  // inside the IDAT data, before its CRC
            case .headerCRC: out[29] ^= 0x01  // IHDR's CRC
            case .noEnd: out.removeLast(12)
            }
            return out
        }
    }

    @Test(arguments: Damage.allCases)
    func damagedFilesGiveOneLine(damage: Damage) throws {
        let dir = try TemporaryDirectory()
        let path = try Self.write(damage.apply(Self.goodFile()), dir, "damaged.png")
        if damage == .noEnd {
            // libpng needs every pixel, not the end marker: the image is whole.
            #expect(try ImageFile.read(path: path).width == Self.width)
            return
        }
        let error = try #require(throws: FaceStickerError.self, "\(damage)") { try ImageFile.read(path: path) }
        #expect(error.description.hasPrefix("\(path): "), "\(error)")
        #expect(error.description.contains("PNG"), "\(error)")
        #expect(!error.description.contains("\n"))
    }

    @Test func missingFolderAndTextFilesAreNamed() throws {
        let dir = try TemporaryDirectory()
        #expect(throws: FaceStickerError.fileNotFound(path: dir.path("none.png"))) {
            try ImageFile.read(path: dir.path("none.png"))
        }
        #expect(throws: FaceStickerError.unreadable(path: dir.url.path, reason: "a folder, not a file")) {
            try ImageFile.read(path: dir.url.path)
        }
        let text = try dir.write("text.png", "not a picture")
        let error = try #require(throws: FaceStickerError.self) { try ImageFile.read(path: text) }
        #expect(error.description == "\(text): not a readable image (PNG or JPEG expected)")
    }

    @Test func writeRefusesUnknownTypesAndMissingFolders() throws {
        let dir = try TemporaryDirectory()
        let image = RGBAImage(width: 2, height: 2)
        #expect(throws: FaceStickerError.output(path: dir.path("a.gif"), reason: "unknown image type (use .png, .jpg or .jpeg)")) {
            try ImageFile.write(image, to: dir.path("a.gif"))
        }
        let nowhere = dir.path("no/such/folder/a.png")
        let error = try #require(throws: FaceStickerError.self) { try ImageFile.write(image, to: nowhere) }
        #expect(error.description.hasPrefix("\(nowhere): cannot write: "))
        #expect(throws: FaceStickerError.self) { try ImageFile.write(RGBAImage(width: 0, height: 0), to: dir.path("e.png")) }
        #expect(dir.contents().isEmpty, "nothing left behind")
    }
}
