import CFaceDetect
import FaceSticker
import Foundation
import Testing

extension CAPITests {
    // MARK: Every entry point, with null pointers, wrong sizes and strides

    /// A Haar detector for the calls that need a live handle.
    private func haar() throws -> OpaquePointer {
        var p = params(FD_DETECTOR_HAAR, model: "")
        var handle: OpaquePointer?
        let status = ModelStore.haarCascade.withCString { path in
            p.model_path = path
            return fd_detector_create(&p, &handle)
        }
        try #require(status == FD_OK)
        return try #require(handle)
    }

    /// Every pointer argument of every entry point, NULL in turn, with the
    /// others valid: refused with INVALID_ARGUMENT and a message, outputs untouched.
    @Test func everyNullPointerIsRefused() throws {
        let detector = try haar()
        defer { fd_detector_destroy(detector) }
        var picture: OpaquePointer?
        try #require(fd_picture_read(Fixtures.jpeg, &picture) == FD_OK)
        defer { fd_picture_destroy(picture) }
        let pixels = [UInt8](repeating: 128, count: 64 * 64 * 4)
        var faces = [fd_face](repeating: fd_face(), count: 4)
        var count: Int32 = -1, width: Int32 = -1, height: Int32 = -1
        var handle: OpaquePointer?
        var p = params(FD_DETECTOR_HAAR, model: "")
        let dir = try TemporaryDirectory()
        let out = dir.path("out.jpg")

        func refused(_ status: fd_status, _ call: String) {
            #expect(status == FD_ERR_INVALID_ARGUMENT, "\(call)")
            #expect(!String(cString: fd_last_error()).isEmpty, "\(call) leaves a message")
        }
        pixels.withUnsafeBufferPointer { buffer in
            var image = fd_image(data: buffer.baseAddress, width: 64, height: 64, stride: 256, format: FD_PIXEL_RGBA8)
            refused(fd_detector_create(nil, &handle), "create(params NULL)")
            refused(ModelStore.haarCascade.withCString { path in
                p.model_path = path
                return fd_detector_create(&p, nil)
            }, "create(out NULL)")
            p.model_path = nil
            refused(fd_detector_create(&p, &handle), "create(model_path NULL)")
            refused(fd_detector_detect(nil, &image, &faces, 4, &count), "detect(detector NULL)")
            refused(fd_detector_detect(detector, nil, &faces, 4, &count), "detect(image NULL)")
            refused(fd_detector_detect(detector, &image, nil, 4, &count), "detect(faces NULL, capacity 4)")
            refused(fd_detector_detect(detector, &image, &faces, 4, nil), "detect(count NULL)")
            var noData = image
            noData.data = nil
            refused(fd_detector_detect(detector, &noData, &faces, 4, &count), "detect(image.data NULL)")
            refused(fd_picture_read(nil, &handle), "picture_read(path NULL)")
            refused(fd_picture_read(Fixtures.jpeg, nil), "picture_read(out NULL)")
            refused(fd_picture_size(nil, &width, &height), "picture_size(picture NULL)")
            refused(fd_picture_size(picture, nil, &height), "picture_size(width NULL)")
            refused(fd_picture_size(picture, &width, nil), "picture_size(height NULL)")
            refused(fd_picture_copy_rgba(nil, UnsafeMutablePointer(mutating: buffer.baseAddress), 256, 16384),
                    "copy_rgba(picture NULL)")
            refused(fd_picture_copy_rgba(picture, nil, 548 * 4, 548 * 4 * 342), "copy_rgba(pixels NULL)")
            refused(fd_jpeg_write(nil, &image, 90), "jpeg_write(path NULL)")
            refused(fd_jpeg_write(out, nil, 90), "jpeg_write(image NULL)")
            refused(fd_jpeg_write(out, &noData, 90), "jpeg_write(image.data NULL)")
            // Windows need a display to exist; NULL handles are refused before any is needed.
            refused(fd_window_create_fitted(nil, 64, 48, 0, 0, &handle), "window_create_fitted(title NULL)")
            refused(fd_window_create_fitted("FaceSticker", 64, 48, 0, 0, nil), "window_create_fitted(out NULL)")
            refused(fd_window_show(nil, &image), "window_show(window NULL)")
            var key: Int32 = 7, closed: Int32 = 7
            refused(fd_window_wait_key(nil, 10, &key, &closed), "window_wait_key(window NULL)")
            refused(fd_window_wait_key(nil, 10, nil, nil), "window_wait_key(outs NULL)")
            #expect(key == 7 && closed == 7, "outputs untouched")
        }
        #expect(handle == nil && count == -1 && width == -1 && height == -1, "outputs untouched on failure")
        #expect(dir.contents().isEmpty, "no JPEG written")
        fd_window_destroy(nil)
    }

