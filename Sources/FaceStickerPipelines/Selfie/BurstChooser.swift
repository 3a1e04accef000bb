import FaceStickerCore
import FaceStickerVision
/// Picks the best frame of a burst.
///
/// A frame is judged by its main face: the one the detector is most sure
/// of (a blurred frame can add a large, doubtful false face, which must not
/// win). That face's box is cut out, scaled to `patchSize` pixels square
/// (averaged down, or interpolated up for small faces) and turned to luma;
/// its sharpness is the variance of the 4-neighbour Laplacian over that
/// patch. Measuring at one fixed size makes sharpness independent of how big
/// the face is, so size counts once, through the area. The frame's score is
/// area x sharpness; the highest score wins, the earliest frame on a tie.
/// When no frame has a face, the frame whose whole picture is sharpest wins.
package enum BurstChooser {
    /// The side of the square patch sharpness is measured on.
    package static let patchSize = 128

    /// The score of `image` given the faces found in it.
    package static func score(_ image: RGBAImage, faces: [Face]) -> FrameScore {
        let whole = Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        var area = 0.0, faceSharpness = 0.0
        if let main = faces.max(by: { $0.score < $1.score }) {
            let box = main.box.intersection(whole)
            if box.width >= 2, box.height >= 2 {
                area = box.area
                faceSharpness = sharpness(of: image, in: box)
            }
        }
        return FrameScore(faces: faces, faceArea: area, faceSharpness: faceSharpness,
                          frameSharpness: sharpness(of: image, in: whole))
    }

    /// The index of the best of `scores`, nil when empty.
    package static func best(_ scores: [FrameScore]) -> Int? {
        guard !scores.isEmpty else { return nil }
        let anyFace = scores.contains { $0.value > 0 }
        var best = 0
        for (index, score) in scores.enumerated().dropFirst() {
            let (candidate, leader) = anyFace ? (score.value, scores[best].value)
                                              : (score.frameSharpness, scores[best].frameSharpness)
            if candidate > leader { best = index }
        }
        return best
    }

    /// Variance of the Laplacian of `box`'s luma, resampled to `patchSize` square.
    package static func sharpness(of image: RGBAImage, in box: Rect) -> Double {
        let n = patchSize
        let patch = lumaPatch(image, box, n)
        guard !patch.isEmpty else { return 0 }
        var sum = 0.0, sumSquares = 0.0
        patch.withUnsafeBufferPointer { p in
            for y in 1..<(n - 1) {
                for x in 1..<(n - 1) {
                    let i = y * n + x
                    let laplacian = p[i - 1] + p[i + 1] + p[i - n] + p[i + n] - 4 * p[i]
                    sum += laplacian
                    sumSquares += laplacian * laplacian
                }
            }
        }
        let count = Double((n - 2) * (n - 2))
        let mean = sum / count
        return max(0, sumSquares / count - mean * mean)
    }

    /// `box` of `image` as an n x n luma patch (BT.601 weights, 0...255): each
    /// patch pixel averages the source pixels under it, or interpolates
    /// between them when the box is smaller than the patch.
    private static func lumaPatch(_ image: RGBAImage, _ box: Rect, _ n: Int) -> [Double] {
        let x0 = max(0, Int(box.minX.rounded(.down))), y0 = max(0, Int(box.minY.rounded(.down)))
        let x1 = min(image.width, Int(box.maxX.rounded(.up))), y1 = min(image.height, Int(box.maxY.rounded(.up)))
        let w = x1 - x0, h = y1 - y0
        guard w >= 2, h >= 2 else { return [] }
        var luma = [Double](repeating: 0, count: w * h)
        image.pixels.withUnsafeBufferPointer { src in
            luma.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    var s = ((y0 + y) * image.width + x0) * 4
                    for x in 0..<w {
                        dst[y * w + x] = 0.299 * Double(src[s]) + 0.587 * Double(src[s + 1]) + 0.114 * Double(src[s + 2])
                        s += 4
                    }
                }
            }
        }
        var patch = [Double](repeating: 0, count: n * n)
        let sx = Double(w) / Double(n), sy = Double(h) / Double(n)
        luma.withUnsafeBufferPointer { l in
            patch.withUnsafeMutableBufferPointer { p in
                for v in 0..<n {
                    for u in 0..<n {
                        p[v * n + u] = sample(l, w, h, Double(u) * sx, Double(v) * sy, sx, sy)
                    }
                }
            }
        }
        return patch
    }

    /// The mean of the cell [x, x + sx) x [y, y + sy) when it covers at least
    /// a pixel each way, else bilinear interpolation at its centre.
    @inline(__always)
    private static func sample(_ l: UnsafeBufferPointer<Double>, _ w: Int, _ h: Int,
                               _ x: Double, _ y: Double, _ sx: Double, _ sy: Double) -> Double {
        if sx >= 1, sy >= 1 {
            let xa = Int(x), xb = max(xa + 1, min(w, Int(x + sx)))
            let ya = Int(y), yb = max(ya + 1, min(h, Int(y + sy)))
            var total = 0.0
            for yy in ya..<yb {
                for xx in xa..<xb { total += l[yy * w + xx] }
            }
            return total / Double((xb - xa) * (yb - ya))
        }
        let cx = min(Double(w - 1), max(0, x + sx / 2 - 0.5)), cy = min(Double(h - 1), max(0, y + sy / 2 - 0.5))
        let xa = Int(cx), ya = Int(cy), xb = min(w - 1, xa + 1), yb = min(h - 1, ya + 1)
        let fx = cx - Double(xa), fy = cy - Double(ya)
        let top = l[ya * w + xa] * (1 - fx) + l[ya * w + xb] * fx
        let bottom = l[yb * w + xa] * (1 - fx) + l[yb * w + xb] * fx
        return top * (1 - fy) + bottom * fy
    }
}
