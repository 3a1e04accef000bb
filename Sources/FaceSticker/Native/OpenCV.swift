import CFaceDetect
import Synchronization

/// The one file that calls into CFaceDetect (OpenCV behind a C API).
/// Everything here converts between Swift values and the C structs, and turns
/// status codes into `FaceStickerError`s. It takes and gives only plain
/// values: Swift scalars and strings, pixel bytes, Imaging's `RGBAImage`
/// and Geometry's `Rect`/`Point` (bottom-layer values that depend on nothing),
/// and the small types defined here.
package enum OpenCV {
    /// An fd_detector handle; see `OpenCVDetector` for its owner.
    typealias DetectorHandle = OpaquePointer

    /// Which network or cascade a native detector runs.
    enum Backend: String, Sendable {
        case haar, yunet, centerface
    }

    /// Every setting of a native detector (the C side has no defaults: the caller fills each field).
    struct DetectorParameters {
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
    }

    /// One face as a native detector reports it, in the pixels of the image given.
    struct Detection {
        var box: Rect
        var score: Double
        /// Right eye, left eye, nose tip, right and left mouth corner; nil for Haar.
        var landmarks: [Point]?
    }

    /// Loads a native detector.
    static func createDetector(_ parameters: DetectorParameters) throws -> DetectorHandle {
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
    static func warp(_ image: RGBAImage, by transform: Transform2D, width: Int, height: Int) throws -> RGBAImage {
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
    static func setThreadCount(_ count: Int) throws {
        let status = fd_set_thread_count(Int32(clamping: count))
        guard status == FD_OK else { throw error(status, path: "OpenCV") }
    }

    static func destroyDetector(_ handle: DetectorHandle) {
        _ = models.withLock { $0.removeValue(forKey: key(handle)) }
        fd_detector_destroy(handle)
    }

    static func detect(_ handle: DetectorHandle, in image: RGBAImage) throws -> [Detection] {
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
                    throw FaceStickerError.model(path: model, reason: "not a \(kind.rawValue) model: --detector \(kind.rawValue) "
                                                 + "cannot run it (\(message)); give this detector's model, or the detector this model is for")
                }
                throw error(status, path: "image")
            }
            return faces.prefix(Int(count)).map(face)
        }
    }

    /// An fd_mesh handle; see `FaceMesher` for its owner.
    typealias MeshHandle = OpaquePointer

    /// The side of the square crop the face mesh runs on, and how many points it gives.
    static let meshInputSize = Int(FD_MESH_INPUT_SIZE)
    static let meshPointCount = Int(FD_MESH_POINT_COUNT)

    /// Loads the face mesh network.
    static func createMesh(model: String) throws -> MeshHandle {
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

    static func destroyMesh(_ handle: MeshHandle) { fd_mesh_destroy(handle) }

    /// The mesh of the face in `crop` (exactly `meshInputSize` square): (x, y, z)
    /// in the crop's pixels, and the face-presence score in 0...1.
    static func mesh(_ handle: MeshHandle, in crop: RGBAImage) throws -> (points: [Float], presence: Double) {
        var points = [Float](repeating: 0, count: 3 * meshPointCount)
        var presence: Float = 0
        let capacity = Int32(clamping: points.count)
        let status = withView(crop) { fd_mesh_run(handle, $0, &points, capacity, &presence) }
        guard status == FD_OK else { throw error(status, path: "face mesh") }
        return (points, Double(presence))
    }

    /// Decodes an image file (JPEG through libjpeg, others through OpenCV; EXIF
    /// orientation applied), with the decoder's warning about damage it read past, if any.
    static func readImage(path: String) throws -> (image: RGBAImage, warning: String?) {
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
    static func writeJPEG(_ image: RGBAImage, path: String, quality: Int) throws {
        let status = withView(image) { fd_jpeg_write(path, $0, Int32(clamping: quality)) }
        guard status == FD_OK else { throw error(status, path: path) }
    }

    /// A YUV 4:2:0 frame's bytes (Y, U, V planes packed; even sides) as RGBA (BT.601, as OpenCV converts it).
    static func rgba(fromI420 bytes: [UInt8], width: Int, height: Int) throws -> RGBAImage {
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
    private static func withView<R>(_ image: RGBAImage, _ body: (UnsafePointer<fd_image>) -> R) -> R {
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
    private static func error(_ status: fd_status, path: String) -> FaceStickerError {
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

// MARK: - Preview windows (highgui), for `live --preview` and `selfie --preview`

extension OpenCV {
    /// An fd_window handle; see `PreviewWindow` for its owner.
    typealias WindowHandle = OpaquePointer

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

    /// Shows `image` in the window as it is.
    static func show(_ handle: WindowHandle, _ image: RGBAImage) throws {
        let status = withView(image) { fd_window_show(handle, $0) }
        guard status == FD_OK else { throw error(status, path: "preview window") }
    }

    /// The window's picture on the screen: position and size.
    static func windowGeometry(_ handle: WindowHandle) throws -> (x: Int, y: Int, width: Int, height: Int) {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        let status = fd_window_geometry(handle, &x, &y, &w, &h)
        guard status == FD_OK else { throw error(status, path: "preview window") }
        return (Int(x), Int(y), Int(w), Int(h))
    }
}

// MARK: - Drawing (imgproc) on an RGBAImage, for the preview's overlay, `--debug`, plots and sheets

extension OpenCV {
    /// A colour and how opaque it is (0...1): below 1 a shape is blended over the picture once.
    package struct Color: Hashable, Sendable {
        package var red: UInt8
        package var green: UInt8
        package var blue: UInt8
        package var opacity: Double

        package init(red: UInt8, green: UInt8, blue: UInt8, opacity: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.opacity = opacity
        }

        /// The same colour with its opacity scaled by `factor` (clamped to 0...1).
        package func opacity(_ factor: Double) -> Color {
            var color = self
            color.opacity = opacity * (factor.isFinite ? min(max(factor, 0), 1) : 1)
            return color
        }

        package static let black = Color(red: 0, green: 0, blue: 0)
        package static let white = Color(red: 255, green: 255, blue: 255)
        package static let red = Color(red: 255, green: 0, blue: 0)
        package static let green = Color(red: 0, green: 255, blue: 0)
        package static let yellow = Color(red: 255, green: 255, blue: 0)
        package static let cyan = Color(red: 0, green: 255, blue: 255)
        package static let magenta = Color(red: 255, green: 0, blue: 255)

        fileprivate var c: fd_color { fd_color(red: red, green: green, blue: blue, opacity: opacity) }
    }

    /// How a shape is drawn: its outline `thickness` pixels wide (0: filled), edges antialiased when `smooth`.
    package struct Stroke: Sendable {
        package var thickness: Int
        package var smooth: Bool

        package init(thickness: Int, smooth: Bool = true) {
            self.thickness = thickness
            self.smooth = smooth
        }

        /// Filled, edges 8-connected (a whole-pixel box fills exactly its pixels).
        package static let filled = Stroke(thickness: 0, smooth: false)

        /// A line `width` pixels wide, rounded to whole pixels (at least 1).
        package static func width(_ width: Double, smooth: Bool = true) -> Stroke {
            Stroke(thickness: width.isFinite ? Int(min(max(width.rounded(), 1), 1000)) : 1, smooth: smooth)
        }

        fileprivate var t: Int32 { Int32(clamping: max(0, min(thickness, 1000))) }
        fileprivate var s: Int32 { smooth ? 1 : 0 }
    }

    /// The size a line of text takes: width, height above the baseline, depth below it.
    package struct TextSize: Equatable, Sendable {
        package var width: Int
        package var height: Int
        package var baseline: Int
    }

    // Drawing is not fallible for callers: every argument is made valid here (coordinates
    // rounded and clamped, shapes with coordinates that are not finite skipped), so OpenCV's
    // refusal could only be running out of memory, and then the picture lacks the shape.

    /// `rect` (edges rounded to whole pixels), filled or outlined centred on its edges.
    package static func rectangle(_ rect: Rect, on image: inout RGBAImage, color: Color, stroke: Stroke) {
        guard let x0 = whole(rect.minX), let y0 = whole(rect.minY), let x1 = whole(rect.maxX),
              let y1 = whole(rect.maxY), x1 > x0, y1 > y0 else { return }
        _ = withCanvas(&image) { fd_draw_rectangle($0, x0, y0, x1 - x0, y1 - y0, color.c, stroke.t, stroke.s) }
    }

    /// `rect`'s border `thickness` pixels wide (at least 1) drawn inside it, edges rounded to whole
    /// pixels: a box's frame covers exactly its border pixels, in four bands that never overlap.
    package static func frame(_ rect: Rect, on image: inout RGBAImage, color: Color, thickness: Int) {
        guard let x0 = whole(rect.minX), let y0 = whole(rect.minY), let x1 = whole(rect.maxX),
              let y1 = whole(rect.maxY), x1 > x0, y1 > y0 else { return }
        let w = x1 - x0, h = y1 - y0, t = Int32(clamping: max(1, min(thickness, 1000)))
        // A box no wider than two borders is all border.
        let bands = 2 * t >= min(w, h) ? [(x0, y0, w, h)]
            : [(x0, y0, w, t), (x0, y1 - t, w, t), (x0, y0 + t, t, h - 2 * t), (x1 - t, y0 + t, t, h - 2 * t)]
        for (x, y, width, height) in bands {
            _ = withCanvas(&image) { fd_draw_rectangle($0, x, y, width, height, color.c, 0, 0) }
        }
    }

    /// Segments through `points` (rounded to whole pixels); `closed` joins the last to the first.
    package static func polyline(_ points: [Point], closed: Bool = false, on image: inout RGBAImage, color: Color,
                                 stroke: Stroke) {
        var xy: [Int32] = []
        for point in points {
            guard let x = whole(point.x), let y = whole(point.y) else { return }
            xy += [x, y]
        }
        guard stroke.thickness > 0 else { return }
        _ = withCanvas(&image) { fd_draw_polyline($0, xy, Int32(clamping: points.count), closed ? 1 : 0, color.c, stroke.t, stroke.s) }
    }

    /// A circle of `radius` (rounded, at least 1) around `center`.
    package static func circle(center: Point, radius: Double, on image: inout RGBAImage, color: Color, stroke: Stroke) {
        guard let x = whole(center.x), let y = whole(center.y), let r = whole(radius) else { return }
        _ = withCanvas(&image) { fd_draw_circle($0, x, y, max(1, r), color.c, stroke.t, stroke.s) }
    }

    /// One line of `text` with its baseline starting at (`x`, `y`), OpenCV's Hershey simplex
    /// font at `scale` (1: capitals about 22 pixels tall); with an `outline`, drawn first in
    /// that colour two pixels thicker.
    package static func text(_ text: String, x: Int, y: Int, scale: Double, thickness: Int = 1, on image: inout RGBAImage,
                             color: Color, outline: Color? = nil, smooth: Bool = true) {
        guard scale.isFinite, scale > 0 else { return }
        let behind = outline ?? Color(red: 0, green: 0, blue: 0, opacity: 0)
        _ = withCanvas(&image) {
            fd_draw_text($0, text, Int32(clamping: x), Int32(clamping: y), min(scale, 100),
                         Int32(clamping: min(max(thickness, 1), 1000)), color.c, behind.c, smooth ? 1 : 0)
        }
    }

    /// The size one line of `text` takes at `scale` and `thickness`.
    package static func textSize(_ text: String, scale: Double, thickness: Int = 1) -> TextSize {
        var w: Int32 = 0, h: Int32 = 0, base: Int32 = 0
        guard scale.isFinite, scale > 0,
              fd_text_size(text, min(scale, 100), Int32(clamping: min(max(thickness, 1), 1000)), &w, &h, &base) == FD_OK
        else { return TextSize(width: 0, height: 0, baseline: 0) }
        return TextSize(width: Int(w), height: Int(h), baseline: Int(base))
    }

    /// Lines of `text` ("\n" between them), the first's top-left corner at `origin`; with a
    /// `background`, their box grown by a few pixels is filled first.
    package static func textBlock(_ text: String, at origin: Point, scale: Double, thickness: Int = 1,
                                  on image: inout RGBAImage, color: Color, background: Color? = nil) {
        guard let x = whole(origin.x), let y = whole(origin.y) else { return }
        let lines = blockLines(text, scale: scale, thickness: thickness)
        if let background {
            let size = blockSize(lines), grow = Double(max(1, thickness + 1))
            rectangle(Rect(x: Double(x) - grow, y: Double(y) - grow, width: Double(size.width) + 2 * grow,
                           height: Double(size.height) + 2 * grow), on: &image, color: background, stroke: .filled)
        }
        for line in lines where !line.text.isEmpty {
            self.text(line.text, x: Int(x), y: Int(y) + line.baseline, scale: scale, thickness: thickness, on: &image,
                      color: color)
        }
    }

    /// The box `textBlock` draws `text` in.
    package static func textBlockSize(_ text: String, scale: Double, thickness: Int = 1) -> (width: Int, height: Int) {
        blockSize(blockLines(text, scale: scale, thickness: thickness))
    }

    /// Each line of a block, its baseline below the block's top, and the bottom of its descenders.
    private static func blockLines(_ text: String, scale: Double, thickness: Int) -> [(text: String, width: Int, baseline: Int, bottom: Int)] {
        var top = 0
        let capitals = textSize("H", scale: scale, thickness: thickness)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let size = textSize(String(line), scale: scale, thickness: thickness)
            let baseline = top + capitals.height
            top = baseline + capitals.baseline + max(2, capitals.height / 3)
            return (String(line), size.width, baseline, baseline + capitals.baseline)
        }
    }

    private static func blockSize(_ lines: [(text: String, width: Int, baseline: Int, bottom: Int)]) -> (width: Int, height: Int) {
        (lines.map(\.width).max() ?? 0, lines.last?.bottom ?? 0)
    }

    /// `picture` resized (area averaging) into `rect` of `image` and blended over it at `opacity`;
    /// nothing when `rect` is not inside the image.
    package static func blend(_ picture: RGBAImage, into rect: (x: Int, y: Int, width: Int, height: Int),
                              on image: inout RGBAImage, opacity: Double) {
        guard rect.x >= 0, rect.y >= 0, rect.width > 0, rect.height > 0, rect.x + rect.width <= image.width,
              rect.y + rect.height <= image.height else { return }
        _ = withView(picture) { view in
            withCanvas(&image) {
                fd_draw_image($0, view, Int32(clamping: rect.x), Int32(clamping: rect.y), Int32(clamping: rect.width),
                              Int32(clamping: rect.height), opacity.isFinite ? opacity : 1)
            }
        }
    }

    /// A coordinate rounded to a whole pixel, clamped far outside any image; nil when not finite.
    private static func whole(_ value: Double) -> Int32? {
        value.isFinite ? Int32(min(max(value.rounded(), -1e8), 1e8)) : nil
    }

    private static func withCanvas<R>(_ image: inout RGBAImage, _ body: (UnsafePointer<fd_canvas>) -> R) -> R {
        let width = Int32(clamping: image.width), height = Int32(clamping: image.height)
        let stride = Int32(clamping: image.stride)
        return image.pixels.withUnsafeMutableBufferPointer { buffer in
            var canvas = fd_canvas(data: buffer.baseAddress, width: width, height: height, stride: stride,
                                   format: FD_PIXEL_RGBA8)
            return withUnsafePointer(to: &canvas) { body($0) }
        }
    }
}
