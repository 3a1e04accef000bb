/// Runs the face detector on video frames at the detection size. A frame is
/// turned into a small RGBA copy straight from its YUV planes, halved (by
/// averaging blocks) as often as it stays at least the detection size, so the
/// detector's own resize has little left to do: OpenCV's area resize is fast
/// only for whole-number ratios, and 1280 to 480 is not. Faces come back in the
/// frame's pixels. One per thread: the detector handle is not thread-safe.
final class FrameDetector {
    private let detector: OpenCVDetector
    private let matrix: YUVMatrix
    /// How many times frames are halved before detection.
    let halvings: Int

    /// `settings.inputSize` is the longest side the detector should see for frames of `width` x `height`.
    init(settings: DetectorSettings, width: Int, height: Int, matrix: YUVMatrix) throws {
        self.matrix = matrix
        var halvings = 0
        let target = settings.inputSize
        var longest = max(width, height)
        // Halve while the result is still at least what the detector wants.
        while target > 0, longest / 2 >= target, min(width, height) >> (halvings + 1) >= 16 {
            longest /= 2
            halvings += 1
        }
        self.halvings = halvings
        detector = try OpenCVDetector(settings: settings)
    }

    func detect(in frame: YUVFrame) throws -> [Face] {
        let small = YUVConversion.downscaled(frame, halvings: halvings, matrix: matrix)
        guard halvings > 0 else { return try detector.detect(in: small) }
        let scale = Double(1 << halvings)
        return try detector.detect(in: small).map { face in
            let b = face.box
            return Face(box: Rect(x: b.x * scale, y: b.y * scale, width: b.width * scale, height: b.height * scale),
                        score: face.score,
                        landmarks: face.landmarks?.map { Point(x: $0.x * scale, y: $0.y * scale) })
        }
    }
}
