import CFaceDetect
import Synchronization
import FaceStickerCore

/// The calls into CFaceDetect (OpenCV behind a C API), one file per header:
/// this one for `facedetect.h`, `fd_mesh.h`, `fd_flow.h` and `fd_picture.h`; `OpenCVWindow.swift`
/// for `fd_window.h`, `OpenCVDraw.swift` for `fd_draw.h`. Everything here converts between Swift values and the C structs, and turns
/// status codes into `FaceStickerError`s. It takes and gives only plain
/// values: Swift scalars and strings, pixel bytes, Core's `RGBAImage`
/// and `Rect`/`Point` (bottom-layer values that depend on nothing),
/// and the small types defined here.
package enum OpenCV {
    /// An fd_detector handle; see `OpenCVDetector` for its owner.
    package typealias DetectorHandle = OpaquePointer

    /// Which network or cascade a native detector runs.
    package enum Backend: String, Sendable {
        case haar, yunet, centerface
    }

    /// Every setting of a native detector (the C side has no defaults: the caller fills each field).
    package struct DetectorParameters {
        var backend: Backend
        /// A cascade XML for Haar, an ONNX file for the networks.
        var model: String
        var scoreThreshold: Double
        var nmsThreshold: Double
        var topK: Int
        var scaleFactor: Double
        var minNeighbors: Int
        var minSize: Int
        var maxSize: Int

        package init(backend: Backend, model: String, scoreThreshold: Double, nmsThreshold: Double, topK: Int, scaleFactor: Double, minNeighbors: Int, minSize: Int, maxSize: Int) {
            self.backend = backend
            self.model = model
            self.scoreThreshold = scoreThreshold
            self.nmsThreshold = nmsThreshold
            self.topK = topK
            self.scaleFactor = scaleFactor
            self.minNeighbors = minNeighbors
            self.minSize = minSize
            self.maxSize = maxSize
        }
    }

    /// One face as a native detector reports it, in the pixels of the image given.
    package struct Detection {
        package var box: Rect
        package var score: Double
        /// Right eye, left eye, nose tip, right and left mouth corner; nil for Haar.
        package var landmarks: [Point]?
    }

    /// Loads a native detector.
    package static func createDetector(_ parameters: DetectorParameters) throws -> DetectorHandle {
        var params = fd_detector_params()
        params.kind = cKind(parameters.backend)
        params.score_threshold = Float(parameters.scoreThreshold)
        params.nms_threshold = Float(parameters.nmsThreshold)
        params.top_k = Int32(clamping: parameters.topK)
        params.scale_factor = parameters.scaleFactor
        params.min_neighbors = Int32(clamping: parameters.minNeighbors)
        params.min_size = Int32(clamping: parameters.minSize)
        params.max_size = Int32(clamping: parameters.maxSize)
        var handle: DetectorHandle?
        let model = parameters.model
        // A FIFO, device, folder or unreadable file is named for what it is (the C side only says "not found").
        do {
            try InputPath.check(model)
        } catch FaceStickerError.unreadable(let path, let reason) {
            throw FaceStickerError.model(path: path, reason: "model: \(reason)")
        }
        let status = model.withCString { path in
            params.model_path = path
            return fd_detector_create(&params, &handle)
        }
        guard status == FD_OK, let handle else { throw error(status, path: model) }
        models.withLock { $0[key(handle)] = (model, parameters.backend) }
        return handle
    }

    /// Each live detector's model file and kind, so a model that loads but
    /// cannot run (another detector's network) is named when detection fails.
    private static let models = Mutex<[UInt: (path: String, kind: Backend)]>([:])

    private static func key(_ handle: DetectorHandle) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))) }

    /// OpenCV's NMS (`cv::dnn::NMSBoxes`): indices of `boxes` kept, best first.
    package static func nms(_ boxes: [Rect], scores: [Double], scoreThreshold: Double, nmsThreshold: Double, topK: Int,
                    integerBoxes: Bool) throws -> [Int] {
        guard !boxes.isEmpty, boxes.count == scores.count else { return [] }
        let cBoxes = boxes.map { fd_box(x: Float($0.x), y: Float($0.y), width: Float($0.width), height: Float($0.height)) }
        let cScores = scores.map { Float($0) }
        var keep = [Int32](repeating: 0, count: boxes.count)
        var kept: Int32 = 0
        let status = fd_nms(cBoxes, cScores, Int32(clamping: boxes.count), Float(scoreThreshold), Float(nmsThreshold),
                            Int32(clamping: topK), integerBoxes ? 1 : 0, &keep, &kept)
        guard status == FD_OK else { throw error(status, path: "NMS") }
        return keep.prefix(Int(kept)).map { Int($0) }
    }

    /// `image` resized to `width` x `height` (area averaging when shrinking, bilinear when enlarging).
    package static func resize(_ image: RGBAImage, width: Int, height: Int) throws -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        let stride = out.stride
        let status = withView(image) { view in
            out.pixels.withUnsafeMutableBufferPointer { buffer in
                fd_image_resize(view, buffer.baseAddress, Int32(clamping: width), Int32(clamping: height),
                                Int32(clamping: stride), Int64(buffer.count))
            }
        }
        guard status == FD_OK else { throw error(status, path: "image") }
        return out
    }

    /// `image` drawn into a `width` x `height` picture through `transform`
    /// (image to output; bilinear, black outside the image).
    package static func warp(_ image: RGBAImage, by transform: Transform2D, width: Int, height: Int) throws -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        let stride = out.stride
        let matrix = [transform.a, transform.c, transform.tx, transform.b, transform.d, transform.ty] // OpenCV's row-major 2x3
        let status = withView(image) { view in
            out.pixels.withUnsafeMutableBufferPointer { buffer in
                fd_image_warp_affine(view, matrix, buffer.baseAddress, Int32(clamping: width), Int32(clamping: height),
                                     Int32(clamping: stride), Int64(buffer.count))
            }
        }
        guard status == FD_OK else { throw error(status, path: "image") }
        return out
    }

    /// Threads OpenCV may use inside one call, process-wide (0: its default).
    package static func setThreadCount(_ count: Int) throws {
        let status = fd_set_thread_count(Int32(clamping: count))
        guard status == FD_OK else { throw error(status, path: "OpenCV") }
    }

    package static func destroyDetector(_ handle: DetectorHandle) {
        _ = models.withLock { $0.removeValue(forKey: key(handle)) }
        fd_detector_destroy(handle)
    }

    package static func detect(_ handle: DetectorHandle, in image: RGBAImage) throws -> [Detection] {
        var capacity = 256
        while true {
            var faces = [fd_face](repeating: fd_face(), count: capacity)
            var count: Int32 = 0
            let status = withView(image) { fd_detector_detect(handle, $0, &faces, Int32(capacity), &count) }
            if status == FD_ERR_CAPACITY, Int(count) > capacity {
                capacity = Int(count)
                continue
            }
            guard status == FD_OK else {
                if status != FD_ERR_INVALID_ARGUMENT, let (model, kind) = models.withLock({ $0[key(handle)] }) {
                    let message = String(cString: fd_last_error())
                    throw FaceStickerError.model(path: model, reason: "not a \(kind.rawValue) model: \(setting: .detector) \(kind.rawValue) "
                                                 + "cannot run it (\(message)); give this detector's model, or the detector this model is for")
                }
                throw error(status, path: "image")
            }
            return faces.prefix(Int(count)).map(face)
        }
    }

    /// An fd_mesh handle; see `FaceMesher` for its owner.
    package typealias MeshHandle = OpaquePointer

    /// The side of the square crop the face mesh runs on, and how many points it gives.
    package static let meshInputSize = Int(FD_MESH_INPUT_SIZE)
    package static let meshPointCount = Int(FD_MESH_POINT_COUNT)

    /// Loads the face mesh network.
    package static func createMesh(model: String) throws -> MeshHandle {
        do {
            try InputPath.check(model)
        } catch FaceStickerError.unreadable(let path, let reason) {
            throw FaceStickerError.model(path: path, reason: "model: \(reason)")
        }
        var handle: MeshHandle?
        let status = fd_mesh_create(model, &handle)
        guard status == FD_OK, let handle else { throw error(status, path: model) }
        return handle
    }

    package static func destroyMesh(_ handle: MeshHandle) { fd_mesh_destroy(handle) }

    /// The mesh of the face in `crop` (exactly `meshInputSize` square): (x, y, z)
    /// in the crop's pixels, and the face-presence score in 0...1.
    package static func mesh(_ handle: MeshHandle, in crop: RGBAImage) throws -> (points: [Float], presence: Double) {
        var points = [Float](repeating: 0, count: 3 * meshPointCount)
        var presence: Float = 0
        let capacity = Int32(clamping: points.count)
        let status = withView(crop) { fd_mesh_run(handle, $0, &points, capacity, &presence) }
        guard status == FD_OK else { throw error(status, path: "face mesh") }
        return (points, Double(presence))
    }

    /// How the picture inside `box` moved from `previous` to `next` (two frames of one size,
    /// their luma planes), looked at in the pixels of `window` (x, y, width, height, inside
    /// the frames): the median motion of the corners that followed it both ways, and how
    /// many did (0: lost).
    package static func flowShift(from previous: YUVFrame, to next: YUVFrame, window: (x: Int, y: Int, width: Int, height: Int),
                                  box: Rect) throws -> (dx: Double, dy: Double, points: Int) {
        guard previous.width == next.width, previous.height == next.height, window.x >= 0, window.y >= 0,
              window.width > 0, window.height > 0, window.x <= previous.width - window.width,
              window.y <= previous.height - window.height else {
            throw FaceStickerError.internal("flow window \(window) outside the \(previous.width)x\(previous.height) frames")
        }
        let offset = window.y * previous.width + window.x
        func view(_ plane: UnsafeBufferPointer<UInt8>) -> fd_image {
            fd_image(data: plane.baseAddress.map { $0 + offset }, width: Int32(clamping: window.width),
                     height: Int32(clamping: window.height), stride: Int32(clamping: previous.width), format: FD_PIXEL_GRAY8)
        }
        var dx: Float = 0, dy: Float = 0, points: Int32 = 0
        let status = previous.data.withUnsafeBufferPointer { a in
            next.data.withUnsafeBufferPointer { b in
                var before = view(a), after = view(b)
                return fd_flow_shift(&before, &after, Float(box.x) - Float(window.x), Float(box.y) - Float(window.y),
                                     Float(box.width), Float(box.height), &dx, &dy, &points)
            }
        }
        guard status == FD_OK else { throw error(status, path: "optical flow") }
        return (Double(dx), Double(dy), Int(points))
    }

    /// Decodes an image file (JPEG through libjpeg, others through OpenCV; EXIF
    /// orientation applied), with the decoder's warning about damage it read past, if any.
    package static func readImage(path: String) throws -> (image: RGBAImage, warning: String?) {
        var picture: OpaquePointer?
        let status = fd_picture_read(path, &picture)
        guard status == FD_OK, let picture else { throw error(status, path: path) }
        defer { fd_picture_destroy(picture) }
        var text: UnsafePointer<CChar>?
        let warned = fd_picture_warning(picture, &text)
        guard warned == FD_OK else { throw error(warned, path: path) }
        let warning = text.map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        var width: Int32 = 0, height: Int32 = 0
        let sized = fd_picture_size(picture, &width, &height)
        guard sized == FD_OK else { throw error(sized, path: path) }
        var image = RGBAImage(width: Int(width), height: Int(height))
        let stride = image.stride
        let copied = image.pixels.withUnsafeMutableBufferPointer { buffer in
            fd_picture_copy_rgba(picture, buffer.baseAddress, Int32(clamping: stride), Int64(buffer.count))
        }
        guard copied == FD_OK else { throw error(copied, path: path) }
        return (image, warning)
    }

    /// Encodes `image` as JPEG at `path` (not atomically: callers pass a temporary path).
    package static func writeJPEG(_ image: RGBAImage, path: String, quality: Int) throws {
        let status = withView(image) { fd_jpeg_write(path, $0, Int32(clamping: quality)) }
        guard status == FD_OK else { throw error(status, path: path) }
    }

    /// A YUV 4:2:0 frame's bytes (Y, U, V planes packed; even sides) as RGBA (BT.601, as OpenCV converts it).
    package static func rgba(fromI420 bytes: [UInt8], width: Int, height: Int) throws -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        let stride = out.stride
        let status = bytes.withUnsafeBufferPointer { data in
            out.pixels.withUnsafeMutableBufferPointer { buffer in
                fd_i420_to_rgba(data.baseAddress, Int64(data.count), Int32(clamping: width), Int32(clamping: height),
                                buffer.baseAddress, Int32(clamping: stride), Int64(buffer.count))
            }
        }
        guard status == FD_OK else { throw error(status, path: "frame") }
        return out
    }

    /// `image` as a borrowed fd_image for the length of `body`.
    static func withView<R>(_ image: RGBAImage, _ body: (UnsafePointer<fd_image>) -> R) -> R {
        image.pixels.withUnsafeBufferPointer { pixels in
            var view = fd_image(data: pixels.baseAddress, width: Int32(clamping: image.width),
                                height: Int32(clamping: image.height), stride: Int32(clamping: image.stride),
                                format: FD_PIXEL_RGBA8)
            return withUnsafePointer(to: &view) { body($0) }
        }
    }

    private static func cKind(_ kind: Backend) -> fd_detector_kind {
        switch kind {
        case .haar: return FD_DETECTOR_HAAR
        case .yunet: return FD_DETECTOR_YUNET
        case .centerface: return FD_DETECTOR_CENTERFACE
        }
    }

    private static func face(_ f: fd_face) -> Detection {
        let box = Rect(x: Double(f.x), y: Double(f.y), width: Double(f.width), height: Double(f.height))
        var landmarks: [Point]?
        if f.has_landmarks != 0 {
            let v = withUnsafeBytes(of: f.landmarks) { Array($0.bindMemory(to: Float.self)) }
            landmarks = (0..<5).map { Point(x: Double(v[2 * $0]), y: Double(v[2 * $0 + 1])) }
        }
        return Detection(box: box, score: Double(f.score), landmarks: landmarks)
    }

    /// The status as an error, with the library's message.
    static func error(_ status: fd_status, path: String) -> FaceStickerError {
        let message = String(cString: fd_last_error())
        switch status {
        case FD_ERR_NOT_FOUND: return .fileNotFound(path: path)
        case FD_ERR_MODEL: return .model(path: path, reason: "not a usable model file (\(message))")
        case FD_ERR_DECODE:
            // libjpeg's reason for a JPEG it could not decode; other files are no image we know.
            let what = message.hasPrefix("damaged JPEG") ? message : "PNG or JPEG expected"
            return .unreadable(path: path, reason: "not a readable image (\(what))")
        case FD_ERR_ENCODE: return .output(path: path, reason: message)
        case FD_ERR_INVALID_ARGUMENT: return .invalidArgument("\(path): \(message)")
        default: return .internal("\(path): \(message)")
        }
    }
}
