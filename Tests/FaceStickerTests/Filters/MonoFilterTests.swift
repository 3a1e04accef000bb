import FaceSticker
import Testing

@Suite struct MonoFilterTests {
    /// Rec. 601 luma by hand: 0.299 R + 0.587 G + 0.114 B, rounded.
    @Test(arguments: [
        ([255, 0, 0], 76),      // 76.245
        ([0, 255, 0], 150),     // 149.685
        ([0, 0, 255], 29),      // 29.07
        ([100, 150, 200], 141), // 140.75
        ([255, 255, 255], 255),
        ([50, 50, 50], 50),
        ([0, 0, 0], 0),
    ] as [([UInt8], UInt8)])
    func knownColours(input: [UInt8], luma: UInt8) {
        var image = FilterTestImages.pixel(input[0], input[1], input[2], alpha: 3)
        MonoFilter().apply(to: &image)
        #expect(FilterTestImages.rgb(image) == [luma, luma, luma])
        #expect(image[0, 0].3 == 3)
    }

    @Test func photoBecomesGreyWithAlphaKept() throws {
        var photo = try FilterTestImages.photoWithAlpha()
        let alphas = FilterTestImages.alphas(photo)
        MonoFilter().apply(to: &photo)
        #expect(FilterTestImages.alphas(photo) == alphas)
        var coloured = 0
        for i in stride(from: 0, to: photo.pixels.count, by: 4)
        where photo.pixels[i] != photo.pixels[i + 1] || photo.pixels[i] != photo.pixels[i + 2] {
            coloured += 1
        }
        #expect(coloured == 0)
    }
}
