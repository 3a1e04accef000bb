@testable import FaceSticker
import Testing

/// What the drawing users put on a picture (OpenCV's drawing through CFaceDetect):
/// `--debug`'s boxes and labels, the live preview's overlay, frames and text where asked.
@Suite struct DrawingTests {
    private func grey(_ width: Int, _ height: Int) -> RGBAImage {
        RGBAImage(width: width, height: height, fill: (128, 128, 128, 255))
    }

    private func isGrey(_ p: (UInt8, UInt8, UInt8, UInt8)) -> Bool { p.0 == 128 && p.1 == 128 && p.2 == 128 }

    @Test func aFrameCoversExactlyTheBoxsBorderPixels() {
        var image = grey(20, 20)
        OpenCV.frame(Rect(x: 5, y: 5, width: 10, height: 8), on: &image, color: .red, thickness: 2)
        for y in 0..<20 {
            for x in 0..<20 {
                let inBox = (5..<15).contains(x) && (5..<13).contains(y)
                let inside = (7..<13).contains(x) && (7..<11).contains(y)
                let p = image[x, y]
                if inBox && !inside {
                    #expect(p.0 == 255 && p.1 == 0 && p.2 == 0 && p.3 == 255, "border (\(x), \(y))")
                } else {
                    #expect(isGrey(p), "untouched (\(x), \(y))")
                }
            }
        }
    }

    @Test func textInksOnlyTheBoxItsSizeGives() {
        var image = grey(200, 60)
        let size = OpenCV.textBlockSize("Hello 0.93", scale: 0.5)
        #expect(size.width > 40 && size.height > 8)
        OpenCV.textBlock("Hello 0.93", at: Point(x: 20, y: 15), scale: 0.5, on: &image, color: .white)
        var inked = 0
        for y in 0..<60 {
            for x in 0..<200 where !isGrey(image[x, y]) {
                inked += 1
                #expect(x >= 18 && x <= 22 + size.width && y >= 13 && y <= 17 + size.height, "ink at (\(x), \(y))")
            }
        }
        #expect(inked > 50)
    }

    @Test func translucentColoursBlendOnce() {
        var image = RGBAImage(width: 10, height: 10, fill: (0, 0, 255, 255))
        OpenCV.rectangle(Rect(x: 0, y: 0, width: 10, height: 10), on: &image, color: OpenCV.Color.red.opacity(0.5),
                         stroke: .filled)
        let p = image[4, 4]
        #expect(abs(Int(p.0) - 128) <= 1 && abs(Int(p.2) - 128) <= 1 && p.1 == 0 && p.3 == 255)
    }

    @Test func debugOverlayOutlinesTheFaceAndLabelsItsScoreAbove() {
        var image = grey(400, 300)
        let face = Face(box: Rect(x: 100, y: 120, width: 80, height: 90), score: 0.87)
        DebugOverlay.draw(faces: [face], placements: [], onto: &image)
        #expect(image[100, 165] == (0, 255, 0, 255), "the box's left edge is green")
        #expect(image[179, 165] == (0, 255, 0, 255), "and its right edge")
        #expect(isGrey(image[98, 165]) && isGrey(image[181, 165]), "nothing just outside the box")
        // The label: green background with black text, just above the box's top left.
        var black = 0, green = 0
        for y in 100..<120 { for x in 100..<140 { let p = image[x, y]; if p.1 > 200 && p.0 < 50 { green += 1 } else if p.1 < 60 { black += 1 } } }
        #expect(green > 50 && black > 5, "label above the box: \(green) green, \(black) dark")
        // Estimated landmarks (no measured ones) are hollow circles inside the box.
        var coloured = 0
        for y in 120..<210 { for x in 101..<179 where !isGrey(image[x, y]) { coloured += 1 } }
        #expect(coloured > 20)
    }

    @Test func previewOverlayDrawsHintNoticeFlashAndThumbnailWhereTheyGo() {
        var overlay = PreviewWindow.Overlay()
        overlay.hint = "space: shot  q: quit"
        overlay.hintAlpha = 1
        overlay.notice = "sticker: glasses"
        var plain = grey(640, 480)
        overlay.draw(on: &plain)
        #expect(plain[5, 475].0 < 80, "the hint bar darkens the bottom")
        #expect(isGrey(plain[5, 240]), "the middle is left alone")
        var noticeInk = 0
        for y in 0..<60 { for x in 0..<320 where plain[x, y].0 > 200 { noticeInk += 1 } }
        #expect(noticeInk > 50, "the notice is written top left")

        var flashed = PreviewWindow.Overlay()
        flashed.flash = 0.5
        flashed.thumbnail = RGBAImage(width: 64, height: 48, fill: (255, 0, 0, 255))
        flashed.thumbnailAlpha = 1
        var shot = grey(640, 480)
        flashed.draw(on: &shot)
        let middle = shot[320, 240]
        #expect(middle.0 > 185 && middle.0 < 197, "half white over grey: \(middle)")
        let thumbnail = shot[640 - 12 - 80, 12 + 30]
        #expect(thumbnail.0 == 255 && thumbnail.1 == 0, "the thumbnail top right: \(thumbnail)")
    }
}
