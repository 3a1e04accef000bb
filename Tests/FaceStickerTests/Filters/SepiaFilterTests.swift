import FaceSticker
import Testing

@Suite struct SepiaFilterTests {
    /// Expected values worked by hand from the sepia matrix, blended by intensity, rounded.
    @Test(arguments: [
        ([255, 255, 255], 1.0, [255, 255, 239]),     // 1.351, 1.203 clamp; 0.937 * 255 = 238.9
        ([100, 50, 25], 1.0, [82, 73, 57]),          // 82.475, 73.4, 57.175
        ([10, 200, 60], 1.0, [169, 151, 117]),       // 169.07, 150.77, 117.38
        ([100, 50, 25], 0.5, [91, 62, 41]),          // halfway: 91.24, 61.7, 41.09
        ([0, 0, 0], 1.0, [0, 0, 0]),
        ([100, 50, 25], 0.0, [100, 50, 25]),
    ] as [([UInt8], Double, [UInt8])])
    func knownColours(input: [UInt8], intensity: Double, expected: [UInt8]) {
        var image = FilterTestImages.pixel(input[0], input[1], input[2], alpha: 77)
        SepiaFilter(intensity: intensity).apply(to: &image)
        #expect(FilterTestImages.rgb(image) == expected)
        #expect(image[0, 0].3 == 77)
    }

    @Test func intensityIsClamped() {
        #expect(SepiaFilter(intensity: 3).intensity == 1)
        #expect(SepiaFilter(intensity: -1).intensity == 0)
        #expect(SepiaFilter(intensity: .nan).intensity == 1)
        #expect(SepiaFilter(intensity: 0.8).spec == "sepia:0.8")
    }

    @Test func photoKeepsAlphaAndTurnsWarm() throws {
        var photo = try FilterTestImages.photoWithAlpha()
        let alphas = FilterTestImages.alphas(photo)
        SepiaFilter().apply(to: &photo)
        #expect(FilterTestImages.alphas(photo) == alphas)
        // Sepia rows are ordered R >= G >= B for any input colour.
        for y in stride(from: 0, to: photo.height, by: 37) {
            for x in stride(from: 0, to: photo.width, by: 41) {
                let p = photo[x, y]
                #expect(p.0 >= p.1 && p.1 >= p.2)
            }
        }
    }
}
