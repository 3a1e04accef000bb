import FaceSticker
import Testing

@Suite struct VignetteFilterTests {
    static let grey: UInt8 = 200

    func vignetted(width: Int, height: Int, strength: Double) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, fill: (Self.grey, Self.grey, Self.grey, 99))
        VignetteFilter(strength: strength).apply(to: &image)
        return image
    }

    @Test(arguments: [0.3, 0.8, 1.0])
    func darkensCornersNotCentre(strength: Double) {
        let image = vignetted(width: 320, height: 180, strength: strength)
        #expect(image[160, 90].0 == Self.grey)
        #expect(image[159, 89].0 == Self.grey)
        // Corner pixel centres sit at 99.4% of the half-diagonal: within 2 levels of 200 * (1 - strength).
        let expected = Double(Self.grey) * (1 - strength)
        for (x, y) in [(0, 0), (319, 0), (0, 179), (319, 179)] {
            #expect(abs(Double(image[x, y].0) - expected) <= 2)
            #expect(image[x, y].3 == 99)
        }
    }

    @Test func darkeningGrowsTowardTheCornerAndIsSymmetric() {
        let image = vignetted(width: 320, height: 180, strength: 0.8)
        var previous = UInt8.max
        for step in 0..<90 {
            let value = image[160 + step * 16 / 9, 90 + step].0
            #expect(value <= previous)
            previous = value
        }
        for y in stride(from: 0, to: 180, by: 7) {
            for x in stride(from: 0, to: 160, by: 9) {
                #expect(image[x, y].0 == image[319 - x, y].0)
                #expect(image[x, y].0 == image[x, 179 - y].0)
            }
        }
    }

    @Test func factorFollowsItsFormula() {
        let filter = VignetteFilter(strength: 0.6)
        #expect(filter.factor(atDistance: 0) == 1)
        #expect(filter.factor(atDistance: VignetteFilter.innerRadius) == 1)
        #expect(abs(filter.factor(atDistance: 1) - 0.4) < 1e-12)
        #expect(abs(filter.factor(atDistance: 0.7) - (1 - 0.6 * 0.5)) < 1e-12) // halfway: smoothstep is 1/2
    }

    @Test func zeroStrengthChangesNothing() {
        let image = vignetted(width: 64, height: 48, strength: 0)
        #expect(image == RGBAImage(width: 64, height: 48, fill: (Self.grey, Self.grey, Self.grey, 99)))
    }

    @Test(arguments: [(1, 1), (1, 7), (9, 1), (2, 2)])
    func tinyImagesAreSafe(width: Int, height: Int) {
        let image = vignetted(width: width, height: height, strength: 1)
        #expect(image.width == width && image.height == height)
    }
}
