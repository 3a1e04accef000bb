import FaceSticker
import Testing

@Suite struct SpaceMappingTests {
    static let frame = Size(width: 1920, height: 1080), phone = Size(width: 390, height: 844)

    static func close(_ a: Rect, _ b: Rect, within tolerance: Double = 1e-9) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
            && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
    }

    /// A 1920x1080 frame shown aspect-fill on a 390x844 screen, no turn: the
    /// picture is 1500.44 wide, centred, so 555.22 px hang off each side.
    @Test func landscapeFrameAspectFillOnAPortraitScreen() throws {
        let m = try SpaceMapping(from: Self.frame, to: Self.phone, contentMode: .fill)
        let scale = 844.0 / 1080
        #expect(Self.close(m.contentRect, Rect(x: (390 - 1920 * scale) / 2, y: 0, width: 1920 * scale, height: 844)))
        #expect(abs(m.contentRect.minX + 555.2222222) < 1e-6)
        // Only the middle 499.05 px of the frame's width show.
        #expect(Self.close(m.visibleSourceRect, Rect(x: 710.4739336, y: 0, width: 499.0521327, height: 1080), within: 1e-6))
        let face = m.transform.apply(to: Rect(x: 900, y: 400, width: 120, height: 160))
        #expect(Self.close(face, Rect(x: 900 * scale - 555.2222222222222, y: 400 * scale,
                                      width: 120 * scale, height: 160 * scale), within: 1e-9))
    }

    /// The camera's landscape buffer turned upright for a portrait screen, as
    /// `layerRectConverted(fromMetadataOutputRect:)` does for a portrait
    /// connection with resizeAspectFill: the turned frame is 1080x1920, scaled by
    /// 844/1920 to 474.75 x 844 and centred (42.375 px cropped each side).
    @Test func layerRectConvertedForAPortraitConnection() throws {
        let m = try SpaceMapping(from: Self.frame, to: Self.phone, contentMode: .fill, rotation: .clockwise90)
        let rect = m.destinationRect(fromNormalized: Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        #expect(Self.close(rect, Rect(x: 76.3125, y: 211, width: 237.375, height: 422)))
        // The frame's top-left corner shows at the screen's top-right, off screen by the crop.
        let corner = m.transform.apply(to: .zero)
        #expect(abs(corner.x - (390 + 42.375)) < 1e-9 && corner.y == 0)
        #expect(Self.close(m.normalizedRect(fromDestination: rect), Rect(x: 0.25, y: 0.25, width: 0.5, height: 0.5)))
        #expect(Self.close(m.normalizedRect(fromDestination: Rect(x: 0, y: 0, width: 390, height: 844)),
                           Rect(x: 0, y: 42.375 / 474.75, width: 1, height: 390 / 474.75)))
    }

    /// A front camera: the turned frame is also mirrored, so every point shows
    /// at the same height on the other side of the screen.
    @Test func frontCameraMirrorsAcrossTheScreen() throws {
        let back = try SpaceMapping(from: Self.frame, to: Self.phone, contentMode: .fill, rotation: .clockwise90)
        let front = try SpaceMapping(from: Self.frame, to: Self.phone, contentMode: .fill, rotation: .clockwise90,
                                     mirrored: true)
        for p in [Point(x: 100, y: 200), Point(x: 960, y: 540), Point(x: 1800, y: 1000)] {
            let b = back.transform.apply(to: p), f = front.transform.apply(to: p)
            #expect(abs(f.x - (390 - b.x)) < 1e-9 && abs(f.y - b.y) < 1e-9)
        }
        #expect(front.transform.isMirroring && !back.transform.isMirroring)
    }

    @Test func fitLeavesTheWholeSourceVisible() throws {
        let m = try SpaceMapping(from: Self.frame, to: Self.phone, contentMode: .fit)
        #expect(m.visibleSourceRect == Rect(x: 0, y: 0, width: 1920, height: 1080))
        #expect(m.contentRect == Rect(x: 0, y: 312.3125, width: 390, height: 219.375))
    }

    /// Detector space (a 640x360 copy) to the frame, then the frame to a
    /// mirrored portrait preview, chained.
    @Test func detectorToFrameToPreviewChains() throws {
        let detector = try SpaceMapping(from: Size(width: 640, height: 360), to: Self.frame)
        let preview = try SpaceMapping(from: Self.frame, to: Self.phone, contentMode: .fill,
                                       rotation: .clockwise90, mirrored: true)
        let chain = detector.transform.concatenating(preview.transform)
        let p = Point(x: 320, y: 100)
        let viaFrame = preview.transform.apply(to: detector.transform.apply(to: p))
        #expect(chain.apply(to: p).distance(to: viaFrame) < 1e-9)
        #expect(detector.transform.apply(to: p) == Point(x: 960, y: 300))
        let back = try #require(chain.inverted)
        #expect(back.apply(to: chain.apply(to: p)).distance(to: p) < 1e-9)
    }

    /// Every orientation with every content mode, into a wide, a tall and a
    /// same-shaped destination: points and boxes go there and back within 0.5 px,
    /// and the source's corners land on the content rectangle's corners.
    @Test(arguments: ExifOrientation.allCases, ContentMode.allCases)
    func roundTripsWithinHalfAPixel(orientation: ExifOrientation, mode: ContentMode) throws {
        let source = Size(width: 1280, height: 720)
        for destination in [Size(width: 1920, height: 1080), Size(width: 390, height: 844), Size(width: 333, height: 333)] {
            let m = try SpaceMapping(from: source, to: destination, contentMode: mode, orientation: orientation)
            #expect(m.orientation == orientation)
            for x in stride(from: 0.0, through: 1280, by: 160) {
                for y in stride(from: 0.0, through: 720, by: 90) {
                    let p = Point(x: x, y: y)
                    #expect(m.inverse.apply(to: m.transform.apply(to: p)).distance(to: p) <= 0.5)
                }
            }
            let box = Rect(x: 101.5, y: 57.25, width: 300, height: 410)
            #expect(Self.close(m.inverse.apply(to: m.transform.apply(to: box)), box, within: 0.5))
            let content = m.contentRect
            let inside = Rect(x: 0, y: 0, width: destination.width, height: destination.height)
            switch mode {
            case .fill: #expect(content.intersection(inside) == inside || Self.close(content.intersection(inside), inside))
            case .fit: #expect(Self.close(content.intersection(inside), content))
            case .stretch: #expect(Self.close(content, inside))
            }
            let turned = orientation.uprightSize(source)
            if mode != .stretch {
                #expect(abs(content.width / content.height - turned.width / turned.height) < 1e-9)
            }
        }
    }

    @Test(arguments: [Size(width: 0, height: 720), Size(width: 1280, height: .nan), Size(width: -5, height: 5)])
    func emptySizesAreErrors(size: Size) {
        #expect(throws: FaceStickerError.self) { try SpaceMapping(from: size, to: Self.phone) }
        #expect(throws: FaceStickerError.self) { try SpaceMapping(from: Self.frame, to: size, contentMode: .fill) }
    }
}
