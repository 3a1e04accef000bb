// Foundation only for atan2, asin, sin and cos, which the standard library lacks on Linux.
import Foundation
import FaceStickerCore
import FaceStickerNative

/// Which way a head is turned, read off its face mesh, in degrees. The roll
/// (the turn within the picture, the sticker angle) is `Landmarks.roll` and is
/// taken out first, so yaw and pitch are the head's own.
public struct HeadPose: Hashable, Sendable {
    /// Positive when the subject turns toward their own left: the nose moves
    /// to the right of an unmirrored picture. -90...90.
    public var yaw: Double
    /// Positive chin up. -90...90.
    public var pitch: Double

    /// A pose of `yaw` and `pitch` degrees.
    public init(yaw: Double, pitch: Double) {
        self.yaw = yaw
        self.pitch = pitch
    }

    /// The same head seen in a mirror: the yaw changes sign.
    public var mirrored: HeadPose { HeadPose(yaw: -yaw, pitch: pitch) }
}

/// A point in 3-D: x right, y down, z away from the camera, all in pixels.
public struct Point3: Hashable, Sendable {
    public var x: Double, y: Double, z: Double

    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    package static func - (a: Point3, b: Point3) -> Point3 { Point3(x: a.x - b.x, y: a.y - b.y, z: a.z - b.z) }
    package static func * (a: Point3, k: Double) -> Point3 { Point3(x: a.x * k, y: a.y * k, z: a.z * k) }
    package func dot(_ o: Point3) -> Double { x * o.x + y * o.y + z * o.z }
    package func cross(_ o: Point3) -> Point3 { Point3(x: y * o.z - z * o.y, y: z * o.x - x * o.z, z: x * o.y - y * o.x) }
    package var length: Double { dot(self).squareRoot() }
    /// The point in the picture, depth dropped.
    package var flat: Point { Point(x: x, y: y) }
}

/// MediaPipe's 468-point face mesh of one face, in the pixels of the image it
/// was found in, with the network's face-presence score.
package struct FaceMesh: Sendable {
    package var points: [Point3]
    /// 0...1: how sure the network is that its crop holds a face, upright in the crop.
    package var presence: Double

    /// A mesh of `points` (468 for every property below to hold) with its presence score.
    package init(points: [Point3], presence: Double) {
        self.points = points
        self.presence = presence
    }

    // Mesh indices (MediaPipe's canonical face, named from the subject's point of view).
    /// Each eye's contour, the lids' edge all round (MediaPipe's `FACEMESH_RIGHT_EYE` and
    /// `FACEMESH_LEFT_EYE`): its mean is the eye's middle, where the pupil is when the eye looks
    /// ahead, so glasses sit on the pupils, not on the corners' line (issue #40).
    package static let rightEye = [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246]
    package static let leftEye = [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466]
    package static let noseTip = 1, rightMouth = 61, leftMouth = 291
    /// The cheeks' outer edges and the forehead's top and chin: in the
    /// canonical face the first pair lies along x and the second along y
    /// (within 1 degree), so they give the head's own axes.
    package static let rightCheek = 234, leftCheek = 454, forehead = 10, chin = 152

    /// The points stickers are placed by; nil unless `points` holds the whole mesh.
    package var shape: HeadShape? { HeadShape(mesh: points) }

    /// The five points stickers anchor on (`HeadShape.landmarks`).
    package var landmarks: Landmarks? { shape?.landmarks }
    /// How short the head looks along its eye line and height (`HeadShape.foreshortening`).
    package var foreshortening: (across: Double, up: Double, eyes: Double)? { shape?.foreshortening }
    /// The head's axes (`HeadShape.axes`).
    package var axes: (across: Point3, up: Point3)? { shape?.axes }
    /// The roll of the head's across axis in the picture, degrees clockwise.
    package var roll: Double? { shape?.roll }
    /// Yaw and pitch, with the roll taken out.
    package var pose: HeadPose? { shape?.pose }
}

