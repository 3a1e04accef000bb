import CFaceDetect
import FaceStickerCore

// fd_draw.h: plain drawing calls on an RGBAImage.

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
