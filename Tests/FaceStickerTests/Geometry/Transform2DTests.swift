import FaceSticker
import Foundation
import Testing

@Suite struct Transform2DTests {
    let landmarks = Landmarks(rightEye: Point(x: 40, y: 50), leftEye: Point(x: 80, y: 52), noseTip: Point(x: 60, y: 70),
                              rightMouth: Point(x: 45, y: 90), leftMouth: Point(x: 75, y: 91))

    static func close(_ p: Point, _ q: Point, within tolerance: Double = 1e-9) -> Bool {
        p.distance(to: q) <= tolerance
    }

    @Test func concatenationAppliesSelfFirst() {
        let move = Transform2D.translation(x: 10, y: 0), double = Transform2D.scale(x: 2, y: 2)
        let p = Point(x: 1, y: 1)
        #expect(move.concatenating(double).apply(to: p) == Point(x: 22, y: 2))
        #expect(double.concatenating(move).apply(to: p) == Point(x: 12, y: 2))
    }

    @Test func rotationIsClockwiseOnScreenAndExactAtQuarterTurns() {
        #expect(Transform2D.rotation(degrees: 90).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: 1))
        #expect(Transform2D.rotation(degrees: -90).apply(to: Point(x: 1, y: 0)) == Point(x: 0, y: -1))
        #expect(Transform2D.rotation(degrees: 180).apply(to: Point(x: 3, y: 4)) == Point(x: -3, y: -4))
        let diagonal = Transform2D.rotation(degrees: 45).apply(to: Point(x: 1, y: 0))
        #expect(Self.close(diagonal, Point(x: 0.5.squareRoot(), y: 0.5.squareRoot())))
    }

    @Test(arguments: [
        Transform2D(a: 2, b: 0.5, c: -1, d: 3, tx: 7, ty: -4),
        Transform2D.rotation(degrees: 33).concatenating(.translation(x: 100, y: 5)),
        Transform2D.scale(x: -1, y: 1).concatenating(.translation(x: 640, y: 0)),
    ])
    func inverseUndoes(transform: Transform2D) throws {
        let inverse = try #require(transform.inverted)
        for p in [Point(x: 0, y: 0), Point(x: 123.4, y: -56.7), Point(x: 1920, y: 1080)] {
            #expect(Self.close(inverse.apply(to: transform.apply(to: p)), p))
        }
        let both = transform.concatenating(inverse)
        #expect(abs(both.a - 1) < 1e-12 && abs(both.b) < 1e-12 && abs(both.c) < 1e-12 && abs(both.d - 1) < 1e-12)
    }

    @Test func singularHasNoInverse() {
        #expect(Transform2D.scale(x: 0, y: 1).inverted == nil)
        #expect(Transform2D(a: 1, b: 2, c: 2, d: 4, tx: 0, ty: 0).inverted == nil)
        #expect(Transform2D.scale(x: .nan, y: 1).inverted == nil)
    }

    @Test func rectMapsToTheBoundingBoxOfItsCorners() {
        let r = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(Transform2D.scale(x: -1, y: 1).apply(to: r) == Rect(x: -40, y: 20, width: 30, height: 40))
        let turned = Transform2D.rotation(degrees: 45).apply(to: Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(abs(turned.width - 2 * 2.0.squareRoot()) < 1e-9)
        #expect(abs(turned.minX + 2.0.squareRoot()) < 1e-9 && abs(turned.minY) < 1e-9)
    }

    @Test func mirroringSwapsRightAndLeftLabels() {
        let mirror = Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 200, ty: 0)
        #expect(mirror.isMirroring)
        let mapped = mirror.apply(to: landmarks)
        // The subject's left eye, now on the image's left, is what a detector calls the right eye.
        #expect(mapped.rightEye == Point(x: 120, y: 52))
        #expect(mapped.leftEye == Point(x: 160, y: 50))
        #expect(mapped.rightMouth == Point(x: 125, y: 91))
        #expect(mapped.leftMouth == Point(x: 155, y: 90))
        #expect(mapped.noseTip == Point(x: 140, y: 70))
        #expect(mapped.rightEye.x < mapped.leftEye.x)
        #expect(mirror.apply(to: mapped) == landmarks)
    }

    @Test func turningKeepsLabels() {
        let turn = Transform2D.rotation(degrees: 90)
        #expect(!turn.isMirroring)
        #expect(turn.apply(to: landmarks) == landmarks.map(turn.apply(to:)))
    }

    @Test func faceKeepsItsScore() {
        let face = Face(box: Rect(x: 30, y: 40, width: 60, height: 70), score: 0.87, landmarks: landmarks)
        let mapped = Transform2D.scale(x: 2, y: 2).apply(to: face)
        #expect(mapped.score == 0.87)
        #expect(mapped.box == Rect(x: 60, y: 80, width: 120, height: 140))
        #expect(mapped.landmarks?.noseTip == Point(x: 120, y: 140))
        #expect(Transform2D.identity.apply(to: Face(box: face.box, score: 1)).landmarks == nil)
    }