/// The nine points of a face mesh that stickers are placed by, in 3-D: each eye's
/// middle (the mean of its contour), the nose tip, the mouth corners, the forehead's
/// top, the chin and the cheeks' outer edges. It is what the tracks file keeps of a
/// mesh, so that a redraw from it places stickers as the first run did (issue #40).
package struct HeadShape: Hashable, Sendable {
    package var rightEye: Point3, leftEye: Point3, noseTip: Point3, rightMouth: Point3, leftMouth: Point3
    package var forehead: Point3, chin: Point3, rightCheek: Point3, leftCheek: Point3

    /// The points in the order `init(points:)` takes them (the tracks file's `head`).
    package var points: [Point3] { [rightEye, leftEye, noseTip, rightMouth, leftMouth, forehead, chin, rightCheek, leftCheek] }

    /// From nine points in `points`' order; nil for any other count or a point not finite.
    package init?(points: [Point3]) {
        guard points.count == 9, points.allSatisfy({ $0.x.isFinite && $0.y.isFinite && $0.z.isFinite }) else { return nil }
        (rightEye, leftEye, noseTip, rightMouth, leftMouth) = (points[0], points[1], points[2], points[3], points[4])
        (forehead, chin, rightCheek, leftCheek) = (points[5], points[6], points[7], points[8])
    }

    /// From a whole mesh (468 points); nil otherwise.
    package init?(mesh points: [Point3]) {
        guard points.count == OpenCV.meshPointCount else { return nil }
        func mean(_ indices: [Int]) -> Point3 {
            let n = Double(indices.count)
            return Point3(x: indices.map { points[$0].x }.reduce(0, +) / n, y: indices.map { points[$0].y }.reduce(0, +) / n,
                          z: indices.map { points[$0].z }.reduce(0, +) / n)
        }
        self.init(points: [mean(FaceMesh.rightEye), mean(FaceMesh.leftEye), points[FaceMesh.noseTip],
                           points[FaceMesh.rightMouth], points[FaceMesh.leftMouth], points[FaceMesh.forehead],
                           points[FaceMesh.chin], points[FaceMesh.rightCheek], points[FaceMesh.leftCheek]])
    }

    /// Every point mapped.
    package func map(_ transform: (Point3) -> Point3) -> HeadShape {
        HeadShape(points: points.map(transform)) ?? self
    }

    /// The five points stickers anchor on, from the mesh: no false roll on
    /// profiles, and upside down when the head is.
    package var landmarks: Landmarks {
        Landmarks(rightEye: rightEye.flat, leftEye: leftEye.flat, noseTip: noseTip.flat,
                  rightMouth: rightMouth.flat, leftMouth: leftMouth.flat)
    }

    /// How short the head looks along its eye line and along its height
    /// (forehead to chin), each the length in the picture over the mesh's
    /// length in 3-D: 1 and 1 for a frontal face; the first falls as the head
    /// turns aside, the second as it nods. Also the mesh's 3-D eye distance.
    package var foreshortening: (across: Double, up: Double, eyes: Double)? {
        let eyes = leftEye - rightEye, height = forehead - chin
        guard eyes.length > 0, height.length > 0, eyes.length.isFinite, height.length.isFinite else { return nil }
        return (eyes.flat.distance(to: .zero) / eyes.length, height.flat.distance(to: .zero) / height.length, eyes.length)
    }

    /// The head's axes: across (subject's right to left) and up (chin to forehead), unit length and orthogonal.
    package var axes: (across: Point3, up: Point3)? {
        let across = leftCheek - rightCheek
        let rawUp = forehead - chin
        guard across.length > 0 else { return nil }
        let a = across * (1 / across.length)
        let up = rawUp - a * rawUp.dot(a)
        guard up.length > 0 else { return nil }
        return (a, up * (1 / up.length))
    }

    /// The roll of the head's across axis in the picture, degrees clockwise.
    package var roll: Double? {
        guard let a = axes?.across else { return nil }
        return atan2(a.y, a.x) * 180 / Double.pi
    }

    /// Yaw and pitch, with the roll taken out.
    package var pose: HeadPose? {
        guard let (a, up) = axes else { return nil } // the axes once (`roll` works them out again)
        let toward = a.cross(up), roll = atan2(a.y, a.x) * 180 / Double.pi // out of the face, -z when frontal
        let (s, c) = (sin(roll * Double.pi / 180), cos(roll * Double.pi / 180))
        let x = toward.x * c + toward.y * s, y = -toward.x * s + toward.y * c
        let degrees = { (v: Double) in asin(max(-1, min(1, v))) * 180 / Double.pi }
        return HeadPose(yaw: degrees(x), pitch: degrees(-y))
    }
}

