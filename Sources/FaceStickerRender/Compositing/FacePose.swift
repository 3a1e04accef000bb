import Foundation
import FaceStickerCore
import FaceStickerVision

/// A face as stickers see it: its landmarks (measured, or estimated from the
/// box for detectors without them), which way is across and up the face, and
/// how big it is.
package struct FacePose: Hashable, Sendable {
    /// The detector's landmarks, or ones estimated from the box.
    package let landmarks: Landmarks
    /// False when `landmarks` were estimated from the box (Haar).
    package let isMeasured: Bool
    package let box: Rect
    /// The face mesh's outline, where the face has one.
    package let outline: ConvexPolygon?
    /// Unit vector along the eye line, from the subject's right eye to the left eye.
    package let across: Point
    /// Unit vector down the face, from the eyes toward the mouth.
    package let down: Point
    /// The eye line's angle in degrees, clockwise (image y points down): the head's roll.
    package let angle: Double
    /// The face's width across its eye line, from the detector's box: detectors draw boxes
    /// upright in the picture, so a face turned more than 45 degrees either way (a photo
    /// turned a quarter) shows its width as the box's height. A photo turned 90 or 270
    /// degrees then gets the sizes of the upright one (issue #40).
    package let faceWidth: Double
    /// The eye distance used for sizing: never under 0.3 face widths, so a face
    /// turned aside does not shrink its stickers to nothing.
    package let eyeDistance: Double
    /// The eye distance as it shows along the face's down axis, for heights and
    /// offsets down the face: `eyeDistance` on a face without a mesh. On a head
    /// turned aside its eye line looks shorter but its height does not, so a
    /// sticker there is narrower, not smaller (issue #20): the head's real eye
    /// distance (the mesh's in 3-D) foreshortened by its nod.
    package let downDistance: Double
    /// Where a point one eye distance straight behind the eyes, into the head,
    /// shows in the picture, from the eyes: zero on a frontal face and on a face
    /// without a mesh; on a head turned aside it points toward the back of the head
    /// (a hat stands over the skull, not over the eyes: `Sticker.Fit.depth`).
    package let backward: Point
    /// How far the head's up axis, as the picture shows it, leans from square to
    /// the eye line, in degrees clockwise (`Sticker.Placement.skew`): 0 on a face
    /// without a mesh, and near 0 on a head only turned aside or only nodding; a head
    /// turned aside and nodding shows its eye line and its height at other than a right angle.
    package let lean: Double
    /// Unit vector down the head as the picture shows it: `down` turned by `lean`.
    /// Offsets down the face and the way to the top of the head follow it.
    package let headDown: Point
    /// Which way along `across` a head turned far aside looks (+1 toward the
    /// subject's left, -1 toward their right: where the nose points and the far
    /// eye hides), its near eye, and how far the rules below hold; nil for a head not
    /// turned far (issue #40). The mesh reads far turns short (60 degrees reads about
    /// 36), so from `turnedFarYaw` of yaw such a head is placed by rules that need no
    /// exact angle: the near lens of glasses on the near eye and the far one cut at the
    /// nose (`Sticker.Layout`), a hat over the back of the skull (`backward` as for a
    /// head in profile). A profile the mesh cannot read, whose detector eyes nearly
    /// meet (`profileEyes`), is turned far too: its eye line says nothing, so it keeps
    /// the picture's way up nearest its eyes-to-mouth direction, never upside down on a shoulder.
    package let turnedFar: TurnedFar?

    /// A head turned far aside: which way it looks along `across`, its near eye, and
    /// the share (0...1) of the near lens's and the hat's moves that hold: they take
    /// over over `turnedFarRamp` degrees of yaw, so a head whose reading wavers in a
    /// video does not make its stickers jump.
    package struct TurnedFar: Hashable, Sendable {
        package var facing: Double
        package var nearEye: Point
        package var weight: Double
    }

    package init(face: Face) {
        box = face.box
        outline = face.outline
        var points = face.landmarks
        if let measured = points, !Self.usable(measured) { points = nil }
        landmarks = points ?? Self.estimatedLandmarks(in: face.box)
        isMeasured = points != nil
        let head = face.head
        let profile = isMeasured && head == nil && Self.isProfile(landmarks, in: face.box)
        across = profile ? Self.uprightAcross(landmarks) : landmarks.across
        down = Point(x: -across.y, y: across.x)
        angle = atan2(across.y, across.x) * 180 / Double.pi
        // A profile's box is narrower than the head seen from the front: it is sized by its height.
        let (boxAcross, boxDown) = abs(across.y) > abs(across.x) ? (face.box.height, face.box.width) : (face.box.width, face.box.height)
        faceWidth = max(0, profile ? boxDown / Self.heightPerWidth : boxAcross)
        eyeDistance = profile ? Self.eyesPerWidth * faceWidth : max(landmarks.eyeDistance, 0.3 * faceWidth)
        var far: TurnedFar?
        if profile {
            // The nose's offset from the box's middle tells the side it looks to.
            let nose = landmarks.noseTip.offset(by: face.box.center, scale: -1)
            far = TurnedFar(facing: nose.x * across.x + nose.y * across.y >= 0 ? 1 : -1, nearEye: landmarks.eyeCenter, weight: 1)
        } else if let yaw = face.pose?.yaw, abs(yaw) >= Self.turnedFarYaw {
            let weight = min(1, (abs(yaw) - Self.turnedFarYaw) / Self.turnedFarRamp)
            far = TurnedFar(facing: yaw > 0 ? 1 : -1, nearEye: yaw > 0 ? landmarks.rightEye : landmarks.leftEye, weight: weight)
        }
        turnedFar = far
        if isMeasured, let head, let seen = head.foreshortening, let (headAcross, headUp) = head.axes {
            let real = max(eyeDistance, seen.eyes)
            downDistance = min(real * seen.up, Self.tallest * eyeDistance)
            let toward = headAcross.cross(headUp) // out of the face
            var back = Point(x: -toward.x * real, y: -toward.y * real)
            if let far {
                // Turned far: one eye distance into the head shows as a whole one across the picture
                // (a profile's), whatever the mesh's short yaw says; the nod's share is kept.
                let along = back.x * across.x + back.y * across.y
                back = back.offset(by: across, scale: far.weight * (-far.facing * real - along))
            }
            backward = back
            // The head's down axis in the picture; near end-on (a head nodding far) its direction says little.
            let seenDown = Point(x: -headUp.x, y: -headUp.y)
            let shown = seenDown.distance(to: .zero)
            lean = shown < Self.leanNeeds ? 0
                : atan2(down.x * seenDown.y - down.y * seenDown.x, down.x * seenDown.x + down.y * seenDown.y) * 180 / Double.pi
        } else if let far {
            // A profile without a mesh: sized as the frontal head of its height, one eye distance deep seen whole.
            downDistance = eyeDistance
            backward = Point(x: -far.facing * across.x * eyeDistance, y: -far.facing * across.y * eyeDistance)
            lean = 0
        } else {
            downDistance = eyeDistance
            backward = .zero
            lean = 0
        }
        let (cosine, sine) = Compositor.rotation(lean)
        headDown = lean == 0 ? down : Point(x: down.x * cosine - down.y * sine, y: down.x * sine + down.y * cosine)
    }

    /// The yaw, in the mesh's degrees, from which a head counts as turned far
    /// (`turnedFar`). The mesh reads far turns short, by how much depends on the head: the
    /// astronaut on MediaPipe's canonical face reads 25 for 45 degrees, 33 for 55 and 36
    /// for 60 (`PoseImages`); dev-split men in near profile read 41-53. No reading tells
    /// 45 from 60, so the rules past this need no exact angle. From here the far lens is
    /// cut at the nose; the near lens's and the hat's moves take over over the next
    /// `turnedFarRamp` degrees (all from 45), so a reading that wavers does not make them jump.
    package static let turnedFarYaw = 35.0, turnedFarRamp = 10.0
    /// A face without a mesh whose detector eyes are closer than this share of its
    /// box's shorter side is a profile. Measured on the dev split: faces the mesh reads
    /// start at 0.26; of the rest, 5% lie below 0.14 and 10% below 0.2, nearly all
    /// profiles; between 0.2 and 0.25 are three-quarter faces whose two lenses fit better.
    package static let profileEyes = 0.2
    /// A frontal face's box: about 1.3 times as high as wide, its eyes 0.42 of its
    /// width apart (what `estimatedLandmarks` places); a profile is sized by them.
    package static let heightPerWidth = 1.3, eyesPerWidth = 0.42

    /// Whether `landmarks` are a profile's: the eyes nearly meet.
    private static func isProfile(_ landmarks: Landmarks, in box: Rect) -> Bool {
        landmarks.eyeDistance < profileEyes * min(box.width, box.height)
    }

    /// Across a profile's face, the picture's way up nearest its eyes-to-mouth
    /// direction: right, down, left or up the picture.
    private static func uprightAcross(_ landmarks: Landmarks) -> Point {
        let d = landmarks.mouthCenter.offset(by: landmarks.eyeCenter, scale: -1)
        let down = abs(d.y) >= abs(d.x) ? Point(x: 0, y: d.y >= 0 ? 1 : -1) : Point(x: d.x >= 0 ? 1 : -1, y: 0)
        return Point(x: down.y, y: -down.x)
    }

    /// The most `downDistance` may be, in eye distances: a head turned to a
    /// near profile keeps its stickers at most this much taller than the art.
    package static let tallest = 2.0
    /// How much of the head's up axis the picture must show (its length, 1 when the
    /// head does not nod) before `lean` reads its direction.
    package static let leanNeeds = 0.3

    /// Where `anchor` is on this face.
    package func point(_ anchor: Sticker.Anchor) -> Point {
        // Turned far: glasses' near lens on the near eye (the art is drawn one eye distance wide between lenses).
        let center = landmarks.eyeCenter
        let eyes = turnedFar.map { far in
            let lens = far.nearEye.offset(by: across, scale: far.facing * eyeDistance / 2)
            return center.offset(by: lens.offset(by: center, scale: -1), scale: far.weight)
        } ?? center
        switch anchor {
        case .aboveHead: return center.offset(by: headDown, scale: -1.25 * downDistance)
        case .eyes: return eyes
        case .betweenEyes: return eyes.offset(by: headDown, scale: -downDistance / 3)
        case .nose: return landmarks.noseTip
        case .mouth: return landmarks.mouthCenter
        case .face: return center.midpoint(landmarks.mouthCenter)
        }
    }

    /// The length `measure` names on this face, in pixels.
    package func length(_ measure: Sticker.Measure) -> Double {
        switch measure {
        case .eyeDistance: return eyeDistance
        case .faceWidth: return faceWidth > 0 ? faceWidth : 2.2 * eyeDistance
        }
    }

    /// Landmarks where an upright frontal face's usually are in its box, for
    /// detectors that give none (measured on Haar boxes against YuNet's landmarks).
    package static func estimatedLandmarks(in box: Rect) -> Landmarks {
        func at(_ fx: Double, _ fy: Double) -> Point { Point(x: box.x + fx * box.width, y: box.y + fy * box.height) }
        return Landmarks(rightEye: at(0.29, 0.40), leftEye: at(0.71, 0.40), noseTip: at(0.5, 0.62),
                         rightMouth: at(0.33, 0.80), leftMouth: at(0.67, 0.80))
    }

    /// Finite, with the eyes apart.
    private static func usable(_ landmarks: Landmarks) -> Bool {
        landmarks.points.allSatisfy { $0.x.isFinite && $0.y.isFinite } && landmarks.eyeDistance > 0.5
    }
}
