import FaceSticker
import Testing

/// Stickers per track: assignment, per-track smoothing, drawing and filters.
@Suite struct TrackPainterTests {
    static func sticker(_ name: String, _ colour: (UInt8, UInt8, UInt8, UInt8)) -> Sticker {
        Sticker(name: name, art: RGBAImage(width: 8, height: 8, fill: colour),
                fit: Sticker.Fit(anchor: .eyes, size: 2, rotates: false))
    }

    static let red = sticker("red", (255, 0, 0, 255)), blue = sticker("blue", (0, 0, 255, 255))

    static func tracked(_ id: Int, x: Double) -> TrackedFace {
        TrackedFace(id: id, face: TrackTimelineTests.face(x: x), source: .detected)
    }

    @Test func cycleGivesEachTrackItsOwnStickerForGood() {
        let painter = TrackPainter(stickers: [Self.red, Self.blue], assignment: .cycle)
        #expect(painter.layers(for: 0).count == 1)
        #expect(painter.layers(for: 0).first?.art.width == Self.red.layers[0].art.width)
        let names = (0..<5).map { painter.layers(for: $0).count }
        #expect(names == [1, 1, 1, 1, 1])
        // Track ids, not the faces' order in a frame, choose the sticker.
        var p = painter
        let a = p.place([Self.tracked(1, x: 10), Self.tracked(0, x: 300)], interval: 0.04)
        let b = p.place([Self.tracked(0, x: 300), Self.tracked(1, x: 10)], interval: 0.04)
        #expect(a.first { $0.tracked.id == 0 }?.placements == b.first { $0.tracked.id == 0 }?.placements)
    }

    @Test func allLayersEveryStickerInOrder() {
        var painter = TrackPainter(stickers: [Self.red, Self.blue], assignment: .all)
        #expect(painter.layers(for: 7).count == 2)
        let placed = painter.place([Self.tracked(0, x: 100)], interval: 0.04)
        #expect(placed.first?.placements.count == 2)
    }

    @Test func withoutStickersNothingIsPlaced() {
        var painter = TrackPainter(stickers: [])
        let placed = painter.place([Self.tracked(0, x: 100)], interval: 0.04)
        #expect(placed.count == 1 && placed[0].placements.isEmpty)
    }

    @Test func eachTrackIsSmoothedOnItsOwn() {
        var painter = TrackPainter(stickers: [Self.red])
        var alone = TrackPainter(stickers: [Self.red])
        var last: [PaintedFace] = [], lastAlone: [PaintedFace] = []
        for step in 0..<10 {
            let x = 100 + 5 * Double(step)
            last = painter.place([Self.tracked(0, x: x), Self.tracked(1, x: 400 - 9 * Double(step))], interval: 0.04)
            lastAlone = alone.place([Self.tracked(0, x: x)], interval: 0.04)
        }
        #expect(last.first { $0.tracked.id == 0 }?.placements == lastAlone.first?.placements,
                "another face does not disturb this one's smoothing")
    }

    @Test func unsmoothedPlacementsAreTheLayoutsOwn() {
        var painter = TrackPainter(stickers: [Self.red], smoothing: nil)
        let face = Self.tracked(0, x: 100)
        let placed = painter.place([face], interval: 0.04)
        #expect(placed.first?.placements == [Sticker.Layout.placement(of: Self.red.layers[0], on: face.face)])
    }

    @Test func onAYUVFrameOnlyThePixelsUnderTheStickerChange() throws {
        var painter = TrackPainter(stickers: [Self.red])
        let matrix = YUVMatrix(matrix: "bt601", fullRange: false)
        var frame = YUVFrame(width: 320, height: 240, y: 145, u: 54, v: 34)
        let before = frame
        let placed = painter.place([Self.tracked(0, x: 100)], interval: 0.04)
        painter.draw(placed, onto: &frame, matrix: matrix)
        let placement = try #require(placed.first?.placements.first)
        let rgba = YUVConversion.rgba(frame, matrix: matrix)
        let centre = rgba[Int(placement.center.x), Int(placement.center.y)]
        #expect(centre.0 > 250 && centre.1 < 5 && centre.2 < 5, "red under the sticker: \(centre)")
        // Luma outside the sticker's box (and its chroma-block margin) is untouched.
        let box = Compositor.bounds(of: placement)
        var changedOutside = 0
        for y in 0..<240 {
            for x in 0..<320 where Double(x) < box.minX - 2 || Double(y) < box.minY - 2
                || Double(x) > box.maxX + 2 || Double(y) > box.maxY + 2 {
                if frame.data[y * 320 + x] != before.data[y * 320 + x] { changedOutside += 1 }
            }
        }
        #expect(changedOutside == 0)
    }

    @Test func drawingPutsTheArtAtThePlacementAfterTheFilters() throws {
        var painter = TrackPainter(stickers: [Self.red], filters: try FilterChain(specs: ["mono"]))
        var frame = RGBAImage(width: 320, height: 240, fill: (0, 200, 0, 255))
        let placed = painter.place([Self.tracked(0, x: 100)], interval: 0.04)
        frame.draw(painter.placedLayers(placed), filters: painter.filters)
        let centre = try #require(placed.first?.placements.first?.center)
        #expect(frame[Int(centre.x), Int(centre.y)] == (255, 0, 0, 255), "the sticker is not filtered")
        let corner = frame[2, 2]
        #expect(corner.0 == corner.1 && corner.1 == corner.2, "the frame is")
    }
}