    @Test(arguments: [0.0, 17.5, -40, 135])
    func placementTurnsScalesAndMirrors(angle: Double) {
        let placement = Sticker.Placement(center: Point(x: 50, y: 60), size: Size(width: 40, height: 20), angle: angle)

        let turned = Transform2D.rotation(degrees: 90).apply(to: placement)
        #expect(Self.close(turned.center, Point(x: -60, y: 50)))
        #expect(abs(Self.normalized(turned.angle - angle - 90)) < 1e-9)
        #expect(abs(turned.size.width - 40) < 1e-9 && abs(turned.size.height - 20) < 1e-9)

        let mirrored = Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 100, ty: 0).apply(to: placement)
        #expect(mirrored.center == Point(x: 50, y: 60))
        #expect(abs(Self.normalized(mirrored.angle + angle)) < 1e-9)

        let scaled = Transform2D.scale(x: 3, y: 3).apply(to: placement)
        #expect(abs(scaled.size.width - 120) < 1e-9 && abs(scaled.size.height - 60) < 1e-9)
        #expect(abs(Self.normalized(scaled.angle - angle)) < 1e-9)
        #expect(scaled.angle > -180 && scaled.angle <= 180)
    }

    @Test func stretchScalesEachSideAlongItsAxis() {
        let placement = Sticker.Placement(center: .zero, size: Size(width: 10, height: 10), angle: 0)
        let stretched = Transform2D.scale(x: 2, y: 0.5).apply(to: placement)
        #expect(stretched.size == Size(width: 20, height: 5))
        #expect(stretched.angle == 0)
    }

    /// A skewed placement is mapped as the parallelogram it is: every corner lands where
    /// the map takes it (turns, mirrors, stretches), and a square one under a stretch
    /// across its diagonal comes out skewed, as the stretched rectangle is.
    @Test(arguments: [(0.0, 20.0), (30, -15), (135, 40), (30, 0)])
    func skewedPlacementsMapCornerForCorner(angle: Double, skew: Double) {
        let placement = Sticker.Placement(center: Point(x: 50, y: 60), size: Size(width: 40, height: 20), angle: angle, skew: skew)
        func corners(_ p: Sticker.Placement) -> [Point] {
            let (across, down) = p.axes
            return [(-1.0, -1.0), (1, -1), (1, 1), (-1, 1)].map { u, v in
                Point(x: p.center.x + u * across.x * p.size.width / 2 + v * down.x * p.size.height / 2,
                      y: p.center.y + u * across.y * p.size.width / 2 + v * down.y * p.size.height / 2)
            }
        }
        // Stretches as the product meets them (non-square pixels, a preview's aspect): a strong
        // one can lean a side past `Placement.maxSkew`, which the placement then caps.
        let maps = [Transform2D.rotation(degrees: 90), Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 100, ty: 0),
                    Transform2D.scale(x: 1.25, y: 0.9), Transform2D.rotation(degrees: 25).concatenating(.scale(x: 1.3, y: 1))]
        for map in maps {
            let mapped = map.apply(to: placement)
            let want = corners(placement).map(map.apply(to:))
            // A mirror swaps which corner is the top-left: compare as sets.
            for corner in corners(mapped) {
                #expect(want.contains { Self.close($0, corner) }, "\(map): corner \(corner) not among \(want)")
            }
        }
        #expect(abs(Transform2D.rotation(degrees: 90).apply(to: placement).skew - skew) < 1e-9)
        #expect(abs(Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 100, ty: 0).apply(to: placement).skew + skew) < 1e-9)
    }

    /// The mirrored placement must agree with where the sticker belongs on the
    /// mirrored face: the angle from the mapped right eye to the mapped left eye.
    @Test func mirroredPlacementFollowsMirroredLandmarks() {
        let tilted = Landmarks(rightEye: Point(x: 40, y: 40), leftEye: Point(x: 80, y: 60), noseTip: Point(x: 58, y: 70),
                               rightMouth: Point(x: 40, y: 90), leftMouth: Point(x: 70, y: 100))
        let mirror = Transform2D(a: -1, b: 0, c: 0, d: 1, tx: 200, ty: 0)
        let placement = Sticker.Placement(center: tilted.eyeCenter, size: Size(width: 50, height: 20),
                                         angle: Self.eyeAngle(tilted))
        let mapped = mirror.apply(to: tilted)
        #expect(abs(mirror.apply(to: placement).angle - Self.eyeAngle(mapped)) < 1e-9)
        #expect(mirror.apply(to: placement).center == mapped.eyeCenter)
    }

    static func eyeAngle(_ l: Landmarks) -> Double {
        atan2(l.leftEye.y - l.rightEye.y, l.leftEye.x - l.rightEye.x) * 180 / .pi
    }

    static func normalized(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d > 180 { d -= 360 }
        if d <= -180 { d += 360 }
        return d
    }
}
