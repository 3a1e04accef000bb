import FaceSticker
import Foundation
import Testing

/// `--sticker blur[:STRENGTH]`, `pixelate[:BLOCKS]`, `solid[:#RRGGBB]` and the mask options.
@Suite struct EffectSpecTests {
    @Test(arguments: [
        ("blur", Anonymisation.Kind.blur(strength: Anonymisation.Effect.defaultStrength)),
        ("blur:20", .blur(strength: 20)),
        ("BLUR:1.5", .blur(strength: 1.5)),
        ("pixelate", .pixelate(blocks: Anonymisation.Effect.defaultBlocks)),
        ("pixelate:12", .pixelate(blocks: 12)),
        ("solid", .solid(red: 0, green: 0, blue: 0)),
        ("solid:#ff8000", .solid(red: 255, green: 128, blue: 0)),
        ("solid:0A0b0C", .solid(red: 10, green: 11, blue: 12)),
    ])
    func goodSpecsParse(spec: String, kind: Anonymisation.Kind) throws {
        let effect = try #require(try Anonymisation.Effect.parse(spec))
        #expect(effect.kind == kind)
        #expect(effect.mask == Anonymisation.Mask())
        // The name it is written as reads back as the same effect.
        #expect(try Anonymisation.Effect.parse(effect.name)?.kind == kind)
    }

    /// Names that are no effect's are left to the sticker library (manifest, picture file).
    @Test(arguments: ["sunglasses", "blurry", "art/blur.png", "./blur", "pixel", ""])
    func otherNamesAreNoEffect(spec: String) throws {
        #expect(try Anonymisation.Effect.parse(spec) == nil)
    }

