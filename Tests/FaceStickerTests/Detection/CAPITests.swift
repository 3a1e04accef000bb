import CFaceDetect
import FaceSticker
import Foundation
import Testing

/// The C API's status codes and ownership rules, called directly.
@Suite struct CAPITests {
    /// Valid parameters for `kind` (the C side has no defaults of its own).
    func params(_ kind: fd_detector_kind, model: String) -> fd_detector_params {
        var p = fd_detector_params()
        p.kind = kind
        p.score_threshold = 0.5
        p.nms_threshold = 0.3
        p.top_k = 5000
        p.scale_factor = 1.1
        p.min_neighbors = 5
        p.min_size = 24
        return p
    }

    @Test func destroyingNullIsANoOp() {
        fd_detector_destroy(nil)
        fd_picture_destroy(nil)
    }

    @Test func nullArgumentsAreInvalidAndLeaveAMessage() {
        var handle: OpaquePointer?
        #expect(fd_detector_create(nil, &handle) == FD_ERR_INVALID_ARGUMENT)
        #expect(handle == nil)
        #expect(!String(cString: fd_last_error()).isEmpty)
        #expect(fd_nms(nil, nil, 3, 0.5, 0.3, 0, 0, nil, nil) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_image_resize(nil, nil, 10, 10, 40, 400) == FD_ERR_INVALID_ARGUMENT)
        var count: Int32 = 0
        #expect(fd_detector_detect(nil, nil, nil, 0, &count) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_picture_read(nil, nil) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_jpeg_write(nil, nil, 90) == FD_ERR_INVALID_ARGUMENT)
    }

    @Test func windowProbeChecksItsArguments() {
        var reachable: Int32 = 7
        #expect(fd_window_probe(100, nil) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_window_probe(0, &reachable) == FD_ERR_INVALID_ARGUMENT)
        #expect(fd_window_probe(60001, &reachable) == FD_ERR_INVALID_ARGUMENT)
        #expect(String(cString: fd_last_error()).contains("timeout_ms"))
        #expect(reachable == 7, "nothing written on refusal")
    }

    @Test func threadCountMustNotBeNegative() {
        #expect(fd_set_thread_count(-2) == FD_ERR_INVALID_ARGUMENT)
        #expect(String(cString: fd_last_error()).contains("negative"))
        #expect(fd_set_thread_count(0) == FD_OK)
    }

    @Test func successClearsTheLastError() {
        var kept: Int32 = -1
        _ = fd_detector_create(nil, nil)
        #expect(fd_nms(nil, nil, 0, 0.5, 0.3, 0, 0, nil, &kept) == FD_OK)
        #expect(kept == 0)
        #expect(String(cString: fd_last_error()) == "")
    }

    @Test func missingAndCorruptModels() throws {
        var p = params(FD_DETECTOR_CENTERFACE, model: "")
        var handle: OpaquePointer?
        let status = "/nonexistent.onnx".withCString { path in
            p.model_path = path
            return fd_detector_create(&p, &handle)
        }
        #expect(status == FD_ERR_NOT_FOUND)
        #expect(handle == nil)
        let dir = try TemporaryDirectory()
        let corrupt = try dir.write("bad.onnx", "garbage")
        let corruptStatus = corrupt.withCString { path in
            p.model_path = path
            return fd_detector_create(&p, &handle)
        }
        #expect(corruptStatus == FD_ERR_MODEL)
        #expect(handle == nil)
    }

    @Test func outOfRangeParametersAreRefused() {
        var p = params(FD_DETECTOR_HAAR, model: "")
        p.scale_factor = 1.0
        var handle: OpaquePointer?
        let status = ModelStore.haarCascade.withCString { path in
            p.model_path = path
            return fd_detector_create(&p, &handle)
        }
        #expect(status == FD_ERR_INVALID_ARGUMENT)
        #expect(String(cString: fd_last_error()).contains("scale_factor"))
    }

