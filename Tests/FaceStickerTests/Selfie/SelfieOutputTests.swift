@testable import FaceSticker
import Foundation
import Testing

/// Default selfie names and writing without overwriting.
@Suite struct SelfieOutputTests {
    @Test func theDefaultNameCarriesTheLocalTime() throws {
        var parts = DateComponents()
        (parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second) = (2024, 3, 7, 9, 5, 1)
        let date = try #require(Calendar.current.date(from: parts))
        #expect(SelfieOutput.defaultName(for: date) == "selfie-20240307-090501.png")
        #expect(SelfieOutput.defaultName(for: date, extension: "jpg") == "selfie-20240307-090501.jpg")
    }

    @Test(arguments: [("a/selfie.png", 1, "a/selfie.png"), ("a/selfie.png", 2, "a/selfie-2.png"),
                      ("a/b.c/selfie.jpg", 12, "a/b.c/selfie-12.jpg")])
    func candidatesNumberBeforeTheExtension(path: String, attempt: Int, expected: String) {
        #expect(SelfieOutput.candidate(path, attempt) == expected)
    }

    @Test func neverOverwritesAndLeavesNoTemporaryFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("selfie-20240307-090501.png")
        let old = try dir.write("selfie-20240307-090501.png", "an earlier selfie")
        _ = try dir.write("selfie-20240307-090501-2.png", "another")
        let red = RGBAImage(width: 5, height: 4, fill: (200, 0, 0, 255))
        let written = try SelfieOutput.writeNew(red, to: path)
        #expect(written == dir.path("selfie-20240307-090501-3.png"))
        #expect(try ImageFile.read(path: written) == red)
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "an earlier selfie")
        let again = try SelfieOutput.writeNew(red, to: path)
        #expect(again == dir.path("selfie-20240307-090501-4.png"))
        #expect(dir.contents().count == 4, "\(dir.contents())")
    }

    @Test func aMissingFolderIsOneLine() {
        #expect(throws: FaceStickerError.self) {
            try SelfieOutput.writeNew(RGBAImage(width: 2, height: 2), to: "/nonexistent/folder/selfie.png")
        }
    }

    @Test func sameFileSeesThroughSpellings() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("a.png", "x")
        #expect(FileIdentity.same(file, dir.url.path + "/./a.png"))
        #expect(!FileIdentity.same(file, dir.path("b.png")))
    }
}
