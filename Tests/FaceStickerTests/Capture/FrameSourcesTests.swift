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

    @Test func aStillImageGivesItsExactPictureEveryTime() throws {
        let source = try FrameSources.open(Fixtures.astronaut)
        let first = try #require(try source.next()?.rgba)
        #expect(first == (try ImageFile.read(path: Fixtures.astronaut)), "as read, never through YUV")
        #expect(try source.next()?.rgba == first)
        #expect(first.width == 512 && !source.isLive && source.defaultWarmUp == 0)
        #expect(source.repeats && source.frameRate == .thirty)
        #expect(try source.size == (512, 512))
    }

    @Test func aFolderGivesItsImagesInNameOrderThenEnds() throws {
        let dir = try TemporaryDirectory()
        try ImageFile.write(RGBAImage(width: 8, height: 8, fill: (255, 0, 0, 255)), to: dir.path("frame10.png"))
        try ImageFile.write(RGBAImage(width: 6, height: 6, fill: (0, 255, 0, 255)), to: dir.path("frame9.png"))
        try ImageFile.write(RGBAImage(width: 4, height: 4, fill: (0, 0, 255, 255)), to: dir.path("frame1.jpg"))
        _ = try dir.write("notes.txt", "not a picture")
        let source = try FrameSources.open(dir.url.path, rate: FrameRate(whole: 5))
        #expect(try source.size == (4, 4), "the first picture's")
        let widths = try (0..<4).map { _ in try source.next()?.width }
        #expect(widths == [4, 6, 8, nil])
        #expect(!source.repeats && source.frameRate == FrameRate(whole: 5))
        #expect(try source.rewind())
        #expect(try source.next()?.rgba == (try ImageFile.read(path: dir.path("frame1.jpg"))), "from the first again")
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
        while try source.next() != nil { count += 1 }
        #expect(count == 120)
        #expect(try source.next() == nil)
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
        _ = try source.next()
        source.close()
        source.close()
        #expect(try source.next() == nil)
    }

    @Test func mirroringReversesEachRow() {
        var image = RGBAImage(width: 3, height: 2)
        for x in 0..<3 { image[x, 0] = (UInt8(x), 0, 0, 255); image[x, 1] = (0, UInt8(x), 0, 128) }
        let flipped = image.mirrored()
        #expect((0..<3).map { flipped[$0, 0].0 } == [2, 1, 0])
        #expect((0..<3).map { flipped[$0, 1].1 } == [2, 1, 0])
        #expect(flipped[0, 1].3 == 128)
        #expect(flipped.mirrored() == image)
    }
}
