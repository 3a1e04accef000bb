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

/// The five facial landmarks, named from the subject's point of view as
/// YuNet orders them: the right eye is on the left of an upright, unmirrored image.
public struct Landmarks: Hashable, Sendable {
    /// The subject's right eye (on the left of an unmirrored picture).
    public var rightEye: Point
    /// The subject's left eye.
    public var leftEye: Point
    /// The tip of the nose.
    public var noseTip: Point
    /// The right corner of the subject's mouth.
    public var rightMouth: Point
    /// The left corner of the subject's mouth.
    public var leftMouth: Point

    /// The five points, in image pixels.
    public init(rightEye: Point, leftEye: Point, noseTip: Point, rightMouth: Point, leftMouth: Point) {
        self.rightEye = rightEye
        self.leftEye = leftEye
        self.noseTip = noseTip
        self.rightMouth = rightMouth
        self.leftMouth = leftMouth
    }

    /// The points in model order: right eye, left eye, nose tip, right mouth corner, left mouth corner.
    public var points: [Point] { [rightEye, leftEye, noseTip, rightMouth, leftMouth] }

    /// Builds landmarks from five points in model order; nil for any other count.
    public init?(points: [Point]) {
        guard points.count == 5 else { return nil }
        self.init(rightEye: points[0], leftEye: points[1], noseTip: points[2],
                  rightMouth: points[3], leftMouth: points[4])
    }

    /// Halfway between the eyes.
    public var eyeCenter: Point { rightEye.midpoint(leftEye) }
    /// Halfway between the mouth corners.
    public var mouthCenter: Point { rightMouth.midpoint(leftMouth) }
    /// The distance between the eyes, in pixels (the scale stickers are sized by).
    public var eyeDistance: Double { rightEye.distance(to: leftEye) }

    /// Applies `transform` to every point.
    public func map(_ transform: (Point) -> Point) -> Landmarks {
        Landmarks(rightEye: transform(rightEye), leftEye: transform(leftEye), noseTip: transform(noseTip),
                  rightMouth: transform(rightMouth), leftMouth: transform(leftMouth))
    }
}

/// Faces and landmarks mapped between pictures (turned passes, EXIF orientations, mirroring).
extension Transform2D {
    /// Maps every point. Under a mirroring map the right and left labels swap,
    /// so the landmarks stay what a detector would report on the mapped image
    /// (the "right" eye of an upright face on the image's left) and an angle
    /// taken from right eye to left eye stays upright.
    package func apply(to landmarks: Landmarks) -> Landmarks {
        let m = landmarks.map(apply(to:))
        guard isMirroring else { return m }
        return Landmarks(rightEye: m.leftEye, leftEye: m.rightEye, noseTip: m.noseTip,
                         rightMouth: m.leftMouth, leftMouth: m.rightMouth)
    }

    /// Maps the box (bounding box) and the landmarks; the score is kept.
    package func apply(to face: Face) -> Face {
        Face(box: apply(to: face.box), score: face.score, landmarks: face.landmarks.map(apply(to:)))
    }
}
