import CFaceDetect
@testable import FaceSticker
import Foundation
import Testing

/// Issue #20: the 468-point face mesh (MediaPipe's face landmark model,
/// converted at set-up) gives faces their landmarks and head pose.
@Suite(Fixtures.needsMesh) struct FaceMeshTests {
    /// The astronaut, upright and as the product finds her.
    private static func astronaut() throws -> (image: RGBAImage, face: Face) {
        let image = try ImageFile.read(path: Fixtures.astronaut)
        let face = try #require(try Fixtures.detector(.centerface).detect(in: image).first)
        return (image, face)
    }

    @Test func theMeshOfTheAstronautHasEveryPointOnHerFace() throws {
        let (image, face) = try Self.astronaut()
        let mesher = try #require(try FaceMesher())
        let mesh = try #require(try mesher.mesh(of: face, in: image))
        #expect(mesh.points.count == 468)
        #expect(mesh.presence > 0.9, "presence \(mesh.presence)")
        let grown = Rect(x: face.box.x - 10, y: face.box.y - 10, width: face.box.width + 20, height: face.box.height + 20)
        let inside = mesh.points.filter { grown.contains($0.flat) }.count
        #expect(inside >= 460, "\(inside) of 468 points on her face")
        // She faces the camera: a small yaw, her head a little down.
        let pose = try #require(face.pose)
        #expect(abs(pose.yaw) < 10 && abs(pose.pitch) < 20, "\(pose)")
        let marks = try #require(face.landmarks)
        #expect(Fixtures.astronautFace.contains(marks.eyeCenter) && Fixtures.astronautFace.contains(marks.mouthCenter))
        #expect(abs(marks.roll) < 10, "roll \(marks.roll)")
    }

    /// Detectors see an upside-down face as an upright one; the mesh's presence on
    /// the crop and on the crop turned 180 degrees tells them apart, so the sticker
    /// is turned 180 degrees (+/- 15) and sits on her eyes. With every rotation pass
    /// off, the detector alone would give it upright.
    @Test(arguments: [RotationPolicy.none, .auto])
    func theAstronautUpsideDownGetsHerStickerTurned(rotations: RotationPolicy) throws {
        let (image, upright) = try Self.astronaut()
        let orientation = ExifOrientation(rotation: .clockwise180, mirrored: false)
        let turned = orientation.upright(image)
        let map = orientation.transform(storedSize: Size(width: Double(image.width), height: Double(image.height)))
        let sunglasses = try StickerLibrary.sticker(picture: Fixtures.sunglasses)
        let expected = map.apply(to: try #require(Sticker.Layout.placements(of: sunglasses, on: upright).first).center)
        var settings = Fixtures.settings(.centerface)
        settings.rotations = rotations
        let face = try #require(try FaceFinder(settings: settings).detect(in: turned).first)
        let placement = try #require(Sticker.Layout.placements(of: sunglasses, on: face).first)
        #expect(Angle.between(placement.angle, 180) <= 15, "sticker angle \(placement.angle)")
        #expect(placement.center.distance(to: expected) <= 0.1 * upright.box.width,
                "\(placement.center) vs \(expected), where the upright picture's sticker goes")
    }

    /// A head turned aside, and the same picture mirrored: the yaw changes sign.
    @Test(.enabled(if: Fixtures.hasShared(FaceMeshTests.turnedHead), "needs ../shared's WIDER dev photos"))
    func aMirroredPictureGivesTheOppositeYaw() throws {
        let image = try ImageFile.read(path: Fixtures.sharedPath(Self.turnedHead))
        let mirrored = ExifOrientation(rotation: .zero, mirrored: true).upright(image)
        let finder = try Fixtures.detector(.centerface)
        func yaw(_ picture: RGBAImage) throws -> Double {
            let faces = try finder.detect(in: picture).filter { $0.box.width > 60 }
            try #require(faces.count == 1, "\(faces.count) large faces")
            return try #require(faces[0].pose).yaw
        }
        let (left, right) = (try yaw(image), try yaw(mirrored))
        #expect(left < -15, "she turns to her right: yaw \(left)")
        #expect(right > 15, "mirrored, to her left: yaw \(right)")
        #expect(abs(left + right) < 6, "\(left) and \(right)")
    }

