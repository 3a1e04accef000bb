import FaceStickerCore
import FaceStickerNative
/// Pixel measurements and cut-outs that face finding needs (no C).
package enum ImageStatistics {
    /// A face has texture: DNNs (YuNet above all) report confident "faces" on
    /// flat black or grey frames, which would put stickers on a fade to black.
    /// Real faces measure 10 or more.
    package static let minFaceContrast = 4.0

    /// Whether the grey levels inside `box` (clipped to the image, whole pixels)
    /// vary by at least `minFaceContrast` (standard deviation).
    package static func hasTexture(_ image: RGBAImage, in box: Rect) -> Bool {
        guard let area = pixels(of: box, in: image) else { return false }
        var sum = 0.0, squares = 0.0
        image.pixels.withUnsafeBufferPointer { p in
            for y in area.y0..<area.y1 {
                var i = (y * image.width + area.x0) * 4
                for _ in area.x0..<area.x1 {
                    let grey = 0.299 * Double(p[i]) + 0.587 * Double(p[i + 1]) + 0.114 * Double(p[i + 2])
                    sum += grey
                    squares += grey * grey
                    i += 4
                }
            }
        }
        let n = Double((area.x1 - area.x0) * (area.y1 - area.y0))
        let mean = sum / n
        return (squares / n - mean * mean).squareRoot() >= minFaceContrast
    }

    /// The square `square` of `image` (black outside it) resized to `side` x `side`.
    package static func crop(_ image: RGBAImage, _ square: Rect, side: Int) throws -> RGBAImage {
        let x0 = whole(square.minX.rounded(.down)), y0 = whole(square.minY.rounded(.down))
        let width = max(1, min(whole(square.width.rounded()), 16384)), height = max(1, min(whole(square.height.rounded()), 16384))
        var cut = RGBAImage(width: width, height: height)
        let sx0 = max(0, x0), sx1 = min(image.width, x0 + width)
        let sy0 = max(0, y0), sy1 = min(image.height, y0 + height)
        if sx0 < sx1, sy0 < sy1 {
            let rowBytes = (sx1 - sx0) * 4
            image.pixels.withUnsafeBufferPointer { src in
                cut.pixels.withUnsafeMutableBufferPointer { dst in
                    for y in sy0..<sy1 {
                        let s = (y * image.width + sx0) * 4, d = ((y - y0) * width + (sx0 - x0)) * 4
                        for k in 0..<rowBytes { dst[d + k] = src[s + k] }
                    }
                }
            }
        }
        return width == side && height == side ? cut : try OpenCV.resize(cut, width: side, height: side)
    }

    /// The whole pixels `box` covers inside `image`, as OpenCV's
    /// `Rect(int(x), int(y), ceil(w), ceil(h)) & image` gives them; nil when none.
    private static func pixels(of box: Rect, in image: RGBAImage) -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let x = whole(box.x.rounded(.towardZero)), y = whole(box.y.rounded(.towardZero))
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(image.width, x + whole(box.width.rounded(.up)))
        let y1 = min(image.height, y + whole(box.height.rounded(.up)))
        return x0 < x1 && y0 < y1 ? (x0, y0, x1, y1) : nil
    }

    /// A coordinate as an Int, clamped (a model's garbage must not trap).
    private static func whole(_ value: Double) -> Int {
        value.isFinite ? Int(max(min(value, 1e9), -1e9)) : 0
    }
}
