@testable import FaceSticker
import Foundation
import Testing

/// Output naming and the checks made before any work starts.
@Suite struct VideoStickererTests {
    @Test(arguments: [
        ("clip.mp4", nil, "clip-stickered.mp4"),
        ("/videos/Holiday.MOV", nil, "/videos/Holiday-stickered.MOV"),
        ("a/b.c/clip", nil, "a/b.c/clip-stickered.mkv"),
        ("talk.webm", nil, "talk-stickered.mkv"),
        ("/videos/clip.avi", "/out", "/out/clip-stickered.avi"),
    ] as [(String, String?, String)])
    func outputsAreNamedAfterTheirInput(input: String, folder: String?, output: String) {
        #expect(VideoStickerer.defaultOutput(for: input, in: folder) == output)
    }

    @Test func theInputIsNeverTheOutput() throws {
        let dir = try TemporaryDirectory()
        let input = try dir.write("in.mp4", "x")
        let link = dir.path("link.mp4")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: input)
        #expect(FileIdentity.same(input, input))
        #expect(FileIdentity.same(input, dir.url.path + "/./in.mp4"))
        #expect(FileIdentity.same(input, link))
        #expect(!FileIdentity.same(input, dir.path("out.mp4")))
        let job = VideoStickerer(options: VideoOptions(detector: .defaults(for: .haar)), painter: TrackPainter(stickers: []))
        #expect(throws: FaceStickerError.output(path: link, reason: "that is the input; choose another output")) {
            try job.run(input: input, output: link)
        }
        #expect(try String(contentsOfFile: input, encoding: .utf8) == "x")
    }

    @Test func settingsAreCheckedBeforeTheInputIsRead() {
        var options = VideoOptions(detector: .defaults(for: .haar))
        options.encoder.preset = "turbo"
        let job = VideoStickerer(options: options, painter: TrackPainter(stickers: []))
        #expect(throws: FaceStickerError.self) { try job.run(input: "/nonexistent.mp4", output: "/tmp/x.mp4") }
        do {
            _ = try job.run(input: "/nonexistent.mp4", output: "/tmp/x.mp4")
        } catch {
            #expect("\(error)".hasPrefix("preset: unknown preset \"turbo\""))
        }
    }
}
