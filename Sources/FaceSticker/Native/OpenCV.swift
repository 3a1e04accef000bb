import CFaceDetect
import Synchronization

/// The one file that calls into CFaceDetect (OpenCV behind a C API).
/// Everything here converts between Swift values and the C structs, and turns
/// status codes into `FaceStickerError`s.
enum OpenCV {
    /// An fd_detector handle; see `OpenCVDetector` for its owner.
    typealias DetectorHandle = OpaquePointer

    /// A native detector for `settings` (every field filled from them: the C side has no defaults).
    static func createDetector(_ settings: DetectorSettings, model: String) throws -> DetectorHandle {
        var params = fd_detector_params()
        params.kind = cKind(settings.kind)
        params.score_threshold = Float(settings.scoreThreshold)
        params.nms_threshold = Float(settings.nmsThreshold)
        params.top_k = Int32(clamping: settings.topK)
        params.scale_factor = settings.scaleFactor
        params.min_neighbors = Int32(clamping: settings.minNeighbors)
        params.min_size = Int32(clamping: settings.minSize)
        params.max_size = Int32(clamping: settings.maxSize)
        var handle: DetectorHandle?
        let status = model.withCString { path in
            params.model_path = path
            return fd_detector_create(&params, &handle)
        }
        guard status == FD_OK, let handle else { throw error(status, path: model) }
        models.withLock { $0[key(handle)] = (model, settings.kind) }
        return handle
    }

    /// Each live detector's model file and kind, so a model that loads but
    /// cannot run (another detector's network) is named when detection fails.
    private static let models = Mutex<[UInt: (path: String, kind: DetectorKind)]>([:])

    private static func key(_ handle: DetectorHandle) -> UInt { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(handle))) }

    /// OpenCV's NMS (`cv::dnn::NMSBoxes`): indices of `boxes` kept, best first.
    static func nms(_ boxes: [Rect], scores: [Double], scoreThreshold: Double, nmsThreshold: Double, topK: Int,
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
    static func resize(_ image: RGBAImage, width: Int, height: Int) throws -> RGBAImage {
        var out = RGBAImage(width: width, height: height)
        let stride = out.stride
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            var view = fd_image(data: pixels.baseAddress, width: Int32(clamping: image.width),
                                height: Int32(clamping: image.height), stride: Int32(clamping: image.stride),
                                format: FD_PIXEL_RGBA8)
            return out.pixels.withUnsafeMutableBufferPointer { buffer in
                fd_image_resize(&view, buffer.baseAddress, Int32(clamping: width), Int32(clamping: height),
                                Int32(clamping: stride), Int64(buffer.count))
            }
        }
        guard status == FD_OK else { throw error(status, path: "image") }
        return out
    }

    /// Threads OpenCV may use inside one call, process-wide (0: its default).
    static func setThreadCount(_ count: Int) throws {
        let status = fd_set_thread_count(Int32(clamping: count))
        guard status == FD_OK else { throw error(status, path: "OpenCV") }
    }

    static func destroyDetector(_ handle: DetectorHandle) {
        _ = models.withLock { $0.removeValue(forKey: key(handle)) }
        fd_detector_destroy(handle)
    }

    static func detect(_ handle: DetectorHandle, in image: RGBAImage) throws -> [Face] {
        var capacity = 256
        while true {
            var faces = [fd_face](repeating: fd_face(), count: capacity)
            var count: Int32 = 0
            let status = image.pixels.withUnsafeBufferPointer { pixels in
                var view = fd_image(data: pixels.baseAddress, width: Int32(clamping: image.width),
                                    height: Int32(clamping: image.height), stride: Int32(clamping: image.stride),
                                    format: FD_PIXEL_RGBA8)
                return fd_detector_detect(handle, &view, &faces, Int32(capacity), &count)
            }
            if status == FD_ERR_CAPACITY, Int(count) > capacity {
                capacity = Int(count)
                continue
            }
            guard status == FD_OK else {
                if status != FD_ERR_INVALID_ARGUMENT, let (model, kind) = models.withLock({ $0[key(handle)] }) {
                    let message = String(cString: fd_last_error())
                    throw FaceStickerError.model(path: model, reason: "not a \(kind.rawValue) model: --detector \(kind.rawValue) "
                                                 + "cannot run it (\(message)); give this detector's model, or the detector this model is for")
                }
                throw error(status, path: "image")
            }
            return faces.prefix(Int(count)).map(face)
        }
    }

    /// Decodes an image file with OpenCV (EXIF orientation applied).
    static func readImage(path: String) throws -> RGBAImage {
        var picture: OpaquePointer?
        let status = fd_picture_read(path, &picture)
        guard status == FD_OK, let picture else { throw error(status, path: path) }
        defer { fd_picture_destroy(picture) }
        var width: Int32 = 0, height: Int32 = 0
        let sized = fd_picture_size(picture, &width, &height)
        guard sized == FD_OK else { throw error(sized, path: path) }
        var image = RGBAImage(width: Int(width), height: Int(height))
        let stride = image.stride
        let copied = image.pixels.withUnsafeMutableBufferPointer { buffer in
            fd_picture_copy_rgba(picture, buffer.baseAddress, Int32(clamping: stride), Int64(buffer.count))
        }
        guard copied == FD_OK else { throw error(copied, path: path) }
        return image
    }

    /// Encodes `image` as JPEG at `path` (not atomically: callers pass a temporary path).
    static func writeJPEG(_ image: RGBAImage, path: String, quality: Int) throws {
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            var view = fd_image(data: pixels.baseAddress, width: Int32(clamping: image.width),
                                height: Int32(clamping: image.height), stride: Int32(clamping: image.stride),
                                format: FD_PIXEL_RGBA8)
            return fd_jpeg_write(path, &view, Int32(clamping: quality))
        }
        guard status == FD_OK else { throw error(status, path: path) }
    }

    private static func cKind(_ kind: DetectorKind) -> fd_detector_kind {
        switch kind {
        case .haar: return FD_DETECTOR_HAAR
        case .yunet: return FD_DETECTOR_YUNET
        case .centerface: return FD_DETECTOR_CENTERFACE
        }
    }

    private static func face(_ f: fd_face) -> Face {
        let box = Rect(x: Double(f.x), y: Double(f.y), width: Double(f.width), height: Double(f.height))
        var landmarks: Landmarks?
        if f.has_landmarks != 0 {
            let v = withUnsafeBytes(of: f.landmarks) { Array($0.bindMemory(to: Float.self)) }
            landmarks = Landmarks(points: (0..<5).map { Point(x: Double(v[2 * $0]), y: Double(v[2 * $0 + 1])) })
        }
        return Face(box: box, score: Double(f.score), landmarks: landmarks)
    }

    /// The status as an error, with the library's message.
    private static func error(_ status: fd_status, path: String) -> FaceStickerError {
        let message = String(cString: fd_last_error())
        switch status {
        case FD_ERR_NOT_FOUND: return .fileNotFound(path: path)
        case FD_ERR_MODEL: return .model(path: path, reason: "not a usable model file (\(message))")
        case FD_ERR_DECODE: return .unreadable(path: path, reason: "not a readable image (PNG or JPEG expected)")
        case FD_ERR_ENCODE: return .output(path: path, reason: message)
        case FD_ERR_INVALID_ARGUMENT: return .invalidArgument("\(path): \(message)")
        default: return .internal("\(path): \(message)")
        }
    }
}