    /// The optical flow's call: NULL pointers, colour images, two sizes and a box that is not
    /// finite are refused with a message, its outputs untouched.
    @Test func flowShiftRefusesWhatItCannotFollow() {
        let gray = [UInt8](repeating: 128, count: 64 * 64 * 4)
        var dx: Float = 7, dy: Float = 7, points: Int32 = 7
        gray.withUnsafeBufferPointer { buffer in
            var a = fd_image(data: buffer.baseAddress, width: 64, height: 64, stride: 64, format: FD_PIXEL_GRAY8)
            var colour = fd_image(data: buffer.baseAddress, width: 64, height: 64, stride: 256, format: FD_PIXEL_RGBA8)
            var small = fd_image(data: buffer.baseAddress, width: 32, height: 32, stride: 64, format: FD_PIXEL_GRAY8)
            var noData = a
            noData.data = nil
            let calls: [(String, fd_status)] = [
                ("previous NULL", fd_flow_shift(nil, &a, 8, 8, 32, 32, &dx, &dy, &points)),
                ("next NULL", fd_flow_shift(&a, nil, 8, 8, 32, 32, &dx, &dy, &points)),
                ("data NULL", fd_flow_shift(&a, &noData, 8, 8, 32, 32, &dx, &dy, &points)),
                ("out_dx NULL", fd_flow_shift(&a, &a, 8, 8, 32, 32, nil, &dy, &points)),
                ("out_points NULL", fd_flow_shift(&a, &a, 8, 8, 32, 32, &dx, &dy, nil)),
                ("RGBA", fd_flow_shift(&a, &colour, 8, 8, 32, 32, &dx, &dy, &points)),
                ("two sizes", fd_flow_shift(&a, &small, 8, 8, 32, 32, &dx, &dy, &points)),
                ("NaN box", fd_flow_shift(&a, &a, .nan, 8, 32, 32, &dx, &dy, &points)),
                ("infinite box", fd_flow_shift(&a, &a, 8, 8, .infinity, 32, &dx, &dy, &points)),
            ]
            for (call, status) in calls {
                #expect(status == FD_ERR_INVALID_ARGUMENT, "\(call)")
                #expect(!String(cString: fd_last_error()).isEmpty, "\(call) leaves a message")
            }
        }
        #expect(dx == 7 && dy == 7 && points == 7, "outputs untouched")
    }

    /// Sizes, strides and formats that do not describe the buffer are refused
    /// by every call that takes an fd_image, before any pixel is read.
    @Test(arguments: [
        (Int32(0), Int32(8), Int32(32), FD_PIXEL_RGBA8),          // no width
        (Int32(8), Int32(0), Int32(32), FD_PIXEL_RGBA8),          // no height
        (Int32(-8), Int32(8), Int32(32), FD_PIXEL_RGBA8),         // negative width
        (Int32(8), Int32(8), Int32(31), FD_PIXEL_RGBA8),          // stride one short
        (Int32(8), Int32(8), Int32(23), FD_PIXEL_RGB8),           // stride one short, RGB
        (Int32(8), Int32(8), Int32(23), FD_PIXEL_BGR8),
        (Int32(8), Int32(8), Int32(7), FD_PIXEL_GRAY8),
        (Int32(8), Int32(8), Int32(-32), FD_PIXEL_RGBA8),         // negative stride
        (Int32.max, Int32(1), Int32.max, FD_PIXEL_RGBA8),         // width x 4 overflows 32 bits
        (Int32(8), Int32(8), Int32(32), fd_pixel_format(rawValue: 4)),   // unknown format
        (Int32(8), Int32(8), Int32(32), fd_pixel_format(rawValue: 0x7FFF_FFFF)),
    ])
    func wrongImageGeometryIsRefused(width: Int32, height: Int32, stride: Int32, format: fd_pixel_format) throws {
        let detector = try haar()
        defer { fd_detector_destroy(detector) }
        let dir = try TemporaryDirectory()
        let pixels = [UInt8](repeating: 0, count: 8 * 8 * 4)
        pixels.withUnsafeBufferPointer { buffer in
            var image = fd_image(data: buffer.baseAddress, width: width, height: height, stride: stride, format: format)
            var faces = [fd_face](repeating: fd_face(), count: 2)
            var count: Int32 = -1
            #expect(fd_detector_detect(detector, &image, &faces, 2, &count) == FD_ERR_INVALID_ARGUMENT)
            #expect(count == -1)
            #expect(fd_jpeg_write(dir.path("out.jpg"), &image, 90) == FD_ERR_INVALID_ARGUMENT)
            #expect(!String(cString: fd_last_error()).isEmpty)
        }
        #expect(dir.contents().isEmpty)
    }