    /// Wrong sizes, strides and formats are refused before any pixel is read;
    /// too small a result buffer reports how many faces there are.
    @Test func detectChecksTheImageAndTheBuffer() throws {
        var p = params(FD_DETECTOR_HAAR, model: "")
        var handle: OpaquePointer?
        let created = ModelStore.haarCascade.withCString { path in
            p.model_path = path
            return fd_detector_create(&p, &handle)
        }
        try #require(created == FD_OK)
        defer { fd_detector_destroy(handle) }
        let astronaut = try ImageFile.read(path: Fixtures.astronaut)
        astronaut.pixels.withUnsafeBufferPointer { pixels in
            var count: Int32 = -1
            var faces = [fd_face](repeating: fd_face(), count: 4)
            func run(width: Int32 = 512, height: Int32 = 512, stride: Int32 = 2048,
                     format: fd_pixel_format = FD_PIXEL_RGBA8, capacity: Int32 = 4) -> fd_status {
                var image = fd_image(data: pixels.baseAddress, width: width, height: height, stride: stride,
                                     format: format)
                return fd_detector_detect(handle, &image, &faces, capacity, &count)
            }
            #expect(run(width: 0) == FD_ERR_INVALID_ARGUMENT)
            #expect(run(height: -3) == FD_ERR_INVALID_ARGUMENT)
            #expect(run(stride: 100) == FD_ERR_INVALID_ARGUMENT)
            #expect(run(format: fd_pixel_format(rawValue: 42)) == FD_ERR_INVALID_ARGUMENT)
            #expect(run(capacity: -1) == FD_ERR_INVALID_ARGUMENT)
            #expect(count == -1, "out_count untouched on failure")
            #expect(run(capacity: 0) == FD_ERR_CAPACITY)
            #expect(count == 1)
            #expect(run() == FD_OK)
            #expect(count == 1)
            #expect(faces[0].has_landmarks == 0)
            var nullData = fd_image(data: nil, width: 4, height: 4, stride: 16, format: FD_PIXEL_RGBA8)
            #expect(fd_detector_detect(handle, &nullData, &faces, 4, &count) == FD_ERR_INVALID_ARGUMENT)
            #expect(fd_detector_detect(handle, nil, &faces, 4, &count) == FD_ERR_INVALID_ARGUMENT)
        }
    }

    /// OpenCV's dnn counts a tensor's values in int: a DNN detector refuses an image
    /// too large for that (issue 23: an overflow reported as "not a centerface model")
    /// with a status, before reading a pixel (the buffer here holds 64).
    @Test(Fixtures.needsYuNet, arguments: [FD_DETECTOR_YUNET, FD_DETECTOR_CENTERFACE])
    func dnnDetectorsRefuseImagesPastOpenCVsIntSizes(kind: fd_detector_kind) throws {
        let model = kind == FD_DETECTOR_YUNET ? Fixtures.yunetModel : ModelStore.defaultModel(for: .centerface)
        let path = try #require(model, "the CenterFace model is installed")
        var p = params(kind, model: path)
        var handle: OpaquePointer?
        let created = path.withCString { path in
            p.model_path = path
            return fd_detector_create(&p, &handle)
        }
        try #require(created == FD_OK)
        defer { fd_detector_destroy(handle) }
        let pixels = [UInt8](repeating: 0, count: 64)
        pixels.withUnsafeBufferPointer { buffer in
            var faces = [fd_face](repeating: fd_face(), count: 2)
            var count: Int32 = -1
            for (width, height) in [(Int32(20000), Int32(20000)), (Int32.max / 4, Int32(1)), (Int32(8192), Int32(8192))] {
                var image = fd_image(data: buffer.baseAddress, width: width, height: height, stride: width * 4,
                                     format: FD_PIXEL_RGBA8)
                #expect(fd_detector_detect(handle, &image, &faces, 2, &count) == FD_ERR_INVALID_ARGUMENT)
                #expect(String(cString: fd_last_error()).contains("too large for a DNN detector"))
            }
            #expect(count == -1)
        }
    }

    @Test func pictureReadReportsMissingAndUndecodableFiles() throws {
        var picture: OpaquePointer?
        #expect(fd_picture_read("/nonexistent.png", &picture) == FD_ERR_NOT_FOUND)
        let dir = try TemporaryDirectory()
        #expect(fd_picture_read(try dir.write("text.jpg", "hello"), &picture) == FD_ERR_DECODE)
        #expect(fd_picture_read(dir.url.path, &picture) == FD_ERR_NOT_FOUND) // a folder
        #expect(picture == nil)
    }

    @Test(Fixtures.needsShared("data/photos/messi5.jpg")) func pictureCopyChecksTheCallersBuffer() throws {
        var picture: OpaquePointer?
        try #require(fd_picture_read(Fixtures.messi, &picture) == FD_OK)
        defer { fd_picture_destroy(picture) }
        var width: Int32 = 0, height: Int32 = 0
        #expect(fd_picture_size(picture, &width, &height) == FD_OK)
        #expect(width == 548 && height == 342)
        var buffer = [UInt8](repeating: 0, count: 548 * 342 * 4)
        buffer.withUnsafeMutableBufferPointer { b in
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, 100, Int64(b.count)) == FD_ERR_INVALID_ARGUMENT)
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, 548 * 4, Int64(b.count - 1)) == FD_ERR_CAPACITY)
            #expect(fd_picture_copy_rgba(picture, b.baseAddress, 548 * 4, Int64(b.count)) == FD_OK)
        }
        #expect(buffer[3] == 255, "opaque alpha")
    }
}
