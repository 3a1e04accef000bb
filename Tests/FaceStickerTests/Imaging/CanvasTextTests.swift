import FaceSticker
import Testing

@Suite struct CanvasTextTests {
    /// Every pixel the text changes lies inside its measured box, and the box
    /// is tight: ink touches its left and top edges and reaches the last character's cell.
    @Test(arguments: ["0123456789", "score: 0.87", "recall 61.5% (easy)", "P/R - yunet", "Ag\nxy_q", "?"],
          [1, 2, 3])
    func inkStaysInsideTheMeasuredBounds(text: String, scale: Int) {
        let origin = (x: 7, y: 5)
        var canvas = Canvas(width: 260 * scale, height: 30 * scale)
        canvas.text(text, at: Point(x: Double(origin.x), y: Double(origin.y)), color: .black, scale: scale)
        let size = Canvas.textSize(text, scale: scale)
        var inked: [(Int, Int)] = []
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.image[x, y] != (255, 255, 255, 255) {
                #expect(canvas.image[x, y] == (0, 0, 0, 255))
                inked.append((x - origin.x, y - origin.y))
            }
        }
        #expect(!inked.isEmpty)
        for (x, y) in inked { #expect(x >= 0 && y >= 0 && Double(x) < size.width && Double(y) < size.height) }
        #expect(inked.contains { $0.0 == 0 })
        #expect(inked.contains { $0.1 == 0 })
        let lastCell = size.width - Double(BitmapFont.glyphWidth * scale)
        #expect(inked.contains { Double($0.0) >= lastCell })
    }

    @Test func measuredSizeCountsCellsAndLines() {
        #expect(Canvas.textSize("abc") == Size(width: 17, height: 8))
        #expect(Canvas.textSize("abc", scale: 2) == Size(width: 34, height: 16))
        #expect(Canvas.textSize("ab\nlonger") == Size(width: 35, height: 17))
        #expect(Canvas.textSize("") == Size(width: 0, height: 0))
    }

    @Test func scaleMagnifiesEachFontPixel() {
        var small = Canvas(width: 10, height: 10), big = Canvas(width: 30, height: 30)
        small.text("7", at: .zero, color: .black)
        big.text("7", at: .zero, color: .black, scale: 3)
        for y in 0..<30 { for x in 0..<30 { #expect(big.image[x, y] == small.image[x / 3, y / 3]) } }
    }

    /// "1" drawn by hand from its glyph rows: ..#.. .##.. ..#.. ..#.. ..#.. ..#.. .###.
    @Test func oneIsDrawnPixelForPixel() {
        var canvas = Canvas(width: 7, height: 10)
        canvas.text("1", at: Point(x: 1, y: 1), color: .black)
        let rows = ["..#..", ".##..", "..#..", "..#..", "..#..", "..#..", ".###.", "....."]
        for y in 0..<10 {
            for x in 0..<7 {
                let ink = (1...8).contains(y) && (1...5).contains(x) && Array(rows[y - 1])[x - 1] == "#"
                #expect(canvas.image[x, y] == (ink ? (0, 0, 0, 255) : (255, 255, 255, 255)), "at \(x), \(y)")
            }
        }
    }

    @Test func backgroundFillsTheBoxAroundTheText() {
        var canvas = Canvas(width: 40, height: 20)
        canvas.text("42", at: Point(x: 5, y: 5), color: .white, background: .blue)
        #expect(canvas.image[4, 4] == (0, 0, 255, 255))        // one font pixel outside the box
        #expect(canvas.image[5 + 11, 5 + 8] == (0, 0, 255, 255))
        #expect(canvas.image[3, 3] == (255, 255, 255, 255))
        #expect(canvas.image[17, 14] == (255, 255, 255, 255))
    }

    @Test func fontHasTheCharactersOverlaysNeed() {
        for character in "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz.:-%()/,_=+#<>[]!?'\"" {
            #expect(BitmapFont.contains(character), "missing \(character)")
            #expect(BitmapFont.rows(for: character).contains { $0 != 0 }, "blank \(character)")
            #expect(BitmapFont.rows(for: character).count == BitmapFont.glyphHeight)
        }
        #expect(BitmapFont.characters.count == 95)
        #expect(BitmapFont.rows(for: "é") == BitmapFont.rows(for: "?"))
        #expect(BitmapFont.rows(for: " ").allSatisfy { $0 == 0 })
    }

    @Test func glyphsAreDistinctAndFitTheirCell() {
        let glyphs = BitmapFont.characters.map { BitmapFont.rows(for: $0) }
        #expect(Set(glyphs.map { $0.description }).count == glyphs.count)
        for rows in glyphs { #expect(rows.allSatisfy { $0 < 1 << BitmapFont.glyphWidth }) }
    }
}
