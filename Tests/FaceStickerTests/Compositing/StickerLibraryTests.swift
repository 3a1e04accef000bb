import FaceSticker
import Foundation
import Testing

/// Resolving `--sticker` values: manifest names, then picture paths.
@Suite struct StickerLibraryTests {
    @Test func namesLoadTheirLayers() throws {
        let dir = try StickerFixtures.installed()
        let library = try StickerLibrary.load(manifestPath: dir.path("stickers.json"))
        #expect(library.entries.allSatisfy(library.isInstalled))
        let sunglasses = try library.sticker(named: "sunglasses")
        #expect(sunglasses.name == "sunglasses" && sunglasses.layers.count == 1)
        #expect(sunglasses.layers[0].art.width == 512 && sunglasses.layers[0].art.height == 512)
        let moustache = try library.sticker(named: "moustache")
        #expect(moustache.layers[0].art.aspectRatio > 2, "our own art keeps its drawn aspect")
        #expect(try library.sticker(named: "hearteyes").layers.count == 2)
    }

    @Test func aPicturePathIsAStickerCoveringTheFace() throws {
        let library = StickerLibrary(manifest: nil)
        let sticker = try library.sticker(named: Fixtures.sunglasses)
        #expect(sticker.layers.count == 1)
        #expect(sticker.layers[0].fit == .plainPicture)
        #expect(Sticker.Fit.plainPicture.anchor == .face && Sticker.Fit.plainPicture.measure == .faceWidth)
    }

    @Test func unknownNamesAndMissingFilesAreErrors() throws {
        let dir = try StickerFixtures.installed()
        let library = try StickerLibrary.load(manifestPath: dir.path("stickers.json"))
        let unknown = #expect(throws: FaceStickerError.self) { try library.sticker(named: "unicorn") }
        #expect(unknown?.description.hasPrefix("unknown sticker \"unicorn\": not in \(dir.path("stickers.json")) (") == true,
                "\(String(describing: unknown))")
        #expect(throws: FaceStickerError.fileNotFound(path: "/nonexistent/hat.png")) {
            try library.sticker(named: "/nonexistent/hat.png")
        }
        let empty = #expect(throws: FaceStickerError.self) { try StickerLibrary(manifest: nil).sticker(named: "crown") }
        #expect(empty?.description.contains("no sticker manifest is installed") == true)
    }

    @Test func missingArtSaysHowToInstallIt() throws {
        let dir = try StickerFixtures.installed()
        try FileManager.default.removeItem(atPath: dir.path("art/1f451_crown.png"))
        let library = try StickerLibrary.load(manifestPath: dir.path("stickers.json"))
        let entry = try #require(library.manifest?.entry(named: "crown"))
        #expect(!library.isInstalled(entry))
        #expect(throws: FaceStickerError.unreadable(path: dir.path("art/1f451_crown.png"),
                                                    reason: "sticker art not installed (scripts/stickers.sh fetches it)")) {
            try library.sticker(named: "crown")
        }
    }
}