    /// A woman turned about 30 degrees to her right, in the WIDER dev split.
    static let turnedHead = "data/wider-dev/images/1--Handshaking/1_Handshaking_Handshaking_1_35.jpg"

    /// Pose maps with the picture: mirroring turns the yaw round, scaling keeps it.
    @Test func poseFollowsMirrorsAndScales() {
        let face = Face(box: Rect(x: 0, y: 0, width: 10, height: 10), score: 1, pose: HeadPose(yaw: 30, pitch: -5))
        #expect(Transform2D.scale(x: -1, y: 1).apply(to: face).pose == HeadPose(yaw: -30, pitch: -5))
        #expect(Transform2D.rotation(degrees: 90).apply(to: face).pose == HeadPose(yaw: 30, pitch: -5))
        #expect(face.scaled(x: 2, y: 3).pose == face.pose)
    }

    /// `detect --json` gives each face's pose; `--face-mesh off` leaves it out
    /// (null) and keeps the detector's own landmarks.
    @Test func detectPrintsThePose() throws {
        let on = try CLIRun(["detect", "--json", Fixtures.astronaut])
        #expect(on.status == 0, "\(on.stderr)")
        let face = try #require(Self.faces(on.stdout).first)
        let pose = try #require(face["pose"] as? [String: Double], "\(on.stdout)")
        #expect(Set(pose.keys) == ["yaw", "pitch", "roll"])
        #expect(abs(pose["roll"] ?? 99) < 10)
        let off = try CLIRun(["detect", "--json", "--face-mesh", "off", Fixtures.astronaut])
        #expect(off.status == 0, "\(off.stderr)")
        let plain = try #require(Self.faces(off.stdout).first)
        #expect(plain["pose"] is NSNull)
        #expect(plain["landmarks"] as? [[Double]] != face["landmarks"] as? [[Double]], "the mesh's landmarks differ from the detector's")
    }

    /// `--mesh` adds the 468 points, in the picture; without `--json` it is a usage error.
    @Test func detectPrintsTheMeshPoints() throws {
        let run = try CLIRun(["detect", "--json", "--mesh", Fixtures.astronaut])
        #expect(run.status == 0, "\(run.stderr)")
        let face = try #require(Self.faces(run.stdout).first)
        let mesh = try #require(face["mesh"] as? [[Double]])
        #expect(mesh.count == 468 && mesh.allSatisfy { $0.count == 3 })
        let box = Fixtures.astronautFace, grown = Rect(x: box.x - 10, y: box.y - 10, width: box.width + 20, height: box.height + 20)
        #expect(mesh.filter { grown.contains(Point(x: $0[0], y: $0[1])) }.count >= 460, "the points lie on her face")
        let plain = try CLIRun(["detect", "--mesh", Fixtures.astronaut])
        #expect(plain.status == 2)
        #expect(plain.stderr.contains("--mesh needs --json"))
        #expect(plain.stdout.isEmpty)
    }

    private static func faces(_ json: String) -> [[String: Any]] {
        let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return object?["faces"] as? [[String: Any]] ?? []
    }

    /// Issue #20: the mesh is a second judge. A man in a wide visor (WIDER dev
    /// split) scores under `--verify-below` and YuNet rejects him; the mesh is
    /// sure of his face, so he is kept. `--rescue-presence 1` turns the rescue off.
    @Test(.enabled(if: Fixtures.hasShared(FaceMeshTests.visor), "needs ../shared's WIDER dev photos"))
    func theMeshKeepsAFaceTheVerifierRejects() throws {
        let image = try ImageFile.read(path: Fixtures.sharedPath(Self.visor))
        let visor = Rect(x: 44, y: 64, width: 50, height: 92)
        func found(_ change: (inout DetectorSettings) -> Void) throws -> Bool {
            var settings = Fixtures.settings(.centerface)
            change(&settings)
            return try FaceFinder(settings: settings).detect(in: image).contains { $0.box.iou(visor) > 0.5 }
        }
        #expect(try found { _ in }, "kept by default")
        #expect(try !found { $0.rescuePresence = 1 }, "without the rescue the verifier drops him")
        #expect(try !found { $0.faceMesh = .off }, "without the mesh too")
    }