    /// The smallest images of every format, and padded strides, are accepted.
    @Test(arguments: [FD_PIXEL_GRAY8, FD_PIXEL_RGB8, FD_PIXEL_BGR8, FD_PIXEL_RGBA8])
    func tinyAndPaddedImagesWork(format: fd_pixel_format) throws {
        let detector = try haar()
        defer { fd_detector_destroy(detector) }
        let pixels = [UInt8](repeating: 90, count: 3 * 64)
        pixels.withUnsafeBufferPointer { buffer in
            var faces = [fd_face](repeating: fd_face(), count: 2)
            var count: Int32 = -1
            var one = fd_image(data: buffer.baseAddress, width: 1, height: 1, stride: 4, format: format)
            #expect(fd_detector_detect(detector, &one, &faces, 2, &count) == FD_OK)
            #expect(count == 0)
            var padded = fd_image(data: buffer.baseAddress, width: 5, height: 3, stride: 64, format: format)
            #expect(fd_detector_detect(detector, &padded, nil, 0, &count) == FD_OK, "capacity 0 with NULL faces")
        }
    }

    /// Only what the library cannot run with is refused here; the user-facing
    /// ranges are `DetectorParameter`'s (a scale factor of 1.0001 or a score
    /// threshold of -0.5 is the Swift layer's to refuse).
    @Test func detectorParametersTheLibraryCannotRunWithAreRefused() throws {
        let cases: [(String, (inout fd_detector_params) -> Void)] = [
            ("kind", { $0.kind = fd_detector_kind(rawValue: 3) }),
            ("scale_factor", { $0.scale_factor = 1 }),
            ("scale_factor", { $0.scale_factor = 0 }),
            ("scale_factor", { $0.scale_factor = .nan }),
            ("scale_factor", { $0.scale_factor = .infinity }),
            ("min_neighbors", { $0.min_neighbors = -1 }),
            ("min_size", { $0.min_size = -5 }),
            ("max_size", { $0.max_size = 10; $0.min_size = 20 }),
        ]
        for (name, change) in cases {
            var p = params(FD_DETECTOR_HAAR, model: "")
            change(&p)
            var handle: OpaquePointer?
            let status = ModelStore.haarCascade.withCString { path in
                p.model_path = path
                return fd_detector_create(&p, &handle)
            }
            #expect(status == FD_ERR_INVALID_ARGUMENT, "\(name)")
            #expect(String(cString: fd_last_error()).contains(name.replacingOccurrences(of: "kind", with: "detector kind")))
            #expect(handle == nil)
        }
        for kind: UInt32 in [3, 7, 99, .max] {
            var p = params(FD_DETECTOR_HAAR, model: "")
            p.kind = fd_detector_kind(rawValue: kind)
            var handle: OpaquePointer?
            let status = ModelStore.haarCascade.withCString { path in
                p.model_path = path
                return fd_detector_create(&p, &handle)
            }
            #expect(status == FD_ERR_INVALID_ARGUMENT && handle == nil, "kind \(kind)")
        }
        let dnn: [(String, (inout fd_detector_params) -> Void)] = [
            ("score_threshold", { $0.score_threshold = .nan }),
            ("score_threshold", { $0.score_threshold = -.infinity }),
            ("nms_threshold", { $0.nms_threshold = .nan }),
            ("top_k", { $0.top_k = 0 }),
        ]
        for (name, change) in dnn {
            var p = params(FD_DETECTOR_YUNET, model: "")
            change(&p)
            var handle: OpaquePointer?
            let status = Fixtures.yunetModel.withCString { path in
                p.model_path = path
                return fd_detector_create(&p, &handle)
            }
            #expect(status == FD_ERR_INVALID_ARGUMENT, "\(name)")
            #expect(String(cString: fd_last_error()).contains(name))
            #expect(handle == nil)
        }
    }

