import FaceStickerCore
/// `comic`, like Core Image's CIComicEffect: dark ink lines where the
/// brightness changes sharply, over flat posterised colour.
///
/// Lines come from a Sobel gradient (|gx| + |gy|) of the luma after a 3x3
/// Gaussian blur, which keeps sensor noise from drawing lines: below
/// `edgeLow` nothing is inked, above `edgeHigh` the pixel is black, in
/// between it darkens linearly. A step of brightness d gives a gradient of
/// about 3d, two pixels wide.
package struct ComicFilter: ImageFilter {
    /// Levels per channel after posterising: 0, 64, 128, 191, 255.
    package static let levels = 5
    package static let edgeLow = 60
    package static let edgeHigh = 180

    package init() {}

    package var spec: String { "comic" }

    /// The posterised value of one channel: the nearest of `levels` evenly spaced values.
    package static func posterize(_ value: UInt8) -> UInt8 { posterTable[Int(value)] }

    /// How much of a pixel's colour survives the ink at gradient `magnitude`, 0...1.
    package static func ink(magnitude: Int) -> Double {
        Double(min(max(edgeHigh - magnitude, 0), edgeHigh - edgeLow)) / Double(edgeHigh - edgeLow)
    }

    private static let posterTable: [UInt8] = (0..<256).map { v in
        let step = 255 / Double(levels - 1)
        return UInt8((Double(v) / step).rounded() * step + 0.5)
    }

    /// `ink` in 0...256 fixed point for every magnitude |gx| + |gy| can reach (8 x 255).
    private static let inkTable: [Int] = (0...2040).map { Int((ink(magnitude: $0) * 256).rounded()) }

    package func apply(to image: inout RGBAImage) {
        let width = image.width, height = image.height
        guard width > 0, height > 0 else { return }
        // Blurred luma with a one-pixel border that repeats the edge (clamp to
        // edge), so the Sobel loop needs no bounds tests.
        let luma = Self.blurredLuma(image)
        let stride = width + 2
        Self.posterTable.withUnsafeBufferPointer { poster in
            Self.inkTable.withUnsafeBufferPointer { inkTable in
                luma.withUnsafeBufferPointer { l in
                    image.pixels.withUnsafeMutableBufferPointer { p in
                        for y in 0..<height {
                            var up = y * stride, row = up + stride, down = row + stride
                            var i = y * width * 4
                            for _ in 0..<width {
                                let gx = (Int(l[up + 2]) + 2 * Int(l[row + 2]) + Int(l[down + 2]))
                                    - (Int(l[up]) + 2 * Int(l[row]) + Int(l[down]))
                                let gy = (Int(l[down]) + 2 * Int(l[down + 1]) + Int(l[down + 2]))
                                    - (Int(l[up]) + 2 * Int(l[up + 1]) + Int(l[up + 2]))
                                let keep = Int(inkTable[min(abs(gx) + abs(gy), 2040)])
                                p[i] = UInt8(truncatingIfNeeded: (Int(poster[Int(p[i])]) * keep + 128) >> 8)
                                p[i + 1] = UInt8(truncatingIfNeeded: (Int(poster[Int(p[i + 1])]) * keep + 128) >> 8)
                                p[i + 2] = UInt8(truncatingIfNeeded: (Int(poster[Int(p[i + 2])]) * keep + 128) >> 8)
                                up += 1
                                row += 1
                                down += 1
                                i += 4
                            }
                        }
                    }
                }
            }
        }
    }

    /// Luma (Rec. 601) blurred by [1 2 1] / 4 across and then down, edges
    /// clamped, in a (width + 2) x (height + 2) buffer whose border repeats the edge.
    private static func blurredLuma(_ image: RGBAImage) -> [Int16] {
        let width = image.width, height = image.height, stride = width + 2, w = MonoFilter.fixedWeights
        var luma = [Int16](repeating: 0, count: stride * (height + 2))
        var across = luma
        image.pixels.withUnsafeBufferPointer { p in
            luma.withUnsafeMutableBufferPointer { l in
                for y in 0..<height {
                    var i = y * width * 4, j = (y + 1) * stride + 1
                    for _ in 0..<width {
                        l[j] = Int16(truncatingIfNeeded:
                            (w.r * Int(p[i]) + w.g * Int(p[i + 1]) + w.b * Int(p[i + 2]) + 32768) >> 16)
                        i += 4
                        j += 1
                    }
                }
                repeatEdges(l, width: width, height: height)
            }
        }
        luma.withUnsafeBufferPointer { l in
            across.withUnsafeMutableBufferPointer { a in
                for j in (stride + 1)..<(stride * (height + 1) - 1) {
                    a[j] = (l[j - 1] + 2 * l[j] + l[j + 1] + 2) >> 2
                }
                repeatEdges(a, width: width, height: height)
            }
        }
        across.withUnsafeBufferPointer { a in
            luma.withUnsafeMutableBufferPointer { l in
                for j in (stride + 1)..<(stride * (height + 1) - 1) {
                    l[j] = (a[j - stride] + 2 * a[j] + a[j + stride] + 2) >> 2
                }
                repeatEdges(l, width: width, height: height)
            }
        }
        return luma
    }

    /// Copies the outermost pixels of the inner width x height area into the border around it.
    private static func repeatEdges(_ b: UnsafeMutableBufferPointer<Int16>, width: Int, height: Int) {
        let stride = width + 2
        for y in 1...height {
            b[y * stride] = b[y * stride + 1]
            b[y * stride + width + 1] = b[y * stride + width]
        }
        for x in 0..<stride {
            b[x] = b[stride + x]
            b[(height + 1) * stride + x] = b[height * stride + x]
        }
    }
}
