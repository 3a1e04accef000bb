import FaceSticker
import Foundation
import Testing

/// Placement from landmarks (anchor, eye-distance scale, eye-line angle) and
/// from boxes alone, on hand-made faces whose answers are worked out by hand.
@Suite struct StickerLayoutTests {
    /// An upright face: eyes 40 px apart at y 100, box 80 x 100.
    static let upright = Face(
        box: Rect(x: 80, y: 60, width: 80, height: 100), score: 0.9,
        landmarks: Landmarks(rightEye: Point(x: 100, y: 100), leftEye: Point(x: 140, y: 100),
                             noseTip: Point(x: 120, y: 120), rightMouth: Point(x: 105, y: 140),
                             leftMouth: Point(x: 135, y: 140)))

    /// A 100 x 50 art layer (aspect 2).
    static func layer(_ fit: Sticker.Fit) -> Sticker.Layer {
        Sticker.Layer(art: StickerArt(RGBAImage(width: 100, height: 50, fill: (255, 0, 0, 255))), fit: fit)
    }

    /// `face` turned `degrees` clockwise about `pivot`.
    static func rolled(_ face: Face, by degrees: Double, about pivot: Point) -> Face {
        let r = degrees * Double.pi / 180
        let turn = { (p: Point) in
            Point(x: pivot.x + (p.x - pivot.x) * cos(r) - (p.y - pivot.y) * sin(r),
                  y: pivot.y + (p.x - pivot.x) * sin(r) + (p.y - pivot.y) * cos(r))
        }
        var out = face
        out.landmarks = face.landmarks?.map(turn)
        return out
    }

    static func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    @Test func eyesAnchorScaleAndAspect() {
        let placement = Sticker.Layout.placement(of: Self.layer(Sticker.Fit(anchor: .eyes, size: 2)), on: Self.upright)
        #expect(placement == Sticker.Placement(center: Point(x: 120, y: 100), size: Size(width: 80, height: 40), angle: 0))
    }

    @Test(arguments: [
        (Sticker.Anchor.eyes, Point(x: 120, y: 100)),
        (.betweenEyes, Point(x: 120, y: 100 - 40.0 / 3)),
        (.nose, Point(x: 120, y: 120)),
        (.mouth, Point(x: 120, y: 140)),
        (.face, Point(x: 120, y: 120)),
        // The art's bottom edge at 1.25 eye distances above the eyes: centre half its height (20) higher.
        (.aboveHead, Point(x: 120, y: 100 - 50 - 20)),
    ])
    func everyAnchor(anchor: Sticker.Anchor, center: Point) {
        let placement = Sticker.Layout.placement(of: Self.layer(Sticker.Fit(anchor: anchor, size: 2)), on: Self.upright)
        #expect(Self.close(placement.center, center), "\(anchor): \(placement.center)")
    }

    @Test(arguments: [-35.0, -10.0, 0.0, 20.0, 60.0])
    func angleAndOffsetFollowTheHeadRoll(degrees: Double) {
        let face = Self.rolled(Self.upright, by: degrees, about: Point(x: 120, y: 100))
        // Offset 0.5 eye distances down the face: 20 px along the turned "down".
        let fit = Sticker.Fit(anchor: .eyes, size: 2, offset: Point(x: 0, y: 0.5))
        let placement = Sticker.Layout.placement(of: Self.layer(fit), on: face)
        let r = degrees * Double.pi / 180
        #expect(abs(placement.angle - degrees) < 1e-9)
        #expect(Self.close(placement.center, Point(x: 120 - 20 * sin(r), y: 100 + 20 * cos(r))), "\(placement.center)")
        #expect(abs(placement.size.width - 80) < 1e-9, "the eye distance does not change with roll")
        var upright = fit
        upright.rotates = false
        #expect(Sticker.Layout.placement(of: Self.layer(upright), on: face).angle == 0)
    }

    @Test func mirroredLandmarksKeepTheFaceUpright() {
        // Through a mirror the subject's right eye lands on the image's right; the mouth still says which way is down.
        var face = Self.upright
        face.landmarks = Landmarks(rightEye: Point(x: 140, y: 100), leftEye: Point(x: 100, y: 100),
                                   noseTip: Point(x: 120, y: 120), rightMouth: Point(x: 135, y: 140),
                                   leftMouth: Point(x: 105, y: 140))
        let placement = Sticker.Layout.placement(of: Self.layer(Sticker.Fit(anchor: .aboveHead, size: 2)), on: face)
        #expect(abs(placement.angle) < 1e-9)
        #expect(Self.close(placement.center, Point(x: 120, y: 30)))
    }

    @Test func withoutLandmarksTheBoxGivesAnchorAndScale() {
        let haar = Face(box: Rect(x: 100, y: 50, width: 100, height: 100), score: 0.5)
        let eyes = Sticker.Layout.placement(of: Self.layer(Sticker.Fit(anchor: .eyes, size: 2)), on: haar)
        // Estimated eyes at 29% and 71% of the width, 40% down: 42 px apart, centred.
        #expect(Self.close(eyes.center, Point(x: 150, y: 90)))
        #expect(abs(eyes.size.width - 84) < 1e-9 && eyes.angle == 0)
        let wide = Sticker.Layout.placement(of: Self.layer(Sticker.Fit(anchor: .face, measure: .faceWidth, size: 1.5)),
                                           on: haar)
        #expect(abs(wide.size.width - 150) < 1e-9 && abs(wide.size.height - 75) < 1e-9)
        #expect(!FacePose(face: haar).isMeasured && FacePose(face: Self.upright).isMeasured)
    }

    @Test func brokenLandmarksFallBackToTheBox() {
        var face = Self.upright
        face.landmarks = Landmarks(rightEye: Point(x: .nan, y: 100), leftEye: Point(x: 140, y: 100),
                                   noseTip: .zero, rightMouth: .zero, leftMouth: .zero)
        let pose = FacePose(face: face)
        #expect(!pose.isMeasured)
        #expect(pose.angle == 0 && pose.eyeDistance.isFinite)
    }

    @Test func aFaceTurnedAsideKeepsAUsableSize() {
        // Eyes 20 px apart in an 80x100 box (turned aside): sizing uses 0.3 box widths = 24 px.
        var face = Self.upright
        face.landmarks?.leftEye = Point(x: 120, y: 100)
        #expect(FacePose(face: face).eyeDistance == 24)
        #expect(FacePose(face: face).turnedFar == nil)
        // Eyes 5 px apart (a profile, issue #40): sized as the frontal head of its height, 0.42 * 100 / 1.3.
        face.landmarks?.leftEye = Point(x: 105, y: 100)
        let profile = FacePose(face: face)
        #expect(abs(profile.eyeDistance - 0.42 * 100 / 1.3) < 1e-9)
        #expect(profile.turnedFar != nil && profile.angle == 0)
    }

    @Test func everyLayerIsPlaced() {
        let sticker = Sticker(name: "pair", layers: [
            Self.layer(Sticker.Fit(anchor: .eyes, size: 1, offset: Point(x: -0.5, y: 0))),
            Self.layer(Sticker.Fit(anchor: .eyes, size: 1, offset: Point(x: 0.5, y: 0))),
        ])
        let placements = Sticker.Layout.placements(of: sticker, on: Self.upright)
        #expect(placements.map(\.center) == [Point(x: 100, y: 100), Point(x: 140, y: 100)])
    }
}
