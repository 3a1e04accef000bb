import FaceSticker
import Foundation
import Testing

/// Whole frames: which face gets which sticker, filters, and the astronaut
/// golden, computed from the detector's landmarks instead of stored.
@Suite struct StickerRendererTests {
    static func face(x: Double) -> Face {
        Face(box: Rect(x: x, y: 20, width: 40, height: 50), score: 1)
    }

    static func sticker(_ name: String) -> Sticker {
        Sticker(name: name, art: RGBAImage(width: 4, height: 4, fill: (255, 0, 0, 255)),
                fit: Sticker.Fit(anchor: .face, measure: .faceWidth, size: 1))
    }

    @Test func cycleGivesSuccessiveFacesSuccessiveStickersLeftToRight() {
        let faces = [Self.face(x: 200), Self.face(x: 10), Self.face(x: 100)]
        let renderer = StickerRenderer(stickers: [Self.sticker("a"), Self.sticker("b")], assignment: .cycle)
        #expect(renderer.stickers(for: faces).map { $0.map(\.name) } == [["a"], ["a"], ["b"]])
        let all = StickerRenderer(stickers: [Self.sticker("a"), Self.sticker("b")])
        #expect(all.stickers(for: faces).map { $0.map(\.name) } == Array(repeating: ["a", "b"], count: 3))
    }

    @Test func filtersApplyWithoutFacesAndStickersStayUnfiltered() throws {
        let filters = try FilterChain(specs: ["mono"])
        var frame = RGBAImage(width: 100, height: 100, fill: (200, 40, 40, 255))
        StickerRenderer(stickers: [Self.sticker("a")], filters: filters).render(&frame, faces: [])
        let grey = frame[50, 50]
        #expect(grey.0 == grey.1 && grey.1 == grey.2, "filtered: \(grey)")
        var withFace = RGBAImage(width: 100, height: 100, fill: (200, 40, 40, 255))
        StickerRenderer(stickers: [Self.sticker("a")], filters: filters).render(&withFace, faces: [Self.face(x: 30)])
        #expect(withFace[50, 45] == (255, 0, 0, 255), "the sticker is drawn after the filter")
    }

    @Test func debugDrawsBoxAndLandmarks() {
        var frame = RGBAImage(width: 100, height: 100, fill: (0, 0, 0, 255))
        StickerRenderer(stickers: [], debug: true).render(&frame, faces: [Self.face(x: 30)])
        #expect(frame[30, 45] == (0, 255, 0, 255), "the box's left edge is green")
        // Estimated landmarks get hollow rings: some pixel within 3 px of the eye is marked.
        let eye = FacePose(face: Self.face(x: 30)).landmarks.rightEye
        let near = (-3...3).flatMap { dy in (-3...3).map { dx in frame[Int(eye.x) + dx, Int(eye.y) + dy] } }
        #expect(near.contains { $0.1 > 0 && $0.2 > 0 }, "a cyan eye mark")
    }

    /// The golden test: sunglasses and a top hat on astronaut.png with YuNet.
    /// Tolerance: the art's opaque middle must equal its colour within 2 levels per channel
    /// at both eye landmarks, and the glasses change nothing outside their placement's
    /// bounds (+1 px); the hat changes no pixel below the box top or outside the box
    /// widened by 25% each side, and its lowest pixel is within a quarter box height of the top.
    @Test(Fixtures.needsYuNet) func astronautGetsSunglassesOnTheEyesAndAHatOnTheHead() throws {
        let dir = try StickerFixtures.installed()
        let library = try StickerLibrary.load(manifestPath: dir.path("stickers.json"))
        let photo = try ImageFile.read(path: Fixtures.astronaut)
        let faces = try Fixtures.detector(.yunet).detect(in: photo)
        let face = try #require(faces.first)
        let landmarks = try #require(face.landmarks)
        #expect(faces.count == 1)

        let sunglasses = try library.sticker(named: "sunglasses")
        var glassesOnly = photo
        StickerRenderer(stickers: [sunglasses]).render(&glassesOnly, faces: faces)
        // Twemoji's sunglasses are #31373D.
        for eye in [landmarks.rightEye, landmarks.leftEye] {
            let p = glassesOnly[Int(eye.x), Int(eye.y)]
            let off = max(abs(Int(p.0) - 0x31), abs(Int(p.1) - 0x37), abs(Int(p.2) - 0x3D))
            #expect(off <= 2, "eye at \(eye) shows \(p)")
        }
        let glassesBounds = Compositor.bounds(of: Sticker.Layout.placements(of: sunglasses, on: face)[0])
        #expect(changed(photo, glassesOnly).allSatisfy { glassesBounds.insetBy(-1).contains($0) })

        let hat = try library.sticker(named: "tophat")
        var hatOnly = photo
        StickerRenderer(stickers: [hat]).render(&hatOnly, faces: faces)
        let hatPixels = changed(photo, hatOnly)
        #expect(hatPixels.count > 2000, "a visible hat: \(hatPixels.count) pixels")
        #expect(hatPixels.allSatisfy { $0.y < face.box.minY }, "the hat sits above the box top")
        let margin = face.box.width * 0.25
        #expect(hatPixels.allSatisfy { $0.x > face.box.minX - margin && $0.x < face.box.maxX + margin })
        let lowest = hatPixels.map(\.y).max() ?? 0
        #expect(lowest > face.box.minY - 0.25 * face.box.height, "resting on the head, not floating: \(lowest)")

        var both = photo
        StickerRenderer(stickers: [sunglasses, hat]).render(&both, faces: faces)
        try ImageFile.write(both, to: dir.path("astronaut-golden.png"))
        #expect(try ImageFile.read(path: dir.path("astronaut-golden.png")) == both)
    }

    /// Pixel centres where `b` differs from `a`.
    func changed(_ a: RGBAImage, _ b: RGBAImage) -> [Point] {
        var out: [Point] = []
        a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                for i in Swift.stride(from: 0, to: pa.count, by: 4)
                where pa[i] != pb[i] || pa[i + 1] != pb[i + 1] || pa[i + 2] != pb[i + 2] {
                    let pixel = i / 4
                    out.append(Point(x: Double(pixel % a.width) + 0.5, y: Double(pixel / a.width) + 0.5))
                }
            }
        }
        return out
    }
}

extension Rect {
    /// Grown by `-amount` on every side (negative insets grow).
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
    }
}
