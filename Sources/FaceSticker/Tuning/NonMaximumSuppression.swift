/// Greedy non-maximum suppression exactly as OpenCV 4.6's `cv::dnn::NMSBoxes`
/// does it (eta 1): candidates best first, each kept unless it overlaps a
/// kept one by more than the threshold, the overlap computed as OpenCV
/// computes it (IoU in double, turned into a float through its Jaccard
/// distance; two empty boxes overlap fully).
enum NonMaximumSuppression {
    /// Boxes as OpenCV holds them: `(x, y, width, height)`, already
    /// truncated to whole pixels where the detector uses integer rectangles.
    typealias Box = (x: Double, y: Double, width: Double, height: Double)

    /// Indices of the boxes kept, in order. `boxes` must be sorted best first.
    /// `emptyArea` is the `numeric_limits::epsilon` of OpenCV's rectangle type
    /// (0 for integer boxes).
    static func keep(_ boxes: [Box], threshold: Double, emptyArea: Double) -> [Int] {
        let limit = Float(threshold)
        // Corners and areas, flat, so the pairwise loop stays cheap in debug builds too.
        var flat = [Double](repeating: 0, count: boxes.count * 5)
        for (i, b) in boxes.enumerated() {
            flat[5 * i] = b.x
            flat[5 * i + 1] = b.y
            flat[5 * i + 2] = b.x + b.width
            flat[5 * i + 3] = b.y + b.height
            flat[5 * i + 4] = b.width > 0 && b.height > 0 ? b.width * b.height : 0
        }
        var kept: [Int] = []
        flat.withUnsafeBufferPointer { p in
            for i in 0..<boxes.count {
                var keep = true
                for k in kept where overlap(p, i, k, emptyArea: emptyArea) > limit {
                    keep = false
                    break
                }
                if keep { kept.append(i) }
            }
        }
        return kept
    }

    private static func overlap(_ p: UnsafeBufferPointer<Double>, _ a: Int, _ b: Int, emptyArea: Double) -> Float {
        let areaA = p[5 * a + 4], areaB = p[5 * b + 4]
        guard areaA + areaB > emptyArea else { return 1 }
        var inter = 0.0
        if areaA > 0, areaB > 0 {
            let w = min(p[5 * a + 2], p[5 * b + 2]) - max(p[5 * a], p[5 * b])
            let h = min(p[5 * a + 3], p[5 * b + 3]) - max(p[5 * a + 1], p[5 * b + 1])
            if w > 0, h > 0 { inter = w * h }
        }
        return 1 - Float(1 - inter / (areaA + areaB - inter))
    }
}
