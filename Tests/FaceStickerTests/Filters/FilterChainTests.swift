import FaceSticker
import Testing

@Suite struct FilterChainTests {
    @Test func noneIsIdentity() throws {
        let photo = try FilterTestImages.photoWithAlpha()
        let chain = try FilterChain(specs: ["none"])
        #expect(chain.isEmpty)
        var image = photo
        chain.apply(to: &image)
        #expect(image == photo)
        var untouched = photo
        try FilterChain(specs: []).apply(to: &untouched)
        #expect(untouched == photo)
    }

    @Test(arguments: [
        (["sepia"], ["sepia:1.0"]),
        (["sepia:0.8", "vignette"], ["sepia:0.8", "vignette:0.8"]),
        (["mono", "none", "comic"], ["mono", "comic"]),
        (["vignette:0.25", "SEPIA:0"], ["vignette:0.25", "sepia:0.0"]),
    ])
    func specsParseInOrder(specs: [String], parsed: [String]) throws {
        #expect(try FilterChain(specs: specs).specs == parsed)
    }

    @Test(arguments: ["sepia:abc", "sepia:2", "blur", "mono:1", "", "vignette:-0.1", "sepia:nan", "sepia:",
                      "comic:yes", "none:0"])
    func badSpecsNameTheSpecAndTheValidNames(spec: String) {
        do {
            _ = try FilterChain(specs: ["mono", spec])
            Issue.record("accepted \(spec)")
        } catch let error as FaceStickerError {
            guard case .invalidArgument(let message) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(message.description.contains("\"\(spec)\""))
            for name in ["none", "sepia", "mono", "comic", "vignette"] { #expect(message.description.contains(name)) }
            #expect(!message.description.contains("\n"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// Sepia after mono tints the grey; mono after sepia leaves it grey.
    @Test func orderMatters() throws {
        var monoThenSepia = FilterTestImages.pixel(200, 100, 50)
        var sepiaThenMono = monoThenSepia
        try FilterChain(specs: ["mono", "sepia"]).apply(to: &monoThenSepia)
        try FilterChain(specs: ["sepia", "mono"]).apply(to: &sepiaThenMono)
        let tinted = FilterTestImages.rgb(monoThenSepia), grey = FilterTestImages.rgb(sepiaThenMono)
        #expect(tinted[0] > tinted[2])
        #expect(grey[0] == grey[1] && grey[1] == grey[2])
        #expect(tinted != grey)
    }

    @Test func everyFilterKeepsAlphaOnAPhoto() throws {
        var photo = try FilterTestImages.photoWithAlpha()
        let alphas = FilterTestImages.alphas(photo)
        let before = photo
        try FilterChain(specs: ["sepia:0.8", "mono", "comic", "vignette"]).apply(to: &photo)
        #expect(FilterTestImages.alphas(photo) == alphas)
        #expect(photo != before)
    }
}
