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
            return text.hasPrefix("--sticker \(spec): ") && text.contains(message)
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
            "\(error)".hasPrefix("--mask-scale: ") && (text.isEmpty || "\(error)".contains(text))
        }
    }

    @Test func maskShapeParses() throws {
        #expect(try Anonymisation.Mask.parseShape("ellipse") == .ellipse)
        #expect(try Anonymisation.Mask.parseShape("Box") == .box)
        #expect { _ = try Anonymisation.Mask.parseShape("circle") } throws: { error in
            "\(error)" == "--mask-shape: unknown shape \"circle\" (ellipse, box)"
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
            "\(error)" == "--sticker blur:99: strength 99 is outside 1...50"
        }
    }

    /// The region covers the face box grown by the scale, about its centre, upright.
    @Test(arguments: [1.0, 1.3, 2.0])
    func regionIsTheScaledBox(scale: Double) {
        let face = Face(box: Rect(x: 100, y: 50, width: 80, height: 100), score: 1)
        let region = Anonymisation.Mask(scale: scale).region(on: FacePose(face: face))
        #expect(region.center == Point(x: 140, y: 100))
        #expect(abs(region.size.width - 80 * scale) < 1e-9 && abs(region.size.height - 100 * scale) < 1e-9)
        #expect(region.angle == 0)
        let layer = Sticker.Layer(effect: Anonymisation.Effect(.blur(strength: 8), mask: Anonymisation.Mask(scale: scale)))
        #expect(Sticker.Layout.placement(of: layer, on: face) == region)
    }
}
