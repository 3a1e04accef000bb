@testable import FaceSticker
import Foundation
import Testing

/// Sources other than the camera: still images, folders, videos, and telling them apart.
@Suite struct FrameSourcesTests {
    @Test func classifiesPaths() throws {
        let dir = try TemporaryDirectory()
        #expect(try FrameSources.kind(of: dir.url.path) == .folder)
        #expect(try FrameSources.kind(of: Fixtures.astronaut) == .still)
        #expect(try FrameSources.kind(of: Fixtures.jpeg) == .still)
        #expect(try FrameSources.kind(of: Fixtures.carphone) == .video)
        #expect(try FrameSources.kind(of: "/dev/null") == .camera, "a character device")
        #expect(throws: FaceStickerError.fileNotFound(path: "/nonexistent/clip.mp4")) {
            try FrameSources.kind(of: "/nonexistent/clip.mp4")
        }
    }

    @Test func aStillImageGivesItsPictureEveryTime() throws {
        let source = try FrameSources.open(Fixtures.astronaut)
        let first = try #require(try source.nextFrame())
        #expect(try source.nextFrame() == first)
        #expect(first.width == 512 && !source.isLive && source.defaultWarmUp == 0)
    }

    @Test func aFolderGivesItsImagesInNameOrderThenEnds() throws {
        let dir = try TemporaryDirectory()
        try ImageFile.write(RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)), to: dir.path("frame10.png"))
        try ImageFile.write(RGBAImage(width: 6, height: 6, fill: (0, 255, 0, 255)), to: dir.path("frame9.png"))
        try ImageFile.write(RGBAImage(width: 4, height: 4, fill: (0, 0, 255, 255)), to: dir.path("frame1.jpg"))
        _ = try dir.write("notes.txt", "not a picture")
        let source = try FrameSources.open(dir.url.path)
        let widths = try (0..<4).map { _ in try source.nextFrame()?.width }
        #expect(widths == [4, 6, 8, nil])
    }

    @Test func anEmptyFolderIsAnError() throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("notes.txt", "")
        #expect(throws: FaceStickerError.unreadable(path: dir.url.path, reason: "no PNG or JPEG images in the folder")) {
            try FrameSources.open(dir.url.path)
        }
    }

    @Test func aVideoGivesEveryFrameThenEnds() throws {
        let source = try FrameSources.open(Fixtures.carphone)
        var count = 0
        while try source.nextFrame() != nil { count += 1 }
        #expect(count == 120)
        #expect(try source.nextFrame() == nil)
    }

    @Test func aFileThatIsNotAVideoSaysSo() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("clip.mp4", "not a video at all")
        do {
            _ = try FrameSources.open(path)
            Issue.record("opened text as a video")
        } catch {
            #expect("\(error)".hasPrefix("\(path): not a readable video"))
        }
    }

    @Test func closingAVideoEarlyStopsTheDecoder() throws {
        let source = try VideoFileSource(path: Fixtures.carphone)
        _ = try source.nextFrame()
        source.close()
        source.close()
        #expect(try source.nextFrame() == nil)
    }
}
