import FaceSticker
import Testing

@Suite struct ContentModeTests {
    let frame = Size(width: 1920, height: 1080), phone = Size(width: 390, height: 844)

    @Test func scalesForALandscapeFrameOnAPortraitScreen() throws {
        let fill = try #require(ContentMode.fill.scale(from: frame, to: phone))
        #expect(fill.x == 844.0 / 1080 && fill.y == 844.0 / 1080)
        let fit = try #require(ContentMode.fit.scale(from: frame, to: phone))
        #expect(fit.x == 0.203125 && fit.y == 0.203125)
        let stretch = try #require(ContentMode.stretch.scale(from: frame, to: phone))
        #expect(stretch.x == 0.203125 && stretch.y == 844.0 / 1080)
    }

    @Test(arguments: ContentMode.allCases)
    func centreGoesToCentre(mode: ContentMode) throws {
        let t = try #require(mode.transform(from: frame, to: phone))
        let centre = t.apply(to: Point(x: 960, y: 540))
        #expect(abs(centre.x - 195) < 1e-9 && abs(centre.y - 422) < 1e-9)
    }

    @Test func fitLetterboxesAndFillCrops() throws {
        let fit = try #require(ContentMode.fit.transform(from: frame, to: phone))
        #expect(fit.apply(to: Rect(x: 0, y: 0, width: 1920, height: 1080)) ==
            Rect(x: 0, y: 312.3125, width: 390, height: 219.375))
        let fill = try #require(ContentMode.fill.transform(from: frame, to: phone))
        let covered = fill.apply(to: Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(covered.minY == 0 && covered.height == 844)
        #expect(abs(covered.width - 1500.4444444444) < 1e-6 && abs(covered.minX + 555.2222222222) < 1e-6)
    }

    @Test(arguments: [Size(width: 0, height: 10), Size(width: 10, height: -1), Size(width: .infinity, height: 1)])
    func emptySizesHaveNoScale(size: Size) {
        #expect(ContentMode.fit.scale(from: size, to: phone) == nil)
        #expect(ContentMode.fill.transform(from: phone, to: size) == nil)
    }
}
