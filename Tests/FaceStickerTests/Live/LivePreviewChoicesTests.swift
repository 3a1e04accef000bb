@testable import FaceSticker
import Testing

/// What the preview's f and s keys cycle through. (The window itself runs in
/// SelfieCommandTests, on Qt's offscreen platform.)
@Suite struct LivePreviewChoicesTests {
    @Test func filtersStartWithTheGivenChainThenTheRestThenNone() throws {
        let given = try FilterChain(specs: ["sepia:0.5"])
        let choices = LivePreview.filterChoices(given: given)
        #expect(choices.map(\.specs) == [["sepia:0.5"], ["mono"], ["comic"], ["vignette:\(VignetteFilter.defaultStrength)"], []])
        let plain = LivePreview.filterChoices(given: FilterChain(filters: []), extras: ["mono"])
        #expect(plain.map(\.specs) == [[], ["mono"]], "no second 'none'")
    }

    @Test func stickersStartWithTheGivenOnesThenNone() throws {
        let art = try ImageFile.read(path: Fixtures.sunglasses)
        let given = [Sticker(name: "shades", art: art, fit: .plainPicture)]
        let choices = LivePreview.stickerChoices(given: given, library: StickerLibrary(manifest: nil))
        #expect(choices.map { $0.map(\.name) } == [["shades"], []])
    }
}
