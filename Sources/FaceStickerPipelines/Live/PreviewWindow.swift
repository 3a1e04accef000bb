import Foundation
import FaceStickerCore
import FaceStickerNative

/// A live preview window (OpenCV highgui). Owns one native window handle.
package final class PreviewWindow {
    private let handle: OpenCV.WindowHandle

    /// The variables that say a window can open: a display, or a Qt platform.
    package static let displayVariables = ["DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"]

    /// Why no window can open here, or nil when one can. highgui aborts the
    /// whole process without a display, so this is asked before opening:
    /// a display is `$DISPLAY` or `$WAYLAND_DISPLAY`, or a Qt platform chosen
    /// explicitly with `$QT_QPA_PLATFORM` (`offscreen` and `vnc` need none).
    package static func missingDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if displayVariables.contains(where: { !(environment[$0] ?? "").isEmpty }) { return nil }
        return "no display ($DISPLAY and $WAYLAND_DISPLAY are unset)"
    }

    /// Why no window can open in this process, or nil when one can; worked
    /// out once. A named display is tried in a forked copy of the process
    /// first (for up to 5 s), because one that cannot be reached (a stale
    /// `$DISPLAY` after an SSH session) aborts the process inside highgui.
    package static let unavailable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let missing = missingDisplay(environment: environment) { return missing }
        if (try? OpenCV.windowCanOpen(timeoutMilliseconds: 5000)) == true { return nil }
        let named = displayVariables
            .compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : "$\(name) is \($0)" } }
        return "cannot open a window (\(named.joined(separator: ", ")))"
    }()

    /// Opens the live preview's window: plain (no toolbar), resizable with the aspect kept,
    /// sized to show a `width` x `height` picture as large as fits the screen (`fitted`).
    package init(title: String, fitting width: Int, height: Int) throws {
        if let unavailable = Self.unavailable {
            throw FaceStickerError.invalidArgument("preview: \(unavailable)")
        }
        let screen = OpenCV.screenSize()
        let size = Self.fitted(width: width, height: height, screen: screen)
        handle = try OpenCV.createFittedWindow(title: title, width: size.width, height: size.height, screen: screen)
        self.screen = screen
        self.size = size
    }

    /// The screen's size when known, and the size the window was opened at (fitted windows).
    package private(set) var screen: (width: Int, height: Int)?
    package private(set) var size: (width: Int, height: Int)?

    private var closed = false

    /// Closes the window now (on the thread that made it); later calls and deinit do nothing.
    package func close() {
        guard !closed else { return }
        closed = true
        OpenCV.destroyWindow(handle)
    }

    deinit { close() }

    /// Lets the window draw and take input for `milliseconds`; the key pressed
    /// (its character code, nil for none) and whether the user closed the window.
    package func waitKey(milliseconds: Int) throws -> (key: Int?, closed: Bool) {
        guard !closed else { return (nil, true) }
        return try OpenCV.waitKey(handle, milliseconds: max(1, min(10_000, milliseconds)))
    }
}