    /// fd_nms is OpenCV's NMSBoxes: best first, overlaps above the threshold dropped, top-k and integer boxes honoured.
    @Test func nmsKeepsTheBestOfOverlappingBoxes() {
        let boxes = [fd_box(x: 0, y: 0, width: 10, height: 10), fd_box(x: 1, y: 1, width: 10, height: 10),
                     fd_box(x: 50, y: 50, width: 10, height: 10), fd_box(x: 0.9, y: 0.9, width: 9.9, height: 9.9)]
        let scores: [Float] = [0.6, 0.9, 0.7, 0.1]
        var keep = [Int32](repeating: -1, count: 4), kept: Int32 = 0
        #expect(fd_nms(boxes, scores, 4, 0.5, 0.3, 0, 0, &keep, &kept) == FD_OK)
        #expect(Array(keep.prefix(Int(kept))) == [1, 2], "0 overlaps 1 by 0.68; 3 is under the score threshold")
        #expect(fd_nms(boxes, scores, 4, 0.05, 0.3, 1, 0, &keep, &kept) == FD_OK)
        #expect(Array(keep.prefix(Int(kept))) == [1], "top-k 1")
        #expect(fd_nms(boxes, scores, 4, 0.05, 0.3, 0, 1, &keep, &kept) == FD_OK)
        #expect(Array(keep.prefix(Int(kept))) == [1, 2], "box 3 truncated to (0, 0, 9, 9) overlaps box 1")
        #expect(fd_nms(boxes, scores, -1, 0.5, 0.3, 0, 0, &keep, &kept) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_nms(boxes, scores, 4, 0.5, 1.5, 0, 0, &keep, &kept) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_nms(boxes, scores, 4, .nan, 0.3, 0, 0, &keep, &kept) == FD_ERR_INVALID_ARGUMENT)
    }

    /// fd_image_resize averages when shrinking and checks the caller's buffer.
    @Test func resizeChecksItsBufferAndAverages() {
        var pixels = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for i in stride(from: 0, to: pixels.count, by: 8) { pixels[i] = 200; pixels[i + 3] = 255 } // every other column red
        var out = [UInt8](repeating: 7, count: 2 * 2 * 4)
        pixels.withUnsafeBufferPointer { src in
            var image = fd_image(data: src.baseAddress, width: 4, height: 4, stride: 16, format: FD_PIXEL_RGBA8)
            #expect(fd_image_resize(&image, &out, 2, 2, 8, 16) == FD_OK)
            #expect(fd_image_resize(&image, &out, 2, 2, 8, 15) == FD_ERR_INVALID_ARGUMENT, "capacity")
            #expect(fd_image_resize(&image, &out, 2, 2, 4, 16) == FD_ERR_INVALID_ARGUMENT, "stride")
            #expect(fd_image_resize(&image, &out, 0, 2, 8, 16) == FD_ERR_INVALID_ARGUMENT, "width")
            #expect(fd_image_resize(&image, nil, 2, 2, 8, 16) == FD_ERR_INVALID_ARGUMENT, "NULL")
        }
        #expect(out[0] == 100 && out[4] == 100, "red averaged with black")
    }

