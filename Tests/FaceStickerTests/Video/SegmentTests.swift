@testable import FaceSticker
import Foundation
import Testing

/// One long video across many machines (issue #43): `video --segment I/N` writes part I of N,
/// detected and tracked with the frames around it as a run over the whole video would, so
/// that the parts, joined without re-encoding (ffmpeg's concat demuxer), are that run.
@Suite struct SegmentTests {
    static let clip = Fixtures.sharedPath("data/video/megamind-720p.mp4")

    /// Each frame's stickers in a tracks file, in frame order from the file's first frame:
    /// the first layer's centre and the face's eye distance.
    static func stickers(_ path: String) throws -> [[(center: Point, eyes: Double)]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let frames = try #require(root["frames"] as? [[String: Any]])
        return frames.map { frame in
            ((frame["faces"] as? [[String: Any]]) ?? []).compactMap { face -> (Point, Double)? in
                guard let sticker = face["sticker"] as? [String: Any], let c = sticker["center"] as? [Double], c.count == 2,
                      let marks = face["landmarks"] as? [[Double]], marks.count >= 2 else { return nil }
                let eyes = Point(x: marks[0][0], y: marks[0][1]).distance(to: Point(x: marks[1][0], y: marks[1][1]))
                return (Point(x: c[0], y: c[1]), eyes)
            }
        }
    }

    @Test(Fixtures.needsShared("data/video/megamind-720p.mp4"))
    func threePartsJoinIntoTheWholeRun() throws {
        let ws = try TemporaryDirectory()
        let whole = try CLIRun(["video", Self.clip, "-o", ws.path("whole.mp4"), "--tracks", ws.path("whole.json"), "-q"], deadline: 300)
        try #require(whole.status == 0, "\(whole.stderr)")
        var parts: [String] = []
        for i in 1...3 {
            let part = ws.path("part-\(i).mp4")
            let run = try CLIRun(["video", Self.clip, "--segment", "\(i)/3", "-o", part, "--tracks", ws.path("part-\(i).json"), "-q"],
                                 deadline: 300)
            try #require(run.status == 0, "\(run.stderr)")
            parts.append(part)
        }
        // Frame-exact: 271 frames cut 90, 90, 91, none twice or lost.
        #expect(parts.map { VideoProbe.decodes(path: $0).frames } == [90, 90, 91])
        // Joined without re-encoding (`join`, the parts given in any order), the source's audio once:
        // the whole run's frames, times and length.
        let join = try CLIRun(["join", parts[1], parts[2], parts[0], "-o", ws.path("joined.mp4")], deadline: 300)
        try #require(join.status == 0, "\(join.stderr)")
        let joined = try VideoProbe.probe(path: ws.path("joined.mp4")), single = try VideoProbe.probe(path: ws.path("whole.mp4"))
        #expect(VideoProbe.decodes(path: ws.path("joined.mp4")).frames == 271)
        #expect(try JoinTests.frameTimes(ws.path("joined.mp4")) == JoinTests.frameTimes(ws.path("whole.mp4")))
        #expect(abs((joined.duration ?? 0) - (single.duration ?? 0)) < 0.5 / 23.976, "\(joined.duration ?? 0) s, whole \(single.duration ?? 0) s")
        #expect(joined.audioCodecs == single.audioCodecs)
        // Frame by frame, the pictures are the whole run's (each encoded apart: within x264's loss).
        let psnr = try Self.psnr(ws.path("joined.mp4"), ws.path("whole.mp4"))
        #expect(psnr.count == 271 && (psnr.min() ?? 0) >= Self.minPSNR, "worst \(psnr.min() ?? 0) dB")
        print("segments: joined vs whole run, PSNR worst \(psnr.min() ?? 0) dB, median \(psnr.sorted()[psnr.count / 2]) dB")
        // The stickers: where the whole run put them, on every frame, the seams included.
        let expected = try Self.stickers(ws.path("whole.json"))
        let made = try (1...3).flatMap { try Self.stickers(ws.path("part-\($0).json")) }
        try #require(made.count == expected.count)
        var worst = (miss: 0.0, frame: -1)
        for (index, (a, b)) in zip(made, expected).enumerated() {
            #expect(a.count == b.count, "frame \(index): \(a.count) stickers, the whole run \(b.count)")
            for sticker in b {
                let miss = (a.map { $0.center.distance(to: sticker.center) }.min() ?? .infinity) / max(1, sticker.eyes)
                if miss > worst.miss { worst = (miss, index) }
            }
        }
        #expect(worst.miss <= Self.seamBound, "frame \(worst.frame): \(worst.miss) eye distances from the whole run's sticker")
        print("segments: worst \(worst.miss) eye distances from the whole run's sticker, at frame \(worst.frame)")
    }

    /// Each frame's PSNR (all planes, dB) of `a` against `b`, as ffmpeg's psnr filter measures it.
    static func psnr(_ a: String, _ b: String) throws -> [Double] {
        let stats = a + ".psnr.txt"
        try MediaTools.run("ffmpeg", ["-nostdin", "-v", "error", "-i", a, "-i", b, "-lavfi", "[0:v][1:v]psnr=stats_file=\(stats)",
                                      "-f", "null", "-"])
        let text = try String(contentsOfFile: stats, encoding: .utf8)
        try FileManager.default.removeItem(atPath: stats)
        return text.split(separator: "\n").compactMap { line in
            line.split(separator: " ").first { $0.hasPrefix("psnr_avg:") }.flatMap { Double($0.dropFirst(9)) }
                .map { $0.isFinite ? $0 : 100 }
        }
    }

    /// The least PSNR a joined frame may have against the whole run's: the same pictures, each
    /// part encoded on its own by x264 at CRF 23 (47 dB measured at worst on megamind-720p).
    static let minPSNR = 40.0

    /// How far a part's sticker may lie from the whole run's (eye distances): the warmed-up
    /// parts put every sticker exactly where the whole run does (0.0 measured; cut cold, by
    /// `--start`/`--to` at the same frames, 0.19 at the seams).
    static let seamBound = 0.01

    /// What cannot be a segment: one line each, usage status, nothing written.
    @Test(arguments: [
        (["--segment", "0/3"], "--segment"),
        (["--segment", "4/3"], "--segment"),
        (["--segment", "1/3", "--start", "1"], "--segment and --start"),
        (["--segment", "1/3", "--shard", "1/2"], "--segment and --shard"),
        (["--segment", "1/500"], "fewer than 500 parts"),
    ])
    func whatCannotBeASegmentIsOneLine(extra: [String], says: String) throws {
        let ws = try TemporaryDirectory()
        let run = try CLIRun(["video", Fixtures.carphone, "-o", ws.path("out.mp4"), "-q"] + extra)
        #expect(run.status != 0 && run.stderrLines.count == 1 && run.stderr.contains(says), "\(run.stderr)")
        #expect(ws.contents().isEmpty)
    }
}
