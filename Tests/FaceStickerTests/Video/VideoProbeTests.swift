import FaceSticker
import Foundation
import Testing

/// Probing the shared clips and odd files.
@Suite struct VideoProbeTests {
    @Test func carphoneHasNonSquarePixels() throws {
        let info = try VideoProbe.probe(path: Fixtures.carphone)
        #expect(info.width == 176 && info.height == 144)
        #expect(info.sarNumerator == 128 && info.sarDenominator == 117)
        #expect(info.frameRate.description == "30000/1001")
        #expect(info.frameCount == 120)
        #expect(info.audioCodecs.isEmpty)
        #expect(info.rotation == 0)
    }

    @Test(Fixtures.needsShared("data/video/Megamind.avi")) func megamindHasAC3Audio() throws {
        let info = try VideoProbe.probe(path: Fixtures.sharedPath("data/video/Megamind.avi"))
        #expect(info.width == 720 && info.height == 528)
        #expect(info.frameRate.description == "2997/125")
        #expect(info.frameCount == 270)
        #expect(info.audioCodecs == ["ac3"])
    }

    @Test(Fixtures.needsShared("data/video/megamind-720p.mp4")) func theBenchmarkClipIs720p() throws {
        let info = try VideoProbe.probe(path: Fixtures.sharedPath("data/video/megamind-720p.mp4"))
        #expect(info.width == 1280 && info.height == 720)
        #expect(info.sarNumerator == 5400 && info.sarDenominator == 5401)
        #expect(info.frameCount == 271)
        #expect(info.audioCodecs == ["aac"])
    }

    @Test func aSidewaysPhoneVideoIsDescribedUpright() throws {
        let dir = try TemporaryDirectory()
        let sideways = try MediaTools.sidewaysCarphone(in: dir, frames: 5)
        let info = try VideoProbe.probe(path: sideways)
        #expect(info.rotation == 90)
        #expect(info.width == 176 && info.height == 144, "stored 144x176 sideways, shown upright")
        #expect(info.sarNumerator == 128 && info.sarDenominator == 117)
    }

    @Test func filesThatAreNotVideosAreNamed() throws {
        let dir = try TemporaryDirectory()
        let text = try dir.write("notes.mp4", "not a video\n")
        #expect(throws: FaceStickerError.self) { try VideoProbe.probe(path: text) }
        do {
            _ = try VideoProbe.probe(path: text)
        } catch {
            #expect("\(error)".hasPrefix(text + ": not a readable video"))
        }
        #expect(throws: FaceStickerError.fileNotFound(path: dir.path("none.mp4"))) {
            try VideoProbe.probe(path: dir.path("none.mp4"))
        }
        #expect(throws: FaceStickerError.unreadable(path: dir.url.path, reason: "a folder, not a file")) {
            try VideoProbe.probe(path: dir.url.path)
        }
    }

    /// ffprobe's output as the probe reads it (the one JSON parser).
    static func json(_ text: String) throws -> JSONValue { try JSONReader.parse(Data(text.utf8), path: "ffprobe") }

    @Test func audioOnlyAndCoverArtAreNoVideo() throws {
        let cover = try Self.json("""
            {"streams": [{"codec_type": "audio", "codec_name": "mp3"},
                         {"codec_type": "video", "width": 300, "height": 300, "r_frame_rate": "90000/1",
                          "disposition": {"attached_pic": 1}}]}
            """)
        #expect(throws: FaceStickerError.unreadable(path: "song.mp3", reason: "no video stream")) {
            try VideoProbe.parse(cover, path: "song.mp3")
        }
    }

    @Test func aVariableRateUsesTheAverageAndCountsFromTheDuration() throws {
        let vfr = try Self.json("""
            {"streams": [{"codec_type": "video", "width": 640, "height": 480, "r_frame_rate": "60/1", "avg_frame_rate": "24/1",
                          "sample_aspect_ratio": "0:1", "side_data_list": [{"rotation": 90}]}],
             "format": {"duration": "10.0"}}
            """)
        let info = try VideoProbe.parse(vfr, path: "phone.mp4")
        #expect(info.frameRate.description == "24/1")
        #expect(info.frameCount == 240)
        #expect(info.rotation == 90)
        #expect(info.width == 480 && info.height == 640)
        #expect(info.sarNumerator == 1 && info.sarDenominator == 1)
        let untimed = try Self.json("""
            {"streams": [{"codec_type": "video", "width": 64, "height": 48, "r_frame_rate": "25/1", "avg_frame_rate": "0/0"}]}
            """)
        #expect(try VideoProbe.parse(untimed, path: "raw.h264").frameRate.description == "25/1")
        #expect(try VideoProbe.parse(untimed, path: "raw.h264").frameCount == nil)
    }
}
