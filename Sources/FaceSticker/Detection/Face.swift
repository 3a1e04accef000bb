/// One detected face in the pixel coordinates of the image it was found in.
public struct Face: Hashable, Sendable {
    /// The face's bounding box, in the pixels of the image it was found in.
    public var box: Rect
    /// Detector confidence, 0...1 (Haar: merged neighbours n mapped to n / (n + 10)).
    public var score: Double
    /// Nil for detectors without landmarks (Haar).
    public var landmarks: Landmarks?

    /// A face with its box, detector score (0...1) and landmarks when the detector gives them.
    public init(box: Rect, score: Double, landmarks: Landmarks? = nil) {
        self.box = box
        self.score = score
        self.landmarks = landmarks
    }
}
