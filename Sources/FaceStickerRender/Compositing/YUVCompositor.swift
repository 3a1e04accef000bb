import FaceStickerCore
/// Draws sticker art straight onto YUV 4:2:0 video frames, with the
/// geometry and sampling of `Compositor`. "Over" is linear and so is the
/// conversion from RGB to YUV, so blending the art's YUV over the frame's
/// gives what converting to RGB, blending and converting back would, without
/// that round trip's cost or its rounding. Luma is blended pixel by pixel;
/// each chroma sample with the art's mean over its 2x2 block of pixels.
package enum YUVCompositor {
    /// Draws prepared art at `placement` on `frame`, whose colours follow `matrix`.
    package static func draw(_ art: StickerArt, at placement: Sticker.Placement, onto frame: inout YUVFrame, matrix: YUVMatrix) {
        let width = frame.width, height = frame.height, chromaWidth = frame.chromaWidth
        let uOffset = frame.uOffset, vOffset = frame.vOffset
        let toY = SIMD4<Float>(Float(matrix.yr), Float(matrix.yg), Float(matrix.yb), 0) / 65536
        let toU = SIMD4<Float>(Float(matrix.ur), Float(matrix.ug), Float(matrix.ub), 0) / 65536
        let toV = SIMD4<Float>(Float(matrix.vr), Float(matrix.vg), Float(matrix.vb), 0) / 65536
        let black = Float(matrix.y0)
        // Premultiplied U, V and coverage summed over the current row of 2x2 blocks.
        var sums = [Float](repeating: 0, count: 3 * chromaWidth)
        frame.data.withUnsafeMutableBufferPointer { data in
            sums.withUnsafeMutableBufferPointer { sums in
                var blockRow = -1, first = chromaWidth, last = -1
                // Blends the finished block row's chroma: each sample keeps the share the art left uncovered.
                func flushChroma() {
                    guard first <= last else { return }
                    let rows = Float(min(2, height - 2 * blockRow))
                    for column in first...last {
                        let covered = sums[2 * chromaWidth + column]
                        guard covered > 0 else { continue }
                        let pixels = rows * Float(min(2, width - 2 * column))
                        let i = blockRow * chromaWidth + column
                        data[uOffset + i] = rounded((sums[column] + Float(data[uOffset + i]) * (pixels - covered)) / pixels)
                        data[vOffset + i] = rounded((sums[chromaWidth + column] + Float(data[vOffset + i]) * (pixels - covered))
                            / pixels)
                        sums[column] = 0
                        sums[chromaWidth + column] = 0
                        sums[2 * chromaWidth + column] = 0
                    }
                    first = chromaWidth
                    last = -1
                }
                Compositor.forEachPixel(of: art, at: placement, width: width, height: height) { x, y, source in
                    if y / 2 != blockRow {
                        flushChroma()
                        blockRow = y / 2
                    }
                    let alpha = source.w / 255
                    let i = y * width + x
                    data[i] = rounded((source * toY).sum() + black * alpha + Float(data[i]) * (1 - alpha))
                    let column = x / 2
                    sums[column] += (source * toU).sum() + 128 * alpha
                    sums[chromaWidth + column] += (source * toV).sum() + 128 * alpha
                    sums[2 * chromaWidth + column] += alpha
                    first = min(first, column)
                    last = max(last, column)
                }
                flushChroma()
            }
        }
    }

    @inline(__always)
    private static func rounded(_ value: Float) -> UInt8 {
        UInt8(clamping: Int(value + 0.5))
    }
}
