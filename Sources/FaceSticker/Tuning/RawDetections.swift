/// Everything a DNN detector (YuNet, CenterFace) finds in one image at one
/// input size before its score threshold, NMS and top-k are applied, so that
/// any score/NMS/top-k setting can be replayed without running the network.
///
/// Collected by running the detector with a low score threshold, NMS
/// threshold 1 (OpenCV keeps a box unless it overlaps a kept one by more than
/// the threshold, and no overlap exceeds 1) and the largest top-k. Replaying
/// does what OpenCV does after the network: keep scores above the threshold
/// (compared as floats), the best `topK`, then greedy NMS (see
/// `NonMaximumSuppression`) on the boxes in the network's input pixels, which
/// YuNet truncates to integers and CenterFace keeps as doubles; then, as
/// `OpenCVDetector` does, drop faces narrower than `minSize`.
public struct RawDetections: Sendable {
    public let kind: DetectorKind
    /// Every candidate, best first, in image pixels.
    public let candidates: [Face]
    /// Image pixels per input pixel, per axis (1 when the image was not downscaled).
    public let scaleX: Double
    public let scaleY: Double
    /// The lowest score threshold this can replay.
    public let scoreFloor: Double

    public init(kind: DetectorKind, candidates: [Face], scaleX: Double, scaleY: Double, scoreFloor: Double) {
        self.kind = kind
        self.candidates = candidates
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.scoreFloor = scoreFloor
    }

    /// The settings that collect raw detections for `settings` down to `scoreFloor`.
    public static func collectingSettings(for settings: DetectorSettings, scoreFloor: Double) -> DetectorSettings {
        var collecting = settings
        collecting.scoreThreshold = scoreFloor
        collecting.nmsThreshold = 1
        collecting.topK = 100_000
        collecting.minSize = 0
        return collecting
    }

    /// Runs `detector` (made with `collectingSettings`) on `image`.
    public static func collect(with detector: OpenCVDetector, in image: RGBAImage) throws -> RawDetections {
        let settings = detector.settings
        let (scaleX, scaleY) = inputScale(width: image.width, height: image.height, maxSide: settings.inputSize)
        return RawDetections(kind: settings.kind, candidates: try detector.detect(in: image), scaleX: scaleX,
                             scaleY: scaleY, scoreFloor: settings.scoreThreshold)
    }

    /// The size of the copy a detector with longest side `maxSide` runs on,
    /// computed as CFaceDetect does (each side rounded separately).
    public static func inputSize(width: Int, height: Int, maxSide: Int) -> (width: Int, height: Int) {
        let longest = max(width, height)
        guard maxSide > 0, longest > maxSide else { return (width, height) }
        let scale = Double(maxSide) / Double(longest)
        return (max(1, Int((Double(width) * scale).rounded())), max(1, Int((Double(height) * scale).rounded())))
    }

    static func inputScale(width: Int, height: Int, maxSide: Int) -> (Double, Double) {
        let input = inputSize(width: width, height: height, maxSide: maxSide)
        return (Double(width) / Double(max(1, input.width)), Double(height) / Double(max(1, input.height)))
    }

    /// The faces the detector would report with `settings` (same kind and
    /// input size as collected, score threshold at least `scoreFloor`).
    public func faces(for settings: DetectorSettings) -> [Face] {
        let threshold = Float(settings.scoreThreshold)
        var chosen: [Face] = []
        for face in candidates where Float(face.score) > threshold {
            chosen.append(face)
            if chosen.count == settings.topK { break }
        }
        let integral = kind == .yunet
        let boxes = chosen.map { face -> NonMaximumSuppression.Box in
            // Back to the network's input pixels, where OpenCV ran NMS.
            let b = face.box
            let x = Float(b.x / scaleX), y = Float(b.y / scaleY)
            let w = Float(b.width / scaleX), h = Float(b.height / scaleY)
            if integral { return (Self.truncated(x), Self.truncated(y), Self.truncated(w), Self.truncated(h)) }
            return (Double(x), Double(y), Double(w), Double(h))
        }
        let kept = NonMaximumSuppression.keep(boxes, threshold: settings.nmsThreshold,
                                              emptyArea: integral ? 0 : Double.ulpOfOne)
        let minSize = Double(settings.minSize)
        return kept.map { chosen[$0] }.filter { minSize <= 0 || $0.box.width >= minSize }
    }

    /// C's `int(v)` for the values a model can give (a broken one: 0 for non-finite).
    private static func truncated(_ value: Float) -> Double {
        value.isFinite ? Double(value.rounded(.towardZero)) : 0
    }
}