    static let visor = "data/wider-dev/images/3--Riot/3_Riot_Riot_3_488.jpg"

    /// A file that is not the mesh model is refused with its name and the reason.
    @Test func aFileThatIsNotTheModelIsNamed() throws {
        let dir = try TemporaryDirectory()
        let bogus = try dir.write("face_landmark.onnx", "not a network\n")
        #expect {
            _ = try FaceMesher(model: bogus)
        } throws: { error in
            "\(error)".contains(bogus)
        }
        // Another network, which loads but is not the face landmark model.
        let centerface = try #require(ModelStore.defaultModel(for: .centerface))
        #expect(throws: FaceStickerError.self) { _ = try FaceMesher(model: centerface) }
    }
}

/// The mesh's C calls refuse what they cannot run on, reading no pixel.
@Suite(Fixtures.needsMesh) struct FaceMeshCAPITests {
    @Test func theMeshRunsOnlyOnItsOwnSize() throws {
        let model = try #require(ModelStore.defaultModel(named: ModelStore.meshFile))
        var mesh: OpaquePointer?
        #expect(fd_mesh_create(model, &mesh) == FD_OK)
        defer { fd_mesh_destroy(mesh) }
        var points = [Float](repeating: 0, count: 3 * 468)
        var presence: Float = -1
        let pixels = [UInt8](repeating: 128, count: 100 * 100 * 3)
        let status = pixels.withUnsafeBufferPointer { data in
            var image = fd_image(data: data.baseAddress, width: 100, height: 100, stride: 300, format: FD_PIXEL_RGB8)
            return fd_mesh_run(mesh, &image, &points, Int32(points.count), &presence)
        }
        #expect(status == FD_ERR_INVALID_ARGUMENT)
        #expect(String(cString: fd_last_error()).contains("192x192"))
        #expect(presence == -1, "out_ pointers untouched on failure")
        fd_mesh_destroy(nil)
    }

    @Test func aWarpThatCannotBeInvertedIsRefused() {
        let pixels = [UInt8](repeating: 7, count: 4 * 4 * 4)
        var out = [UInt8](repeating: 0, count: 4 * 4 * 4)
        for matrix in [[0.0, 0, 0, 0, 0, 0], [1, 0, .nan, 0, 1, 0]] {
            let status = pixels.withUnsafeBufferPointer { data in
                var image = fd_image(data: data.baseAddress, width: 4, height: 4, stride: 16, format: FD_PIXEL_RGBA8)
                return fd_image_warp_affine(&image, matrix, &out, 4, 4, 16, Int64(out.count))
            }
            #expect(status == FD_ERR_INVALID_ARGUMENT, "\(matrix)")
        }
    }
}

/// Issue #20 section 6: faces of known pose (`PoseFixture`: the astronaut's face
/// textured onto her own mesh and turned in 3-D).
///
/// Measured (`make bench` prints the table): within 5 degrees of yaw and pitch up
/// to 15 degrees of yaw, and of pitch from 10 down to 25 up (her own head is
/// about 10 down); beyond that the mesh's yaw falls short of the truth (about 20
/// read for 30, 27 for 45, 33 for 60), so the "within 5 degrees up to 60"
/// is not met. What holds up to 60 degrees, and is tested: the sign, the order (a
/// face turned further reads further), and at least 0.45 of the turn.
@Suite(Fixtures.needsMesh) struct HeadPoseTests {
    static let near: [(yaw: Double, pitch: Double)] = [
        (0, 0), (10, 0), (-10, 0), (15, 0), (-15, 0), (0, 10), (0, 15), (0, 25), (0, -10), (10, 10), (-10, -5),
    ]

