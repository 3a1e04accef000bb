@testable import FaceSticker
import Foundation
import Testing

/// Issue 15, class 5: CSV ground truth read by RFC 4180, numbers bounded,
/// temporary names within NAME_MAX.
@Suite struct ParserTests {
    static func csv(_ text: String) throws -> [GroundTruth.Entry] {
        try GroundTruth.BoxList.parseCSV(TextLines(path: "gt.csv", text: text))
    }

    @Test func csvWithCRLFLineEndsListsItsImages() throws {
        let entries = try Self.csv("image,x,y,w,h\r\na.png,1,2,3,4\r\nb.png,5,6,7,8\r\na.png,9,9,9,9\r\n")
        #expect(entries.map(\.name) == ["a.png", "b.png"])
        #expect(entries.first?.faces.count == 2)
        #expect(entries.map(\.line) == [1, 2])
    }

    @Test func aQuotedFieldMayHoldCommasQuotesAndLineBreaks() throws {
        let entries = try Self.csv("image,x,y,w,h\n\"party, 2019.png\",1,2,3,4\n\"say \"\"cheese\"\".png\",1,2,3,4\n\"two\nlines.png\",1,2,3,4\nlast.png,1,2,3,4\n")
        #expect(entries.map(\.name) == ["party, 2019.png", "say \"cheese\".png", "two\nlines.png", "last.png"])
        #expect(entries.last?.line == 5, "line numbers count the line break inside the quotes")
    }

    @Test(arguments: [
        ("image,x,y,w,h\n\"a.png,1,2,3,4\n", "gt.csv:2: a quoted field is never closed"),
        ("image,x,y,w,h\na\"b.png,1,2,3,4\n", "gt.csv:2: a quote inside an unquoted field"),
        ("image,x,y,w,h\n\"a\"b.png,1,2,3,4\n", "gt.csv:2: a quoted field must end"),
    ])
    func malformedQuotingIsRefused(text: String, message: String) throws {
        #expect { try Self.csv(text) } throws: { "\($0)".hasPrefix(message) }
    }

    @Test(arguments: ["1e300", "-1e300", "1000001", "inf", "nan"])
    func boxValuesBeyondAnyPictureAreRefused(value: String) throws {
        #expect(throws: FaceStickerError.self) { try Self.csv("a.png,\(value),2,3,4\n") }
        #expect(throws: FaceStickerError.self) {
            try GroundTruth.Wider.parse(TextLines(path: "gt.txt", text: "a.png\n1\n1 2 \(value) 4\n"))
        }
    }

    @Test func theContactSheetCaptionNeverTraps() {
        #expect(ContactSheet.pixels(1e300) == "?")
        #expect(ContactSheet.pixels(93.6) == "94")
    }

    /// A valid 245-byte output name (NAME_MAX is 255) is written: the temporary name is shortened.
    @Test func aLongOutputNameIsWritten() throws {
        let ws = try Workspace()
        let name = String(repeating: "n", count: 241) + ".png"
        let out = ws.path(name)
        let run = try CLIRun(["photo", "--sticker", try ws.opaqueSticker()] + BadInputs.haar + [try ws.photo(), "-o", out],
                                 directory: ws.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: out))
        #expect(AtomicFile.temporaryName(for: name).utf8.count <= 255)
        #expect(AtomicFile.temporaryName(for: name).hasSuffix(".png"))
    }
}
