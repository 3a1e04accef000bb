@testable import FaceSticker
import Foundation
import Testing

/// Where selfies go: named files, folders, the current folder, and what is refused.
@Suite struct SelfieDestinationTests {
    static let now = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func noOutputIsAFreshNameInTheCurrentFolder() throws {
        let destination = try SelfieDestination.choose(output: nil, now: Self.now, currentFolder: "/work")
        #expect(destination == .fresh("/work/" + SelfieOutput.defaultName(for: Self.now)))
    }

    @Test func aFolderGetsAFreshNameAndAFileIsReplaced() throws {
        let dir = try TemporaryDirectory()
        #expect(try SelfieDestination.choose(output: dir.url.path, now: Self.now)
                == .fresh(dir.path(SelfieOutput.defaultName(for: Self.now))))
        #expect(try SelfieDestination.choose(output: dir.path("me.JPG")) == .replace(dir.path("me.JPG")))
    }

    @Test func refusesOtherTypes() throws {
        #expect(throws: FaceStickerError.output(path: "me.gif", reason: "unknown image type (use .png, .jpg or .jpeg)")) {
            try SelfieDestination.choose(output: "me.gif")
        }
    }

    @Test func aNamedFileIsReplacedOnceThenNumbered() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("me.png", "an old file")
        let destination = SelfieDestination.replace(path)
        let image = RGBAImage(width: 3, height: 3, fill: (0, 0, 200, 255))
        #expect(try destination.write(image, quality: 90) == path)
        #expect(try ImageFile.read(path: path) == image)
        #expect(try destination.write(image, quality: 90, shot: 1) == dir.path("me-2.png"))
        #expect(dir.contents() == ["me-2.png", "me.png"])
    }
}