    /// The product's reading of a rendered pose, and the truth.
    static func read(yaw: Double, pitch: Double, mirrored: Bool = false) throws -> (read: HeadPose, truth: HeadPose) {
        let rendered = try #require(PoseFixture.turned(yaw: yaw, pitch: pitch))
        let image = mirrored ? ExifOrientation(rotation: .zero, mirrored: true).upright(rendered.image) : rendered.image
        let faces = try Fixtures.detector(.centerface).detect(in: image)
        try #require(faces.count == 1, "yaw \(yaw), pitch \(pitch): \(faces.count) faces")
        let pose = try #require(faces[0].pose, "yaw \(yaw), pitch \(pitch): no pose")
        return (pose, mirrored ? rendered.truth.mirrored : rendered.truth)
    }

    @Test(arguments: near)
    func aFaceTurnedALittleIsReadWithinFiveDegrees(yaw: Double, pitch: Double) throws {
        let (pose, truth) = try Self.read(yaw: yaw, pitch: pitch)
        #expect(abs(pose.yaw - truth.yaw) <= 5, "yaw \(pose.yaw) for \(truth.yaw)")
        #expect(abs(pose.pitch - truth.pitch) <= 5, "pitch \(pose.pitch) for \(truth.pitch)")
    }

    @Test(arguments: [1.0, -1.0])
    func aFaceTurnedFurtherReadsFurtherUpToSixtyDegrees(side: Double) throws {
        var last = 0.0
        for yaw in [15.0, 30, 45, 60] {
            let (pose, truth) = try Self.read(yaw: side * yaw, pitch: 0)
            #expect(side * pose.yaw > last, "\(side * yaw): read \(pose.yaw) after \(last)")
            #expect(abs(pose.yaw) >= 0.45 * abs(truth.yaw), "\(side * yaw): read \(pose.yaw) for \(truth.yaw)")
            #expect(abs(pose.pitch - truth.pitch) <= 10, "\(side * yaw): pitch \(pose.pitch) for \(truth.pitch)")
            last = side * pose.yaw
        }
    }

    /// The same turned face in a mirror reads the opposite yaw, the same pitch.
    @Test(arguments: [10.0, 30, 50])
    func aMirroredFaceReadsTheOppositeYaw(yaw: Double) throws {
        let (pose, _) = try Self.read(yaw: yaw, pitch: 0)
        let (mirrored, _) = try Self.read(yaw: yaw, pitch: 0, mirrored: true)
        #expect(abs(pose.yaw + mirrored.yaw) <= 3, "\(pose.yaw) and, mirrored, \(mirrored.yaw)")
        #expect(abs(pose.pitch - mirrored.pitch) <= 8, "\(pose.pitch) and, mirrored, \(mirrored.pitch)")
    }
}

/// Issue #20 section 3: on a turned face, no part of an eyes-anchored layer is drawn
/// outside the face mesh's outline by more than a tenth of the face width (without
/// the clip, part of the far lens would hang over the background).
@Suite(Fixtures.needsMesh) struct OutlineClipTests {
    static func check(_ image: RGBAImage, face: Face, bites: Bool) throws {
        let outline = try #require(face.outline, "the face has a mesh outline")
        let sunglasses = try StickerLibrary.sticker(picture: Fixtures.sunglasses)
        let placement = try #require(Sticker.Layout.placements(of: sunglasses, on: face).first)
        #expect(placement.clip != nil)
        let allowed = outline.grown(by: 0.1 * face.box.width)
        func outside(_ placement: Sticker.Placement) -> Int {
            var canvas = RGBAImage(width: image.width, height: image.height, fill: (0, 0, 0, 0))
            Compositor.draw(sunglasses.layers[0].art, at: placement, onto: &canvas)
            var count = 0
            for y in 0..<canvas.height {
                for x in 0..<canvas.width where canvas.pixels[(y * canvas.width + x) * 4 + 3] > 0 {
                    if !allowed.contains(Point(x: Double(x) + 0.5, y: Double(y) + 0.5)) { count += 1 }
                }
            }
            return count
        }
        #expect(outside(placement) == 0, "pixels drawn beyond the outline plus a tenth of the face")
        guard bites else { return }
        var unclipped = placement
        unclipped.clip = nil
        #expect(outside(unclipped) > 0, "unclipped, the far lens would reach past it: the check bites")
    }

