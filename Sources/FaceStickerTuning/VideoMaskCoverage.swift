import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision

/// How well a video's faces were hidden, frame by frame (issue #44: no face slips through
/// for a frame or two; `facesticker-bench video-left`, part of `make bench`). `masked` is
/// `original` after `facesticker video --sticker 'solid:#FF00FF'` (or any tool that paints
/// faces magenta); a pixel counts as covered where the masked frame is magenta and the
/// original is not (on the chroma planes). The reference faces of a frame are CenterFace's
/// on the original frame at `width` from `score` (0.2: the recall profile's sure score),
/// plus a face found in both neighbouring frames (boxes overlapping by `neighbourIoU`) and
/// not in the frame itself, between the two: the frames a detector misses a face it finds
/// either side of.
package struct VideoMaskCoverage: Sendable {
    /// The reference faces from one score on.
    package struct Row: Equatable, Sendable {
        package var minimum: Double
        /// Reference faces summed over the frames.
        package var faceFrames = 0
        /// Under `MaskCoverage.unhiddenBelow` of the box covered (as photos count a face unhidden) ...
        package var unhidden = 0
        /// ... and under `MaskCoverage.halfBelow`.
        package var underHalf = 0
        /// Frames with a face left unhidden, and the longest run of such frames.
        package var framesLeft = 0
        package var longestRun = 0
    }

    package var frames = 0
    /// From `score` on, and from 0.5 (faces the detector is sure of).
    package var rows: [Row] = []
    /// The share of each frame covered outside every reference face's box grown `MaskCoverage.outsideGrowth`.
    package var outsideMean = 0.0
    package var outsideP90 = 0.0

    package static let neighbourIoU = 0.3
    package static let defaultWidth = 640
    package static let defaultScore = DetectionProfile.videoSureScore

    /// Measures `masked` against `original` (the same size and frames).
    package static func measure(original: String, masked: String, width: Int = defaultWidth,
                                score: Double = defaultScore) throws -> VideoMaskCoverage {
        let rate = FrameRate(whole: 25)
        let info = try VideoProbe.probeInput(original, sequenceRate: rate)
        let maskedInfo = try VideoProbe.probeInput(masked, sequenceRate: rate)
        guard info.width == maskedInfo.width, info.height == maskedInfo.height else {
            throw FaceStickerError.unreadable(path: masked, reason: "\(maskedInfo.width)x\(maskedInfo.height), "
                                              + "but \(original) is \(info.width)x\(info.height)")
        }
        var settings = DetectorSettings.defaults(for: .centerface)
        settings.scoreThreshold = score
        let scale = min(1, Double(max(1, width)) / Double(max(1, info.width)))
        settings.inputSize = min(FaceFinder.maxInputSide, max(1, Int((Double(max(info.width, info.height)) * scale).rounded())))
        let detector = try FrameDetector(settings: settings, width: info.width, height: info.height,
                                         matrix: YUVMatrix(info), follow: false)
        let source = try FrameDecoder(info), result = try FrameDecoder(maskedInfo)
        defer {
            source.cancel()
            result.cancel()
            _ = source.finish()
            _ = result.finish()
        }
        var found: [[Face]] = [], covered: [[Bool]] = []
        var grid = (width: 0, height: 0)
        while let frame = try source.next() {
            guard let out = try result.next() else { break }
            found.append(try detector.detect(in: frame.yuv, round: frame.index))
            covered.append(coverage(of: out.yuv, over: frame.yuv))
            grid = (frame.yuv.chromaWidth, frame.yuv.chromaHeight)
        }
        var coverage = VideoMaskCoverage()
        coverage.frames = covered.count
        // The share of `box` (luma pixels) covered, on the chroma grid.
        func share(_ box: Rect, _ cover: [Bool]) -> Double {
            let x0 = max(0, Int(max(-1e6, box.x / 2).rounded(.down))), y0 = max(0, Int(max(-1e6, box.y / 2).rounded(.down)))
            let x1 = min(grid.width, Int(min(1e6, (box.x + box.width) / 2).rounded(.up)))
            let y1 = min(grid.height, Int(min(1e6, (box.y + box.height) / 2).rounded(.up)))
            guard x1 > x0, y1 > y0 else { return 1 }
            var n = 0
            for y in y0..<y1 { for x in x0..<x1 where cover[y * grid.width + x] { n += 1 } }
            return Double(n) / Double((x1 - x0) * (y1 - y0))
        }
        let fromScore = references(found, from: score)
        for minimum in [score, max(score, 0.5)] {
            var row = Row(minimum: minimum), run = 0
            for (f, boxes) in (minimum == score ? fromScore : references(found, from: minimum)).enumerated() {
                var left = false
                for box in boxes {
                    row.faceFrames += 1
                    let s = share(box, covered[f])
                    if s < MaskCoverage.unhiddenBelow { row.unhidden += 1; left = true }
                    if s < MaskCoverage.halfBelow { row.underHalf += 1 }
                }
                row.framesLeft += left ? 1 : 0
                run = left ? run + 1 : 0
                row.longestRun = max(row.longestRun, run)
            }
            coverage.rows.append(row)
        }
        var outside: [Double] = []
        for (f, boxes) in fromScore.enumerated() {
            let grown = boxes.map(MaskCoverage.grown)
            var n = 0
            for y in 0..<grid.height {
                for x in 0..<grid.width where covered[f][y * grid.width + x] {
                    let p = Point(x: Double(2 * x + 1), y: Double(2 * y + 1))
                    if !grown.contains(where: { $0.contains(p) }) { n += 1 }
                }
            }
            outside.append(Double(n) / Double(max(1, grid.width * grid.height)))
        }
        coverage.outsideMean = Statistics.mean(outside)
        coverage.outsideP90 = Statistics.percentile(outside.sorted(), 0.9)
        return coverage
    }

    /// Per frame, the chroma samples painted magenta in `masked` that were not in `original`.
    package static func coverage(of masked: YUVFrame, over original: YUVFrame) -> [Bool] {
        let count = original.chromaWidth * original.chromaHeight
        func magenta(_ f: YUVFrame, _ i: Int) -> Bool { f.data[f.uOffset + i] >= 185 && f.data[f.vOffset + i] >= 195 }
        return (0..<count).map { magenta(masked, $0) && !magenta(original, $0) }
    }

    /// Per frame, the boxes of the faces found there from `minimum`, and of those found in both
    /// neighbours and not there (between the two).
    package static func references(_ found: [[Face]], from minimum: Double) -> [[Rect]] {
        let kept = found.map { $0.filter { $0.score >= minimum }.map(\.box) }
        return kept.indices.map { f in
            var boxes = kept[f]
            guard f > 0, f + 1 < kept.count else { return boxes }
            for a in kept[f - 1] {
                guard let b = kept[f + 1].max(by: { a.iou($0) < a.iou($1) }), a.iou(b) >= neighbourIoU else { continue }
                let between = Rect(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, width: (a.width + b.width) / 2,
                                   height: (a.height + b.height) / 2)
                if !boxes.contains(where: { $0.iou(between) >= neighbourIoU }) { boxes.append(between) }
            }
            return boxes
        }
    }

    /// The report `facesticker-bench video-left` prints.
    package var lines: [String] {
        func percent(_ part: Int, _ whole: Int) -> String { JSONText.number(100 * Double(part) / Double(max(1, whole)), digits: 2) }
        return rows.map { row in
            "  faces from \(JSONText.number(row.minimum, digits: 2)): \(row.faceFrames) face-frames; left unhidden "
                + "\(row.unhidden) (\(percent(row.unhidden, row.faceFrames))%), under half \(row.underHalf); "
                + "frames with a face left \(row.framesLeft), longest run \(row.longestRun)"
        } + ["  masked outside faces: mean \(JSONText.number(100 * outsideMean, digits: 2))%, "
             + "p90 \(JSONText.number(100 * outsideP90, digits: 2))% of the frame"]
    }
}
