/// Runs the face detector on video frames at the detection size. Each frame
/// goes from its YUV planes straight to an RGBA copy of exactly the size the
/// detector wants, so OpenCV has nothing left to resize: its area resize is
/// slow for fractional ratios (1280 to 480 is one), and shrinking while
/// converting only converts the pixels the detector will see. Faces come back
/// in the frame's pixels. One per thread: the detector handle is not thread-safe.
final class FrameDetector {
    private let detector: OpenCVDetector
    private let matrix: YUVMatrix
    private let resampler: AreaResampler

    /// `settings.inputSize` is the longest side the detector should see for frames of `width` x `height`.
    init(settings: DetectorSettings, width: Int, height: Int, matrix: YUVMatrix) throws {
        self.matrix = matrix
        // The size detector.cpp would shrink to, so it leaves the copy as it is.
        let target = AreaResampler.targetSize(width: width, height: height, longestSide: settings.inputSize)
        resampler = AreaResampler(sourceWidth: width, sourceHeight: height, width: target.width, height: target.height)
        detector = try OpenCVDetector(settings: settings)
    }

    func detect(in frame: YUVFrame) throws -> [Face] {
        let small = resampler.rgba(frame, matrix: matrix)
        let faces = try detector.detect(in: small)
        guard small.width != frame.width || small.height != frame.height, small.width > 0, small.height > 0 else {
            return faces
        }
        // Per axis: rounding each side to whole pixels leaves the two ratios slightly different.
        let sx = Double(frame.width) / Double(small.width), sy = Double(frame.height) / Double(small.height)
        return faces.map { face in
            let b = face.box
            return Face(box: Rect(x: b.x * sx, y: b.y * sy, width: b.width * sx, height: b.height * sy),
                        score: face.score,
                        landmarks: face.landmarks?.map { Point(x: $0.x * sx, y: $0.y * sy) })
        }
    }
}
