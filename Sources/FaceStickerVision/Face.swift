// Foundation only for atan2, which the standard library lacks on Linux.
import Foundation
import FaceStickerCore

/// One detected face in the pixel coordinates of the image it was found in.
public struct Face: Hashable, Sendable {
    /// The face's bounding box, in the pixels of the image it was found in.
    public var box: Rect
    /// Detector confidence, 0...1 (Haar: merged neighbours n mapped to n / (n + 10)).
    public var score: Double
    /// Nil for detectors without landmarks (Haar). Where the face mesh was
    /// sure of the face, these are the mesh's eyes, nose and mouth.
    public var landmarks: Landmarks?
    /// The head's yaw and pitch, from the face mesh; nil where there was no
    /// mesh (not installed, Haar, or the mesh was unsure). The roll is `Landmarks.roll`.
    public var pose: HeadPose?
    /// The outline of the face mesh (its convex hull), where there is a head
    /// pose: stickers on the face are not drawn far outside it.
    public package(set) var outline: ConvexPolygon?
    /// The face mesh's 468 points (x, y in the picture's pixels, z depth in the
    /// same units), where there is a head pose: what `detect --mesh` prints.
    public package(set) var mesh: [Point3]?
    /// What stickers are placed by of a mesh (`HeadShape`) where there is no mesh to
    /// take it from: a face read back from a tracks file (`--tracks-in`), which keeps these nine points.
    package var keptHead: HeadShape?

    /// The points of the face mesh stickers are placed by: from `mesh`, or as a tracks file kept them.
    package var head: HeadShape? { mesh.flatMap(HeadShape.init(mesh:)) ?? keptHead }

    /// A face with its box, detector score (0...1), landmarks when the detector gives them, and head pose.
    public init(box: Rect, score: Double, landmarks: Landmarks? = nil, pose: HeadPose? = nil) {
        self.box = box
        self.score = score
        self.landmarks = landmarks
        self.pose = pose
    }

    /// The face shifted by `offset`, landmarks and all.
    package func moved(by offset: Point) -> Face {
        guard offset.x != 0 || offset.y != 0 else { return self }
        let b = box
        return mapped(box: Rect(x: b.x + offset.x, y: b.y + offset.y, width: b.width, height: b.height)) {
            Point(x: $0.x + offset.x, y: $0.y + offset.y)
        }
    }

    /// The face with its landmarks and outline mapped point by point, and its box replaced by `box`.
    package func mapped(box: Rect, _ transform: (Point) -> Point) -> Face {
        var face = Face(box: box, score: score, landmarks: landmarks?.map(transform), pose: pose)
        face.outline = outline?.map(transform)
        // Depth scales as the picture does, by the square root of the box's change in area.
        let before = self.box.area, depth = before > 0 ? (box.area / before).squareRoot() : 1
        let map = { (point: Point3) -> Point3 in
            let flat = transform(point.flat)
            return Point3(x: flat.x, y: flat.y, z: point.z * depth)
        }
        face.mesh = mesh?.map(map)
        face.keptHead = keptHead?.map(map)
        return face
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

    /// Unit vector along the eye line, from the subject's right eye to the
    /// left, pointing so that the mouth is below it ((1, 0) when the eyes meet).
    /// Landmarks mapped through a mirror put the mouth above the eye line as
    /// the eyes are ordered; the mouth says which way is down.
    public var across: Point {
        let eyes = leftEye.offset(by: rightEye, scale: -1)
        let length = eyes.length
        let across = length > 0 ? Point(x: eyes.x / length, y: eyes.y / length) : Point(x: 1, y: 0)
        let mouth = mouthCenter.offset(by: eyeCenter, scale: -1)
        return -across.y * mouth.x + across.x * mouth.y < 0 ? Point(x: -across.x, y: -across.y) : across
    }

    /// The eye line's angle in degrees, clockwise (image y points down): the
    /// head's roll, and the angle a sticker is turned by. Near 180 for a face
    /// upside down.
    public var roll: Double { atan2(across.y, across.x) * 180 / Double.pi }

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

    /// Maps the box (bounding box) and the landmarks; the score is kept, and
    /// the pose too, its yaw turned round by a mirroring map.
    package func apply(to face: Face) -> Face {
        var mapped = Face(box: apply(to: face.box), score: face.score, landmarks: face.landmarks.map(apply(to:)),
                          pose: isMirroring ? face.pose?.mirrored : face.pose)
        mapped.outline = face.outline?.map(apply(to:))
        let depth = abs(determinant).squareRoot()
        let map = { (point: Point3) -> Point3 in
            let flat = apply(to: point.flat)
            return Point3(x: flat.x, y: flat.y, z: point.z * depth)
        }
        mapped.mesh = face.mesh?.map(map)
        mapped.keptHead = face.keptHead?.map(map)
        return mapped
    }
}