/// Runs the face mesh on each face a detector found and, where the mesh is
/// sure of the face, takes its landmarks and head pose.
///
/// The crop, as MediaPipe makes its region of interest: a square `cropScale`
/// times the box's longer side, centred on the box and turned by the eye
/// line's roll, drawn at the network's 192x192. It is also tried turned a
/// further 180 degrees: detectors see an upside-down face as an upright one
/// (issue #20: scores 1.82 against 1.84), and the mesh's presence score tells
/// them apart; the higher presence wins. When the mesh's own roll is more
/// than `recropAbove` degrees off the crop's, the face is cropped again at the
/// mesh's roll (profiles, whose detector landmarks roll falsely).
///
/// Not safe to use from two threads at once (it owns a native network).
package final class FaceMesher {
    package static let cropScale = 1.5
    /// The presence a mesh needs before its landmarks and pose replace the detector's.
    package static let trustAbove = 0.5
    package static let recropAbove = 15.0

    private let handle: OpenCV.MeshHandle

    /// Loads `model` (default: the installed `face_landmark.onnx`, nil when there is none).
    package init?(model: String? = nil) throws {
        guard let model = model ?? ModelStore.defaultModel(named: ModelStore.meshFile) else { return nil }
        handle = try OpenCV.createMesh(model: model)
    }

    deinit { OpenCV.destroyMesh(handle) }

    /// A face's roll known from a moment ago (a video's key round), at a place
    /// in the picture: a face found there again is meshed only the way up that
    /// roll says, one crop instead of two.
    package struct KnownRoll: Hashable, Sendable {
        package var box: Rect
        package var roll: Double
    }

    /// `faces` with the mesh's landmarks and pose where the mesh is sure of them
    /// (presence at least `trustAbove`); faces without detector landmarks
    /// (Haar, whose boxes sit differently) are left as they are. A face on one of
    /// `known`'s boxes (IoU at least `FaceVerifier.matchIoU`) is cropped only
    /// the way up nearer its known roll. Only the faces whose box `meshes` accepts are meshed.
    package func meshed(_ faces: [Face], in image: RGBAImage, known: [KnownRoll] = [],
                        where meshes: (Rect) -> Bool = { _ in true }) throws -> [Face] {
        try faces.map { face in
            guard meshes(face.box) else { return face }
            let roll = known.first { $0.box.iou(face.box) >= FaceVerifier.matchIoU }?.roll
            guard face.landmarks != nil, let mesh = try mesh(of: face, in: image, knownRoll: roll) else { return face }
            return Self.face(face, taking: mesh) ?? face
        }
    }

    /// `face` with `mesh`'s landmarks, pose, outline and points, when the mesh is
    /// sure of it (presence at least `trustAbove`); nil when it is not.
    private static func face(_ face: Face, taking mesh: FaceMesh) -> Face? {
        guard mesh.presence >= trustAbove, let landmarks = mesh.landmarks, let pose = mesh.pose else { return nil }
        var meshed = face
        meshed.landmarks = landmarks
        meshed.pose = pose
        meshed.outline = ConvexPolygon(hullOf: mesh.points.map(\.flat))
        meshed.mesh = mesh.points
        return meshed
    }

    /// How far a followed face may have moved, as a fraction of its crop's side,
    /// or turned, in degrees, before it is cropped again where the mesh found it.
    package static let followRecropShift = 0.1

    /// `face`, found or followed a moment ago with its mesh (in `image`'s pixels,
    /// the previous frame's), followed into `image` as MediaPipe tracks a face
    /// between detections: the crop is made where the face was (its box, turned by
    /// its roll), the mesh run on it, and the box moved and scaled as the mesh
    /// moved (so it keeps the detector's shape around the face). When the face
    /// moved more than `followRecropShift` of the crop or turned more than
    /// `recropAbove` degrees, it is cropped again where the mesh found it. Nil when
    /// the face had no mesh, or the mesh is no longer sure of a face there: the
    /// face is lost and the detectors must look again.
    package func followed(_ face: Face, in image: RGBAImage) throws -> Face? {
        guard let before = face.mesh, before.count == OpenCV.meshPointCount, let roll = face.landmarks?.roll else {
            return nil
        }
        var crop = (box: face.box, roll: roll)
        var best: Face?
        for _ in 0..<2 {
            let side = max(crop.box.width, crop.box.height) * Self.cropScale
            guard side.isFinite, side >= 4, let mesh = try run(center: crop.box.center, side: side, degrees: crop.roll, in: image),
                  var next = Self.face(face, taking: mesh), let box = Self.moved(face.box, from: before, to: mesh.points),
                  let nextRoll = next.landmarks?.roll else { break }
            next.box = box
            best = next
            let shift = box.center.distance(to: crop.box.center) / side
            guard shift > Self.followRecropShift || Angle.between(nextRoll, crop.roll) > Self.recropAbove else { break }
            crop = (box, nextRoll)
        }
        return best
    }

    /// `box` moved and scaled as the mesh moved from `before` to `after` (in the
    /// picture: centroid, and root-mean-square spread about it).
    private static func moved(_ box: Rect, from before: [Point3], to after: [Point3]) -> Rect? {
        func spread(_ points: [Point3]) -> (center: Point, radius: Double) {
            let n = Double(max(1, points.count))
            let c = Point(x: points.map(\.x).reduce(0, +) / n, y: points.map(\.y).reduce(0, +) / n)
            let r = (points.map { ($0.x - c.x) * ($0.x - c.x) + ($0.y - c.y) * ($0.y - c.y) }.reduce(0, +) / n).squareRoot()
            return (c, r)
        }
        let (a, b) = (spread(before), spread(after))
        let scale = b.radius / a.radius
        guard a.radius > 0, scale.isFinite, scale > 0 else { return nil }
        let center = Point(x: b.center.x + (box.center.x - a.center.x) * scale,
                           y: b.center.y + (box.center.y - a.center.y) * scale)
        let (w, h) = (box.width * scale, box.height * scale)
        return Rect(x: center.x - w / 2, y: center.y - h / 2, width: w, height: h)
    }

    /// How much more presence the crop turned 180 degrees from the detector's roll
    /// needs than the crop at it before the face is taken for upside down (issue
    /// #40): on a profile both presences are near zero and the turned one may win
    /// by chance, which put crowns upside down on shoulders.
    package static let flipMargin = 0.25

    /// The best mesh of `face` in `image`: at the face's roll, or turned 180
    /// degrees from it (with a `knownRoll`, only the one of the two nearer it).
    /// The turned crop wins only with strong evidence: a presence the mesh trusts,
    /// `flipMargin` above the other crop's, and eyes where the detector put the
    /// mouth (a detector reads an upside-down face as an upright one, issue #20).
    package func mesh(of face: Face, in image: RGBAImage, knownRoll: Double? = nil) throws -> FaceMesh? {
        let side = max(face.box.width, face.box.height) * Self.cropScale
        guard side.isFinite, side >= 4 else { return nil }
        let roll = face.landmarks?.roll ?? 0
        if let knownRoll {
            let angle = Angle.between(roll, knownRoll) <= 90 ? roll : roll + 180
            return try run(center: face.box.center, side: side, degrees: angle, in: image)
                .map { try recropped($0, at: angle, face: face, side: side, in: image) }
        }
        let upright = try run(center: face.box.center, side: side, degrees: roll, in: image)
        let turned = try run(center: face.box.center, side: side, degrees: roll + 180, in: image)
        if let turned, turned.presence >= Self.trustAbove, turned.presence >= (upright?.presence ?? 0) + Self.flipMargin,
           Self.agreesTurned(turned, with: face.landmarks) {
            return try recropped(turned, at: roll + 180, face: face, side: side, in: image)
        }
        return try upright.map { try recropped($0, at: roll, face: face, side: side, in: image) }
    }

    /// Whether a mesh found upside down against the detector agrees with it: its
    /// eyes nearer the detector's mouth than the detector's eyes, and its mouth
    /// nearer the detector's eyes. Without detector landmarks there is nothing to disagree with.
    private static func agreesTurned(_ mesh: FaceMesh, with detector: Landmarks?) -> Bool {
        guard let detector else { return true }
        guard let seen = mesh.landmarks else { return false }
        return seen.eyeCenter.distance(to: detector.mouthCenter) < seen.eyeCenter.distance(to: detector.eyeCenter)
            && seen.mouthCenter.distance(to: detector.eyeCenter) < seen.mouthCenter.distance(to: detector.mouthCenter)
    }

    /// `mesh`, found in the crop turned by `angle`, or the face cropped again at the
    /// mesh's own roll when that is more than `recropAbove` degrees off and the mesh is
    /// surer there; never turned more than a quarter this way (that is the flip's decision).
    private func recropped(_ mesh: FaceMesh, at angle: Double, face: Face, side: Double, in image: RGBAImage) throws -> FaceMesh {
        var chosen = (mesh: mesh, angle: angle)
        if let meshRoll = chosen.mesh.roll, Angle.between(meshRoll, chosen.angle) > Self.recropAbove,
           Angle.between(meshRoll, chosen.angle) <= 90 {
            if let again = try run(center: face.box.center, side: side, degrees: meshRoll, in: image),
               again.presence > chosen.mesh.presence { chosen = (again, meshRoll) }
        }
        return chosen.mesh
    }

    /// The mesh of the square crop of `side` pixels centred on `center`, turned by `degrees`.
    private func run(center: Point, side: Double, degrees: Double, in image: RGBAImage) throws -> FaceMesh? {
        let input = Double(OpenCV.meshInputSize)
        let scale = side / input
        let cropToImage = Transform2D.translation(x: -input / 2, y: -input / 2)
            .concatenating(.scale(x: scale, y: scale))
            .concatenating(.rotation(degrees: degrees))
            .concatenating(.translation(x: center.x, y: center.y))
        guard let imageToCrop = cropToImage.inverted else { return nil }
        let crop = try OpenCV.warp(image, by: imageToCrop, width: OpenCV.meshInputSize, height: OpenCV.meshInputSize)
        let (values, presence) = try OpenCV.mesh(handle, in: crop)
        var points: [Point3] = []
        points.reserveCapacity(OpenCV.meshPointCount)
        for i in 0..<OpenCV.meshPointCount {
            let p = cropToImage.apply(to: Point(x: Double(values[3 * i]), y: Double(values[3 * i + 1])))
            points.append(Point3(x: p.x, y: p.y, z: Double(values[3 * i + 2]) * scale))
        }
        return FaceMesh(points: points, presence: presence)
    }
}