    @Test(arguments: [45.0, -45, 60])
    func aTurnedFaceKeepsItsGlassesOnTheFace(yaw: Double) throws {
        let rendered = try #require(PoseFixture.turned(yaw: yaw, pitch: 0))
        let face = try #require(try Fixtures.detector(.centerface).detect(in: rendered.image).first)
        try Self.check(rendered.image, face: face, bites: true)
    }

    /// A man turned three-quarters in the WIDER dev photos: before the clip, the far lens
    /// hung past his nose (by less than the tenth this test allows).
    @Test(.enabled(if: Fixtures.hasShared(OutlineClipTests.threeQuarter), "needs ../shared's WIDER dev photos"))
    func aThreeQuarterFaceKeepsItsGlassesOnTheFace() throws {
        let image = try ImageFile.read(path: Fixtures.sharedPath(Self.threeQuarter))
        let face = try #require(try Fixtures.detector(.centerface).detect(in: image).first { $0.box.minX > 200 })
        try Self.check(image, face: face, bites: false)
    }

    static let threeQuarter = "data/wider-dev/images/1--Handshaking/1_Handshaking_Handshaking_1_313.jpg"

    /// Issue #20 section 3: a head turned aside gets narrower glasses, not smaller
    /// ones. With the art's aspect kept (as before), the height fell with the
    /// eye line seen: to 0.64 of the frontal height at 60 degrees.
    @Test(arguments: [45.0, -45, 60, -60])
    func aTurnedHeadGetsNarrowerGlassesNotSmallerOnes(yaw: Double) throws {
        let sunglasses = try StickerLibrary.sticker(picture: Fixtures.sunglasses)
        func placement(yaw: Double) throws -> Sticker.Placement {
            let rendered = try #require(PoseFixture.turned(yaw: yaw, pitch: 0))
            let face = try #require(try Fixtures.detector(.centerface).detect(in: rendered.image).first)
            return try #require(Sticker.Layout.placements(of: sunglasses, on: face).first)
        }
        let (frontal, turned) = (try placement(yaw: 0), try placement(yaw: yaw))
        let aspect = sunglasses.layers[0].art.aspectRatio
        #expect(abs(frontal.size.width / frontal.size.height / aspect - 1) < 0.03, "a frontal face keeps the art's aspect")
        let (width, height) = (turned.size.width / frontal.size.width, turned.size.height / frontal.size.height)
        #expect(width < 0.9, "\(yaw): width \(width) of the frontal one")
        #expect(height > 0.78, "\(yaw): height \(height) of the frontal one")
        #expect(height > 1.08 * width, "\(yaw): narrower, not smaller (width \(width), height \(height))")
    }