extension PreviewWindow {
    /// What the live preview draws over a frame (see `LivePreview`), and where:
    /// the key hint bar at the bottom, what just changed top left, the frame
    /// rate bottom right above the bar, a white flash over the whole picture
    /// for a shot, and the last shot's thumbnail top right. Sizes follow the
    /// picture's height (a 900-row picture at scale 1).
    package struct Overlay {
        /// The key hint bar; it fades out (`hintAlpha` 0...1).
        package var hint: String?
        package var hintAlpha = 0.0
        package var notice: String?
        package var fps: String?
        /// 0...1 white over the whole picture.
        package var flash = 0.0
        package var thumbnail: RGBAImage?
        package var thumbnailAlpha = 0.0

        package init() {}

        /// Draws the overlay over `image`, the frame as it is shown.
        package func draw(on image: inout RGBAImage) {
            let width = image.width, height = image.height
            let scale = max(0.35, Double(height) / 900)
            let pad = Int(12 * scale / 0.6)
            if flash > 0 {
                OpenCV.rectangle(Rect(x: 0, y: 0, width: Double(width), height: Double(height)), on: &image,
                                 color: OpenCV.Color.white.opacity(flash), stroke: .filled)
            }
            if let thumbnail, thumbnailAlpha > 0 {
                let w = max(8, width / 4), h = max(8, thumbnail.height * w / max(1, thumbnail.width))
                if w + 2 * pad < width, h + 2 * pad < height {
                    let x = width - w - pad
                    OpenCV.blend(thumbnail, into: (x, pad, w, h), on: &image, opacity: thumbnailAlpha)
                    OpenCV.rectangle(Rect(x: Double(x), y: Double(pad), width: Double(w), height: Double(h)), on: &image,
                                     color: .white, stroke: OpenCV.Stroke(thickness: max(1, pad / 6), smooth: false))
                }
            }
            if let notice, !notice.isEmpty {
                Self.outlined(notice, x: pad, y: pad + Int(30 * scale), scale: scale * 1.1, on: &image, color: .white)
            }
            if let fps, !fps.isEmpty {
                let size = OpenCV.textSize(fps, scale: scale, thickness: 2)
                Self.outlined(fps, x: width - size.width - pad, y: height - pad - Int(60 * scale), scale: scale,
                              on: &image, color: OpenCV.Color(red: 120, green: 255, blue: 120))
            }
            if let hint, !hint.isEmpty, hintAlpha > 0 {
                let alpha = min(1, hintAlpha)
                let bar = Int(46 * scale) + pad
                OpenCV.rectangle(Rect(x: 0, y: Double(height - bar), width: Double(width), height: Double(bar)),
                                 on: &image, color: OpenCV.Color.black.opacity(0.6 * alpha), stroke: .filled)
                var textScale = scale * 0.8
                var size = OpenCV.textSize(hint, scale: textScale, thickness: 2)
                if size.width > width - 2 * pad {
                    textScale *= Double(width - 2 * pad) / Double(size.width)
                    size = OpenCV.textSize(hint, scale: textScale, thickness: 2)
                }
                Self.outlined(hint, x: (width - size.width) / 2, y: height - bar + bar - pad / 2 - size.baseline,
                              scale: textScale, on: &image, color: OpenCV.Color.white.opacity(alpha))
            }
        }

        /// Text in `color` over a black outline two pixels wider, as thick as its size asks.
        private static func outlined(_ text: String, x: Int, y: Int, scale: Double, on image: inout RGBAImage,
                                     color: OpenCV.Color) {
            OpenCV.text(text, x: x, y: y, scale: scale, thickness: max(1, Int(scale * 2 + 0.5)), on: &image,
                        color: color, outline: .black)
        }
    }

    /// The size a `width` x `height` picture is shown at on a `screen`: as large as fits in
    /// 90% of its width and 85% of its height (room for the window's frame and a panel),
    /// the aspect ratio kept; a small picture is enlarged to about 640 pixels wide at most.
    package static func fitted(width: Int, height: Int, screen: (width: Int, height: Int)?) -> (width: Int, height: Int) {
        guard width > 0, height > 0 else { return (max(1, width), max(1, height)) }
        guard let screen, screen.width > 0, screen.height > 0 else { return (width, height) }
        let fit = min(0.9 * Double(screen.width) / Double(width), 0.85 * Double(screen.height) / Double(height))
        let enlarge = max(1, 640 / Double(width))
        let scale = min(fit, enlarge)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    /// Shows a YUV frame with `overlay` drawn over it (odd sides lose their last row or column).
    package func show(_ frame: YUVFrame, matrix: YUVMatrix, overlay: Overlay) throws {
        guard !closed else { return }
        let even = frame.width % 2 == 0 && frame.height % 2 == 0 ? frame : nil
        guard let shown = even ?? (frame.width >= 2 && frame.height >= 2 ? frame.evenCrop() : nil) else { return }
        var picture = try OpenCV.rgba(fromI420: shown.data, width: shown.width, height: shown.height)
        overlay.draw(on: &picture)
        try OpenCV.show(handle, picture)
    }

    /// Where the window's picture is on the screen, and its size.
    package var geometry: (x: Int, y: Int, width: Int, height: Int)? { closed ? nil : try? OpenCV.windowGeometry(handle) }
}

extension YUVFrame {
    /// The frame without its last column or row when they are odd.
    package func evenCrop() -> YUVFrame {
        let w = width & ~1, h = height & ~1
        var out = YUVFrame(width: w, height: h, y: 16)
        let cw = w / 2, ch = h / 2
        for y in 0..<h { for x in 0..<w { out.data[y * w + x] = data[y * width + x] } }
        for y in 0..<ch {
            for x in 0..<cw {
                out.data[out.uOffset + y * cw + x] = data[uOffset + y * chromaWidth + x]
                out.data[out.vOffset + y * cw + x] = data[vOffset + y * chromaWidth + x]
            }
        }
        return out
    }
}
