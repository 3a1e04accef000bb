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

    package init(face: Face) {
        box = face.box
        outline = face.outline
        var points = face.landmarks
        if let measured = points, !Self.usable(measured) { points = nil }
        landmarks = points ?? Self.estimatedLandmarks(in: face.box)
        isMeasured = points != nil
        across = landmarks.across
        down = Point(x: -across.y, y: across.x)
        angle = landmarks.roll
        faceWidth = max(0, abs(across.y) > abs(across.x) ? face.box.height : face.box.width)
        eyeDistance = max(landmarks.eyeDistance, 0.3 * faceWidth)
        let mesh = face.mesh.map { FaceMesh(points: $0, presence: 1) }
        if isMeasured, let mesh, let seen = mesh.foreshortening, let (headAcross, headUp) = mesh.axes {
            let real = max(eyeDistance, seen.eyes)
            downDistance = min(real * seen.up, Self.tallest * eyeDistance)
            let toward = headAcross.cross(headUp) // out of the face
            backward = Point(x: -toward.x * real, y: -toward.y * real)
            // The head's down axis in the picture; near end-on (a head nodding far) its direction says little.
            let seenDown = Point(x: -headUp.x, y: -headUp.y)
            let shown = seenDown.distance(to: .zero)
            lean = shown < Self.leanNeeds ? 0
                : atan2(down.x * seenDown.y - down.y * seenDown.x, down.x * seenDown.x + down.y * seenDown.y) * 180 / Double.pi
        } else {
            downDistance = eyeDistance
            backward = .zero
            lean = 0
        }
        let (cosine, sine) = Compositor.rotation(lean)
        headDown = lean == 0 ? down : Point(x: down.x * cosine - down.y * sine, y: down.x * sine + down.y * cosine)
    }

    /// The most `downDistance` may be, in eye distances: a head turned to a
    /// near profile keeps its stickers at most this much taller than the art.
    package static let tallest = 2.0
    /// How much of the head's up axis the picture must show (its length, 1 when the
    /// head does not nod) before `lean` reads its direction.
    package static let leanNeeds = 0.3

    /// Where `anchor` is on this face.
    package func point(_ anchor: Sticker.Anchor) -> Point {
        let eyes = landmarks.eyeCenter
        switch anchor {
        case .eyes: return eyes
        case .betweenEyes: return eyes.offset(by: headDown, scale: -downDistance / 3)
        case .nose: return landmarks.noseTip
        case .mouth: return landmarks.mouthCenter
        case .aboveHead: return eyes.offset(by: headDown, scale: -1.25 * downDistance)
        case .face: return eyes.midpoint(landmarks.mouthCenter)
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