    /// copy_rgba's stride and capacity are checked against the picture, in 64 bits.
    @Test(Fixtures.needsShared("data/photos/messi5.jpg")) func pictureCopyRefusesEveryWrongBuffer() throws {
        var picture: OpaquePointer?
        try #require(fd_picture_read(Fixtures.messi, &picture) == FD_OK)
        defer { fd_picture_destroy(picture) }
        let row: Int32 = 548 * 4
        var buffer = [UInt8](repeating: 0, count: Int(row + 16) * 342)
        buffer.withUnsafeMutableBufferPointer { b in
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, -row, Int64(b.count)) == FD_ERR_INVALID_ARGUMENT)
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, row - 1, Int64(b.count)) == FD_ERR_INVALID_ARGUMENT)
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, row, -1) == FD_ERR_CAPACITY)
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, Int32.max, Int64(b.count)) == FD_ERR_CAPACITY)
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, row + 16, Int64(row + 16) * 341 + Int64(row) - 1)
                    == FD_ERR_CAPACITY, "a padded stride needs no padding after the last row, but every pixel")
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, row + 16, Int64(row + 16) * 341 + Int64(row)) == FD_OK)
        }
    }

    /// Damaged files, and headers past OpenCV's own limits, fail with a status,
    /// never with a crash. (What a header claims against the file's bytes is
    /// `ImageFile.read`'s check, before decoding: see ImageFileTests.) Run in a child
    /// process (an exit test): OpenCV's PNG decoder has libpng print its errors to
    /// stderr, which would leak into the suite's output (issue #41); they are asserted here.
    @Test func pictureReadRefusesDamagedAndForgedFiles() async throws {
        let child = try await #require(processExitsWith: .success, observing: [\.standardErrorContent]) {
            try Self.readDamagedAndForgedFiles()
        }
        #expect(String(decoding: child.standardErrorContent, as: UTF8.self).contains("libpng error"))
    }

    static func readDamagedAndForgedFiles() throws {
        let dir = try TemporaryDirectory()
        let astronaut = try Data(contentsOf: URL(fileURLWithPath: Fixtures.astronaut))
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            let path = dir.path(name)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            return path
        }
        func forged(width: Int, height: Int) -> [UInt8] {
            PNGBytes.signature
                + PNGBytes.chunk("IHDR", PNGBytes.header(width: width, height: height, bitDepth: 16, colorType: .rgba,
                                                         interlaced: false))
                + PNGBytes.chunk("IDAT", PNGBytes.zlibStored([0, 0, 0, 0])) + PNGBytes.chunk("IEND", [])
        }
        let cases: [(String, [UInt8])] = [
            ("empty.png", []),
            ("truncated.png", Array(astronaut.prefix(astronaut.count / 3))),
            ("signature-only.png", PNGBytes.signature),
            ("huge.png", forged(width: 100_000, height: 100_000)),
            ("soi-only.jpg", [0xFF, 0xD8]),
            ("endless-segments.jpg", [0xFF, 0xD8] + Array(repeating: [0xFF, 0xE1, 0x00, 0x02], count: 20_000).joined()),
            ("short-segment.jpg", [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]),
            ("forged-frame.jpg", [0xFF, 0xD8, 0xFF, 0xC0, 0x00, 0x11, 0x08, 0xFF, 0xFF, 0xFF, 0xFF, 0x03]
                + Array(repeating: 0, count: 12) + [0xFF, 0xD9]),
        ]
        for (name, bytes) in cases {
            var picture: OpaquePointer?
            let status = fd_picture_read(try file(name, bytes), &picture)
            #expect(status == FD_ERR_DECODE, "\(name): \(status)")
            #expect(picture == nil)
        }
    }

    @Test func jpegWriteRefusesBadQualityAndPaths() throws {
        let dir = try TemporaryDirectory()
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        pixels.withUnsafeBufferPointer { buffer in
            var image = fd_image(data: buffer.baseAddress, width: 4, height: 4, stride: 16, format: FD_PIXEL_RGBA8)
            for quality: Int32 in [0, -1, 101, .max, .min] {
                #expect(fd_jpeg_write(dir.path("q.jpg"), &image, quality) == FD_ERR_INVALID_ARGUMENT, "\(quality)")
            }
            #expect(fd_jpeg_write(dir.path("no/such/folder/a.jpg"), &image, 90) == FD_ERR_ENCODE)
            // JPEG whatever the name: the encoder is chosen by the call, not by the extension.
            #expect(fd_jpeg_write(dir.path("a.unknown"), &image, 90) == FD_OK)
            #expect(fd_jpeg_write("", &image, 90) == FD_ERR_ENCODE)
            #expect(fd_jpeg_write(dir.path("ok.jpg"), &image, 90) == FD_OK)
        }
        #expect(dir.contents() == ["a.unknown", "ok.jpg"])
    }
}