// MARK: - Preview windows (highgui), for `selfie --preview`

extension OpenCV {
    /// An fd_window handle; see `PreviewWindow` for its owner.
    typealias WindowHandle = OpaquePointer

    /// Opens a highgui window. Callers check for a display first: highgui aborts without one.
    /// Whether a window opens (tried in a forked copy of the process, which highgui may abort).
    static func windowCanOpen(timeoutMilliseconds: Int) throws -> Bool {
        var reachable: Int32 = 0
        let status = fd_window_probe(Int32(clamping: timeoutMilliseconds), &reachable)
        guard status == FD_OK else { throw error(status, path: "preview") }
        return reachable == 1
    }

    /// Handles window events for `milliseconds`; the key pressed (nil: none) and whether the window was closed.
    static func waitKey(_ handle: WindowHandle, milliseconds: Int) throws -> (key: Int?, closed: Bool) {
        var key: Int32 = -1, closed: Int32 = 0
        let status = fd_window_wait_key(handle, Int32(clamping: milliseconds), &key, &closed)
        guard status == FD_OK else { throw error(status, path: "preview window") }
        return (key >= 0 ? Int(key) : nil, closed != 0)
    }

    static func destroyWindow(_ handle: WindowHandle) {
        fd_window_destroy(handle)
    }
}

extension OpenCV {
    /// The screen's size, nil when unknown (no X11 display).
    static func screenSize() -> (width: Int, height: Int)? {
        var w: Int32 = 0, h: Int32 = 0
        guard fd_screen_size(&w, &h) == FD_OK, w > 0, h > 0 else { return nil }
        return (Int(w), Int(h))
    }

    static func createFittedWindow(title: String, width: Int, height: Int, screen: (width: Int, height: Int)?) throws -> WindowHandle {
        var handle: WindowHandle?
        let status = fd_window_create_fitted(title, Int32(clamping: width), Int32(clamping: height),
                                             Int32(clamping: screen?.width ?? 0), Int32(clamping: screen?.height ?? 0), &handle)
        guard status == FD_OK, let handle else { throw error(status, path: "preview window") }
        return handle
    }

    static func showI420(_ handle: WindowHandle, _ frame: YUVFrame, overlay: PreviewWindow.Overlay) throws {
        let status = (overlay.hint ?? "").withCString { hint in
            (overlay.notice ?? "").withCString { notice in
                (overlay.fps ?? "").withCString { fps in
                    withThumbnail(overlay.thumbnail) { thumbnail in
                        var o = fd_overlay(hint: hint, hint_alpha: overlay.hintAlpha, notice: notice, fps: fps,
                                           flash: overlay.flash, thumbnail: thumbnail, thumbnail_alpha: overlay.thumbnailAlpha)
                        return frame.data.withUnsafeBufferPointer { data in
                            fd_window_show_i420(handle, data.baseAddress, Int32(clamping: frame.width),
                                                Int32(clamping: frame.height), &o)
                        }
                    }
                }
            }
        }
        guard status == FD_OK else { throw error(status, path: "preview window") }
    }

    private static func withThumbnail<R>(_ image: RGBAImage?, _ body: (UnsafePointer<fd_image>?) -> R) -> R {
        guard let image else { return body(nil) }
        return image.pixels.withUnsafeBufferPointer { pixels in
            var view = fd_image(data: pixels.baseAddress, width: Int32(clamping: image.width),
                                height: Int32(clamping: image.height), stride: Int32(clamping: image.stride),
                                format: FD_PIXEL_RGBA8)
            return withUnsafePointer(to: &view) { body($0) }
        }
    }

    /// The window's picture on the screen: position and size.
    static func windowGeometry(_ handle: WindowHandle) throws -> (x: Int, y: Int, width: Int, height: Int) {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        let status = fd_window_geometry(handle, &x, &y, &w, &h)
        guard status == FD_OK else { throw error(status, path: "preview window") }
        return (Int(x), Int(y), Int(w), Int(h))
    }
}