    /// Each bad value is one message naming the spec and the value.
    @Test(arguments: [
        ("blur:0", "strength 0 is outside 1...50"),
        ("blur:51", "strength 51 is outside 1...50"),
        ("blur:abc", "strength \"abc\" is not a number"),
        ("blur:", "strength \"\" is not a number"),
        ("blur:nan", "strength \"nan\" is not a number"),
        ("pixelate:1", "block count 1 is outside 2...64"),
        ("pixelate:65", "block count 65 is outside 2...64"),
        ("pixelate:4.5", "block count \"4.5\" is not a whole number"),
        ("solid:#12345", "colour \"#12345\" is not #RRGGBB"),
        ("solid:red", "colour \"red\" is not #RRGGBB"),
        ("solid:#gg0000", "colour \"#gg0000\" is not #RRGGBB"),
        ("solid:#+12345", "colour \"#+12345\" is not #RRGGBB"),
    ])
    func badValuesAreNamed(spec: String, message: String) {
        #expect {
            _ = try Anonymisation.Effect.parse(spec)
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("sticker \(spec): ") && text.contains(message)
        }
    }

    @Test(arguments: [("1.3", 1.3), ("0.5", 0.5), ("4", 4.0), (" 2 ", 2.0)])
    func maskScaleParses(text: String, value: Double) throws {
        #expect(try Anonymisation.Mask.parseScale(text) == value)
    }

    @Test(arguments: ["0.4", "4.01", "x", "", "inf", "nan", "-1"])
    func badMaskScaleIsNamed(text: String) {
        #expect {
            _ = try Anonymisation.Mask.parseScale(text)
        } throws: { error in
            "\(error)".hasPrefix("maskScale: ") && (text.isEmpty || "\(error)".contains(text))
        }
    }

    @Test func maskShapeParses() throws {
        #expect(try Anonymisation.Mask.parseShape("ellipse") == .ellipse)
        #expect(try Anonymisation.Mask.parseShape("Box") == .box)
        #expect { _ = try Anonymisation.Mask.parseShape("circle") } throws: { error in
            "\(error)" == "maskShape: unknown shape \"circle\" (ellipse, box)"
        }
    }

    /// The library resolves effects where it resolves sticker names, before
    /// any file: no file is read for them, and a mask can be set afterwards.
    @Test func libraryResolvesEffects() throws {
        let library = StickerLibrary(manifest: nil)
        let stickers = try library.stickers(named: ["blur:12", "solid:#ffffff"])
        #expect(stickers.map(\.name) == ["blur:12", "solid:#ffffff"])
        #expect(stickers.allSatisfy { $0.isEffect })
        #expect(library.files(of: "pixelate").isEmpty)
        let masked = stickers[0].withMask(Anonymisation.Mask(shape: .box, scale: 2))
        #expect(masked.layers[0].effect?.mask == Anonymisation.Mask(shape: .box, scale: 2))
        #expect {
            _ = try library.stickers(named: ["blur:99"])
        } throws: { error in
            "\(error)" == "sticker blur:99: strength 99 is outside 1...50"
        }
    }

    /// The region covers the head: the box grown by the scale, at least 0.85 as wide as
    /// tall, reaching a fifth of the box's height further toward the crown, turned with the
    /// face (a face lying on its side has the box's width as its height).
    @Test(arguments: [(1.0, 0.0), (1.3, 0.0), (2.0, 0.0), (1.8, 90.0), (1.8, -90.0), (1.8, 180.0)])
    func regionCoversTheHead(scale: Double, roll: Double) {
        let box = Rect(x: 100, y: 50, width: 80, height: 100)
        // Upright landmarks, turned by `roll` about the box's centre.
        let upright = FacePose.estimatedLandmarks(in: box)
        let radians = roll * Double.pi / 180
        let c = (cos(radians) * 1e9).rounded() / 1e9, s = (sin(radians) * 1e9).rounded() / 1e9
        let centre = box.center
        func turn(_ p: Point) -> Point {
            let dx = p.x - centre.x, dy = p.y - centre.y
            return Point(x: centre.x + dx * c - dy * s, y: centre.y + dx * s + dy * c)
        }
        let turned = Landmarks(points: upright.points.map(turn))
        let turnedBox = abs(s) > abs(c) ? Rect(x: 90, y: 60, width: 100, height: 80) : box
        let face = Face(box: turnedBox, score: 1, landmarks: turned)
        let pose = FacePose(face: face)
        let region = Anonymisation.Mask(scale: scale).region(on: pose)
        let reach = Anonymisation.Mask.crownReach * 100
        // The centre moves half the reach toward the crown: up the face, whichever way it lies.
        #expect(abs(region.center.x - (140 + s * reach / 2)) < 1e-6)
        #expect(abs(region.center.y - (100 - c * reach / 2)) < 1e-6)
        #expect(abs(region.size.width - 85 * scale) < 1e-6, "80 wide, but at least 0.85 of 100")
        #expect(abs(region.size.height - (100 * scale + reach)) < 1e-6)
        let angleError = abs(region.angle - roll).truncatingRemainder(dividingBy: 360)
        #expect(angleError < 1e-6)
        let layer = Sticker.Layer(effect: Anonymisation.Effect(.blur(strength: 8), mask: Anonymisation.Mask(scale: scale)))
        #expect(Sticker.Layout.placement(of: layer, on: face) == region)
    }

    /// A small face (under 32 px wide) gets at most 1.5 as its margin: it has less hair and outline
    /// to cover, and most small candidates of the recall profile are not faces.
    @Test(arguments: [(31.0, 1.8, 1.5), (31.0, 1.0, 1.0), (32.0, 1.8, 1.8), (20.0, 3.0, 1.5)])
    func smallFacesGetANarrowMargin(width: Double, scale: Double, used: Double) {
        let face = Face(box: Rect(x: 10, y: 10, width: width, height: width), score: 1)
        let region = Anonymisation.Mask(scale: scale).region(on: FacePose(face: face))
        #expect(abs(region.size.width - width * used) < 1e-9, "\(region)")
    }

    /// The face's whole box stays inside the region's solid part (before the feather) at the default scale.
    @Test func theDefaultRegionHidesTheWholeBox() {
        let face = Face(box: Rect(x: 100, y: 50, width: 80, height: 100), score: 1)
        let region = Anonymisation.Mask().region(on: FacePose(face: face))
        for corner in [Point(x: 100, y: 50), Point(x: 180, y: 50), Point(x: 100, y: 150), Point(x: 180, y: 150)] {
            let u = (corner.x - region.center.x) / (region.size.width / 2)
            let v = (corner.y - region.center.y) / (region.size.height / 2)
            #expect((u * u + v * v).squareRoot() < 1 - Anonymisation.Mask.feather, "corner \(corner)")
        }
    }

    /// A wide blur runs on a shrunk copy (`Anonymisation.blurStep`), read back bilinearly: on
    /// the astronaut's face, at the default strength and at a narrow one (which runs full
    /// size), it differs from the full-size blur by under one level of 255 on average and by
    /// at most a few anywhere.
    @Test(arguments: [Anonymisation.Effect.defaultStrength, 20, 3])
    func theShrunkBlurMatchesTheFullOne(strength: Double) throws {
        let photo = try ImageFile.read(path: Fixtures.astronaut)
        let face = Face(box: Fixtures.astronautFace, score: 1)
        let region = Anonymisation.Mask().region(on: FacePose(face: face))
        let area = try #require(Area(region: region, scale: 1, shape: .ellipse, width: photo.width, height: photo.height))
        let sigma = strength / 100 * area.regionWidth
        func blurred(step: Int?) -> [UInt8] {
            var pixels = photo.pixels
            pixels.withUnsafeMutableBufferPointer { samples in
                for channel in 0..<3 {
                    Anonymisation.blur(Plane(samples: samples, offset: channel, width: photo.width, height: photo.height,
                                             rowStride: photo.width * 4, pixelStride: 4), area: area, sigma: sigma, step: step)
                }
            }
            return pixels
        }
        if strength >= 20 { #expect(Anonymisation.blurStep(sigma: sigma) >= 4, "sigma \(sigma)") }
        let (full, shrunk) = (blurred(step: 1), blurred(step: nil))
        let differences = zip(full, shrunk).map { abs(Int($0) - Int($1)) }
        let mean = Double(differences.reduce(0, +)) / Double(differences.count)
        #expect(full != photo.pixels)
        #expect(differences.max() ?? 0 <= 4 && mean < 0.1, "max \(differences.max() ?? 0), mean \(mean)")
    }
}
