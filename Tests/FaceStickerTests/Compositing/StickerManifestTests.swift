import FaceSticker
import Foundation
import Testing

/// The project's manifest, and errors that name the file and the key.
@Suite struct StickerManifestTests {
    @Test func theProjectManifestHasEveryKindOfSticker() throws {
        let manifest = try StickerManifest.load(path: StickerFixtures.manifest)
        #expect(manifest.entries.count >= 8)
        let anchors = { (name: String) in manifest.entry(named: name)?.layers.map(\.fit.anchor) ?? [] }
        #expect(anchors("sunglasses") == [.eyes])
        #expect(anchors("glasses") == [.eyes])
        #expect(anchors("tophat") == [.aboveHead] && anchors("crown") == [.aboveHead])
        #expect(anchors("moustache") == [.nose])
        #expect(anchors("mask") == [.mouth])
        #expect(anchors("dog").count == 1 && anchors("cat").count == 1)
        #expect(anchors("hearteyes") == [.eyes, .eyes])
        #expect(anchors("cool") == [.face])
        #expect(manifest.entries.contains { Set($0.layers.map(\.fit.anchor)).count >= 3 }, "one sticker of several layers")
        #expect(manifest.credits.contains { $0.contains("Twemoji by Twitter, Inc and other contributors") })
    }

    @Test func everyPictureIsFetchedOrDrawnByUs() throws {
        let manifest = try StickerManifest.load(path: StickerFixtures.manifest)
        for entry in manifest.entries {
            for layer in entry.layers {
                #expect(layer.art.hasPrefix("art/"), "\(entry.name): art lives in the git-ignored art/ folder")
                let name = String(layer.art.dropFirst(4))
                let fetched = FileManager.default.fileExists(atPath: StickerFixtures.twemoji + "/" + name)
                let ours = FileManager.default.fileExists(
                    atPath: StickerFixtures.ownArt + "/" + name.replacingOccurrences(of: ".png", with: ".svg"))
                #expect(fetched || ours, "\(entry.name): \(layer.art)")
            }
        }
    }

    @Test func defaultsApply() throws {
        let json = #"{"stickers": [{"name": "dot", "layers": [{"art": "/x.png", "anchor": "nose", "size": 0.5}]}]}"#
        let manifest = try StickerManifest.decode(Data(json.utf8), path: "/m/stickers.json")
        let layer = try #require(manifest.entries.first?.layers.first)
        #expect(layer.fit == Sticker.Fit(anchor: .nose, measure: .eyeDistance, size: 0.5, offset: .zero, rotates: true))
        #expect(manifest.artPath(layer) == "/x.png")
        let relative = StickerManifest.LayerSpec(art: "art/a.png", fit: layer.fit)
        #expect(manifest.artPath(relative) == "/m/art/a.png")
        #expect(manifest.credits.isEmpty && manifest.entries[0].summary.isEmpty)
    }

    /// `depth` defaults to the anchor's: 0 on the face, a hat's over the skull.
    @Test func depthDefaultsToTheAnchorsAndCanBeGiven() throws {
        let json = #"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": 2},"#
            + #"{"art": "h.png", "anchor": "above-head", "size": 1}, {"art": "m.png", "anchor": "nose", "size": 1, "depth": -0.5}]}]}"#
        let layers = try #require(try StickerManifest.decode(Data(json.utf8), path: "/m/stickers.json").entries.first?.layers)
        #expect(layers.map(\.fit.depth) == [0, Sticker.Anchor.aboveHead.depth, -0.5])
        #expect(Sticker.Anchor.aboveHead.depth > 1)
    }

    static let layer = #"{"art": "a.png", "anchor": "eyes", "size": 2}"#

    @Test(arguments: [
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "chin", "size": 2}]}]}"#,
         #"key "stickers[0].layers[0].anchor": unknown anchor "chin""#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes"}]}]}"#,
         #"key "stickers[0].layers[0].size": missing"#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": "big"}]}]}"#,
         #"key "stickers[0].layers[0].size": expected a number"#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": -1}]}]}"#,
         #"key "stickers[0].layers[0].size": must be above 0"#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": 2, "offset": [1]}]}]}"#,
         #"key "stickers[0].layers[0].offset": must be [x, y]"#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": 2, "rotates": 1}]}]}"#,
         #"key "stickers[0].layers[0].rotates": expected true or false"#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": 2, "measure": "feet"}]}]}"#,
         #"key "stickers[0].layers[0].measure": unknown measure "feet""#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": 2, "depth": 9}]}]}"#,
         #"key "stickers[0].layers[0].depth": must be within -5...5"#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": 2, "depth": "far"}]}]}"#,
         #"key "stickers[0].layers[0].depth": expected a number"#),
        (#"{"stickers": [{"name": "a", "layers": [{"art": "a.png", "anchor": "eyes", "size": 2, "colour": 1}]}]}"#,
         #"key "stickers[0].layers[0].colour": unknown key"#),
        (#"{"stickers": [{"name": "a", "layers": []}]}"#, #"key "stickers[0].layers": no layers"#),
        (#"{"stickers": [{"name": "Big Hat", "layers": [LAYER]}]}"#, #"key "stickers[0].name": "Big Hat" is not"#),
        (#"{"stickers": [{"name": "a", "layers": [LAYER]}, {"name": "a", "layers": [LAYER]}]}"#,
         #"key "stickers[1].name": "a" is named twice"#),
        (#"{"stickers": [{"layers": [LAYER]}]}"#, #"key "stickers[0].name": missing"#),
        (#"{"sticker": []}"#, #"key "sticker": unknown key"#),
        (#"{"stickers": {}}"#, #"key "stickers": expected"#),
        (#"{"stickers": [ "#, "not valid JSON"),
    ])
    func badManifestsNameFileAndKey(json: String, message: String) {
        let text = json.replacingOccurrences(of: "LAYER", with: Self.layer)
        let error = #expect(throws: FaceStickerError.self) {
            try StickerManifest.decode(Data(text.utf8), path: "/somewhere/stickers.json")
        }
        let description = error?.description ?? ""
        #expect(description.hasPrefix("/somewhere/stickers.json: " + message), "\(description)")
        #expect(!description.contains("\n"))
    }

    @Test func missingManifestIsNamed() {
        #expect(throws: FaceStickerError.fileNotFound(path: "/nonexistent/stickers.json")) {
            try StickerManifest.load(path: "/nonexistent/stickers.json")
        }
    }
}