    /// Issue #20 section 3: a hat stands over the skull (`Sticker.Anchor.depth`), so on
    /// a head turned aside its depth moves it toward the back of the head instead of
    /// leaving it jutting off the forehead; on a frontal face depth shows nothing.
    /// Measured (the top hat against the same layer at depth 0, across the picture):
    /// 0.47-0.67 frontal eye distances at 45-60 degrees either way; 0.02 frontal.
    @Test(arguments: [45.0, -45, 60, -60])
    func aHatStandsOverTheSkullOfATurnedHead(yaw: Double) throws {
        let dir = try StickerFixtures.installed()
        let tophat = try StickerLibrary.load(manifestPath: dir.path("stickers.json")).sticker(named: "tophat")
        var flat = tophat.layers[0]
        flat.fit.depth = 0
        /// How far the hat's depth moves it across the picture, and the eye distance.
        func shift(yaw: Double) throws -> (x: Double, eyes: Double) {
            let rendered = try #require(PoseFixture.turned(yaw: yaw, pitch: 0))
            let face = try #require(try Fixtures.detector(.centerface).detect(in: rendered.image).first)
            let hat = Sticker.Layout.placement(of: tophat.layers[0], on: face)
            return (hat.center.x - Sticker.Layout.placement(of: flat, on: face).center.x, FacePose(face: face).eyeDistance)
        }
        let frontal = try shift(yaw: 0)
        #expect(abs(frontal.x) < 0.1 * frontal.eyes, "frontal: moved \(frontal.x) px")
        let turned = try shift(yaw: yaw)
        // The nose turns toward the picture's right for a positive yaw: the back of the head is to the left.
        #expect(-turned.x * (yaw > 0 ? 1 : -1) > 0.3 * frontal.eyes,
                "\(yaw): moved \(turned.x) px (eye distance \(frontal.eyes) frontal)")
    }

    /// Issue #20 section 3: on a head turned aside and nodding, the picture shows the eye
    /// line and the head's up axis at other than a right angle; art on the face leans
    /// with them (`Sticker.Placement.skew`) the way the turned head the picture was drawn
    /// from does, and a frontal face's art stays square. The mesh reads turns short (see
    /// HeadPoseTests), and so the lean: measured 15 for 23 degrees, -12 for -24, -3 for -7,
    /// -7 for -8, 6 for 5, 0 for 0; square art, as before, was off by all of it.
    @Test(arguments: [(0.0, 0.0), (40, -20), (-40, -20), (40, 15), (30, 25), (-30, 20)])
    func artOnATurnedNoddingHeadLeansWithIt(yaw: Double, pitch: Double) throws {
        let rendered = try #require(PoseFixture.turned(yaw: yaw, pitch: pitch))
        let face = try #require(try Fixtures.detector(.centerface).detect(in: rendered.image).first)
        let sunglasses = try StickerLibrary.sticker(picture: Fixtures.sunglasses)
        let placement = try #require(Sticker.Layout.placements(of: sunglasses, on: face).first)
        // The truth: the lean of the turned mesh's own up axis from square to its eye line.
        let truthMesh = rendered.mesh
        let up = try #require(truthMesh.axes).up
        let eyes = try #require(truthMesh.landmarks).across
        let square = Point(x: -eyes.y, y: eyes.x), seen = Point(x: -up.x, y: -up.y)
        let truth = atan2(square.x * seen.y - square.y * seen.x, square.x * seen.x + square.y * seen.y) * 180 / .pi
        let said = "yaw \(yaw), pitch \(pitch): skew \(placement.skew), truth \(truth)"
        #expect(abs(placement.skew - truth) <= 0.6 * abs(truth) + 1, "\(said): not 40% of the way from square")
        if abs(truth) > 3 { #expect(placement.skew * truth > 0, "\(said): leans the wrong way") }
        if yaw == 0 && pitch == 0 { #expect(abs(placement.skew) <= 2, "\(said)") }
    }

    /// Effects that hide a face cover the whole mesh outline, whatever its mask's shape.
    @Test(arguments: Anonymisation.MaskShape.allCases)
    func anEffectCoversTheOutline(shape: Anonymisation.MaskShape) throws {
        let rendered = try #require(PoseFixture.turned(yaw: 50, pitch: 10))
        let face = try #require(try Fixtures.detector(.centerface).detect(in: rendered.image).first)
        let outline = try #require(face.outline)
        let pose = FacePose(face: face)
        let region = Anonymisation.Mask(shape: shape, scale: 1).region(on: pose)
        for corner in outline.corners {
            let d = corner.offset(by: region.center, scale: -1)
            let u = (d.x * pose.across.x + d.y * pose.across.y) / (region.size.width / 2)
            let v = (d.x * pose.down.x + d.y * pose.down.y) / (region.size.height / 2)
            let inside = shape == .ellipse ? u * u + v * v <= 1 + 1e-9 : max(abs(u), abs(v)) <= 1 + 1e-9
            #expect(inside, "\(corner) outside the \(shape) region")
        }
    }
}
