import FaceSticker
import Foundation
import Testing

/// `facesticker video` run as a user runs it, on the shared clips and on clips made here;
/// outputs checked with ffprobe. Encodes use `--preset ultrafast` to keep the debug-build tests short.
@Suite(Fixtures.needsYuNet) struct VideoCommandTests {
    static let sticker = Fixtures.sunglasses
    static func video(_ name: String) -> String {
        name == "carphone.mp4" ? Fixtures.carphone : Fixtures.sharedPath("data/video/" + name)
    }

    /// The first `seconds` of a shared clip, stream-copied into `dir` under its own name: the same
    /// container, codecs, size, rate, pixel aspect and audio, a fifth of the frames to sticker (what
    /// a test checks about the whole file holds for any length; the debug build's time is per frame).
    static func opening(of name: String, seconds: Int, in dir: TemporaryDirectory) throws -> String {
        let path = dir.path(name)
        try MediaTools.ffmpeg(["-i", video(name), "-t", String(seconds), "-c", "copy", path])
        return path
    }

    /// Runs `facesticker video` with the test sticker and a fast preset in front of `arguments`.
    static func run(_ arguments: [String]) throws -> CLIRun {
        try CLIRun(["video", "--sticker", sticker, "--preset", "ultrafast"] + arguments)
    }

    /// Runs `facesticker video` with a small dot on the nose as the sticker, from a
    /// manifest made in `dir`: for checks that do not look at the sticker, a dot
    /// keeps the debug build's drawing cheap on 720p faces.
    static func runWithDot(in dir: TemporaryDirectory, _ arguments: [String]) throws -> CLIRun {
        let folder = dir.path("dot-stickers")
        if !FileManager.default.fileExists(atPath: folder) {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            try ImageFile.write(RGBAImage(width: 8, height: 8, fill: (250, 40, 200, 255)), to: folder + "/dot.png")
            _ = try dir.write("dot-stickers/stickers.json", """
                {"stickers": [{"name": "dot", "description": "a small dot on the nose",
                  "layers": [{"art": "dot.png", "anchor": "nose", "measure": "eye-distance", "size": 0.3}]}]}
                """)
        }
        return try CLIRun(["video", "--sticker", "dot", "--preset", "ultrafast"] + arguments,
                          environment: ["FACESTICKER_STICKERS": folder])
    }

    // MARK: Faithful output (issue section 2 and 7)

    /// Frame count, rate, duration, pixel aspect and audio match the input; the audio
    /// packets are the input's, bit for bit. The bigger clips detect every 4th frame:
    /// what is checked here does not depend on detection, nor on the length, so they are
    /// their first 2 seconds (about 50 frames of 270), stream-copied.
    @Test(Fixtures.needsShared("data/video"), arguments: [("carphone.mp4", 1), ("Megamind.avi", 4), ("megamind-720p.mp4", 4)])
    func outputIsFaithfulToTheInput(name: String, every: Int) throws {
        let dir = try TemporaryDirectory()
        let input = name == "carphone.mp4" ? Self.video(name) : try Self.opening(of: name, seconds: 2, in: dir)
        let output = dir.path(VideoStickerer.defaultOutput(for: name))
        let tracks = dir.path("tracks.json")
        let run = try Self.runWithDot(in: dir, [input, "-o", output, "--tracks", tracks, "--detect-every", String(every)])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "one summary line when stderr is no terminal: \(run.stderr)")

        let source = try MediaTools.stream(input)
        let made = try MediaTools.stream(output, countFrames: true)
        let frames = Int(made["nb_read_frames"] as? String ?? "") ?? -1
        #expect(frames == Int(source["nb_frames"] as? String ?? ""))
        #expect(made["avg_frame_rate"] as? String == source["avg_frame_rate"] as? String)
        let rate = try #require(FrameRate(source["avg_frame_rate"] as? String ?? ""))
        let durationIn = Double(source["duration"] as? String ?? "") ?? 0
        let durationOut = Double(made["duration"] as? String ?? "") ?? -100
        #expect(abs(durationIn - durationOut) <= 1 / rate.value, "duration within one frame")
        #expect(made["sample_aspect_ratio"] as? String == source["sample_aspect_ratio"] as? String)
        #expect(made["width"] as? Int == source["width"] as? Int && made["height"] as? Int == source["height"] as? Int)
        #expect(made["codec_name"] as? String == "h264")

        let audioIn = try MediaTools.stream(input, "a")
        let audioOut = try MediaTools.stream(output, "a")
        #expect(audioIn.isEmpty == audioOut.isEmpty, "audio kept exactly when there is some")
        if !audioIn.isEmpty {
            #expect(audioOut["codec_name"] as? String == audioIn["codec_name"] as? String)
            #expect(try MediaTools.packetsMD5(output) == MediaTools.packetsMD5(input), "audio copied unchanged")
        }

        let file = try TracksFile(path: tracks)
        #expect(file.frames.map(\.index) == Array(0..<frames), "one tracks entry per output frame")
        if name == "carphone.mp4" {
            let withFace = file.frames.filter { !$0.faces.isEmpty }.count
            #expect(Double(withFace) >= 0.95 * Double(frames), "a face in \(withFace) of \(frames) frames")
            #expect(Set(file.frames.flatMap { $0.faces.map(\.id) }) == [0], "one person, one track")
        }
    }

    @Test(Fixtures.needsShared("data/video/megamind-720p.mp4")) func noAudioLeavesTheAudioOut() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("short.mp4")
        try MediaTools.ffmpeg(["-i", Self.video("megamind-720p.mp4"), "-t", "1", "-c", "copy", clip])
        let output = dir.path("out.mp4")
        let run = try Self.runWithDot(in: dir, [clip, "-o", output, "--no-audio", "--detect-every", "5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try MediaTools.stream(output, "a").isEmpty)
        #expect(!(try MediaTools.stream(clip, "a").isEmpty))
    }

    /// A phone video shot sideways (pixels turned, rotation metadata set) comes out
    /// upright, without rotation metadata, with upright stickers.
    @Test func aSidewaysPhoneVideoComesOutUpright() throws {
        let dir = try TemporaryDirectory()
        let sideways = try MediaTools.sidewaysCarphone(in: dir, frames: 40)
        let output = dir.path("upright.mp4")
        let tracks = dir.path("tracks.json")
        let run = try Self.run([sideways, "-o", output, "--tracks", tracks])
        #expect(run.status == 0, "\(run.stderr)")
        let made = try MediaTools.stream(output)
        #expect(made["width"] as? Int == 176 && made["height"] as? Int == 144, "carphone's own upright size")
        #expect(made["side_data_list"] == nil, "no rotation left for players to apply")
        #expect(made["sample_aspect_ratio"] as? String == "128:117")
        let file = try TracksFile(path: tracks)
        let angles = file.frames.flatMap { $0.faces.compactMap(\.angle) }
        #expect(angles.count >= 36, "faces found upright in most of 40 frames")
        #expect(angles.allSatisfy { abs($0) < 30 }, "stickers upright: \(angles.map { Int($0) })")
    }

    /// Issue #11 part 3 and issue #20: by default, a phone video whose rotation flag was lost
    /// (every face sideways in the pixels) is stickered in at least 90% of its frames, with
    /// the sticker turned as the upright video's, plus the quarter turn, within 20 degrees;
    /// and the same output on two runs (the way up is decided at key rounds, in frame order).
    @Test func aSidewaysVideoWithoutItsFlagIsStickeredByDefault() throws {
        try Self.checkTurnedClip(filter: "transpose=1", degrees: 90)
    }

    /// Issue #20: the same for a clip turned 180 degrees: the sticker turned 180 degrees on
    /// the eyes (the face mesh tells upside down from upright, where the detectors cannot).
    @Test(Fixtures.needsMesh) func anUpsideDownVideoGetsItsStickersTurned() throws {
        try Self.checkTurnedClip(filter: "hflip,vflip", degrees: 180)
    }

    /// carphone turned by ffmpeg's `filter` (no rotation flag), run with the defaults twice:
    /// a sticker in at least 108 of 120 frames, turned as the upright clip's plus `degrees`
    /// (within 20) in at least 108, and the same bytes both times.
    static func checkTurnedClip(filter: String, degrees: Double) throws {
        let dir = try TemporaryDirectory()
        let turnedClip = dir.path("turned.mp4")
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-vf", filter, "-c:v", "libx264", "-preset", "ultrafast", turnedClip])
        var angles: [[Double?]] = []
        var outputs: [Data] = []
        for (input, name) in [(Fixtures.carphone, "upright"), (turnedClip, "once"), (turnedClip, "again")] {
            let tracks = dir.path(name + ".json"), output = dir.path(name + "-out.mp4")
            let run = try Self.run([input, "-o", output, "--tracks", tracks, "-q"])
            #expect(run.status == 0, "\(run.stderr)")
            angles.append(try TracksFile(path: tracks).frames.map { $0.faces.first?.angle })
            outputs.append(try Data(contentsOf: URL(fileURLWithPath: output)))
        }
        try #require(angles[0].count == 120 && angles[1].count == 120)
        let stickered = angles[1].compactMap { $0 }.count
        #expect(stickered >= 108, "\(filter): a sticker in \(stickered) of 120 frames")
        var turned = 0
        for (upright, found) in zip(angles[0], angles[1]) {
            guard let upright, let found else { continue }
            if Angle.between(found, upright + degrees) <= 20 { turned += 1 }
        }
        #expect(turned >= 108, "\(filter): the sticker turned with the face in \(turned) of 120 frames")
        #expect(outputs[1] == outputs[2], "\(filter): the same video on two runs")
    }

    // MARK: Stable stickers (issue section 3)

    /// A still face (a photo looped with fresh noise in every frame, so the detector's
    /// boxes jitter) gets a sticker moving less than 1% of the eye distance per frame;
    /// unsmoothed, the same placements move more.
    @Test func aStillFaceGetsAStillSticker() throws {
        let dir = try TemporaryDirectory()
        let still = dir.path("still.mp4")
        try MediaTools.ffmpeg(["-loop", "1", "-framerate", "25", "-i", Fixtures.astronaut, "-frames:v", "50",
                               "-vf", "noise=alls=12:allf=t,format=yuv420p", "-c:v", "libx264", "-preset", "ultrafast",
                               "-crf", "18", still])
        func steps(_ extra: [String]) throws -> [Double] {
            let tracks = dir.path("tracks\(extra.count).json")
            let run = try Self.run([still, "-o", dir.path("out\(extra.count).mp4"), "--tracks", tracks] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return try TracksFile(path: tracks).steps(id: 0)
        }
        let smooth = try steps([])
        let raw = try steps(["--no-smoothing"])
        #expect(smooth.count == 49)
        let worst = smooth.max() ?? 1
        #expect(worst < 0.01, "largest step \(worst) eye distances")
        #expect((raw.max() ?? 0) > worst, "smoothing is what keeps it still")
    }

    /// On carphone.mp4, detected on every frame, smoothing cuts the jitter (the mean
    /// second difference of the sticker centre, in eye distances) by more than half.
    @Test func smoothingLowersTheJitterOnCarphone() throws {
        let dir = try TemporaryDirectory()
        func jitter(_ extra: [String]) throws -> Double {
            let tracks = dir.path("tracks\(extra.count).json")
            let run = try Self.run([Self.video("carphone.mp4"), "-o", dir.path("out\(extra.count).mp4"), "--tracks", tracks,
                                    "--detect-every", "1"] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            return try TracksFile(path: tracks).jitter(id: 0)
        }
        let smooth = try jitter([]), raw = try jitter(["--no-smoothing"])
        #expect(raw > 0.02, "the detector does jitter: \(raw)")
        #expect(smooth < 0.5 * raw, "smoothed \(smooth), unsmoothed \(raw)")
    }

    /// A face panning at constant speed is followed: the smoothed sticker keeps the
    /// face's speed and trails the unsmoothed one by well under a tenth of an eye distance.
    @Test func aMovingFaceIsFollowedWithoutLag() throws {
        let dir = try TemporaryDirectory()
        let moving = dir.path("pan.mp4")
        try MediaTools.ffmpeg(["-f", "lavfi", "-i", "color=c=gray:s=832x512:r=25", "-loop", "1", "-i", Fixtures.astronaut,
                               "-filter_complex", "[0][1]overlay=x='20+6*n':y=0,format=yuv420p", "-frames:v", "50",
                               "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", moving])
        func centres(_ extra: [String]) throws -> (x: [Double], eyes: [Double]) {
            let tracks = dir.path("tracks\(extra.count).json")
            let run = try Self.run([moving, "-o", dir.path("out\(extra.count).mp4"), "--tracks", tracks] + extra)
            #expect(run.status == 0, "\(run.stderr)")
            let faces = try TracksFile(path: tracks).frames.compactMap { $0.faces.first }
            return (faces.compactMap { $0.center?.x }, faces.compactMap(\.eyeDistance))
        }
        let smooth = try centres([]), raw = try centres(["--no-smoothing"])
        try #require(smooth.x.count == 50 && raw.x.count == 50)
        let speed = (smooth.x[49] - smooth.x[10]) / 39
        #expect(abs(speed - 6) < 0.3, "follows at \(speed) px a frame")
        let eye = smooth.eyes.reduce(0, +) / Double(smooth.eyes.count)
        let lag = (10..<50).map { raw.x[$0] - smooth.x[$0] }.reduce(0, +) / 40 / eye
        #expect(abs(lag) < 0.1, "mean lag \(lag) eye distances")
    }

    /// The tracks file records where the video's stickers are: an opaque red sticker
    /// covers the recorded centre and leaves the corners of the recorded box.
    @Test func tracksAndVideoAgree() throws {
        let dir = try TemporaryDirectory()
        let red = dir.path("red.png")
        try ImageFile.write(RGBAImage(width: 64, height: 64, fill: (255, 0, 0, 255)), to: red)
        let output = dir.path("out.mp4"), tracks = dir.path("tracks.json")
        let run = try CLIRun(["video", "--sticker", red, "--preset", "ultrafast", "--crf", "10", Self.video("carphone.mp4"),
                              "-o", output, "--tracks", tracks, "--no-audio"])
        #expect(run.status == 0, "\(run.stderr)")
        let file = try TracksFile(path: tracks)
        var checked = 0
        try VideoFrames.forEach(output) { index, frame in
            guard index % 10 == 0, let face = file.frames[index].faces.first, let c = face.center,
                  let size = face.size, let angle = face.angle else { return }
            let inside = frame[Int(c.x), Int(c.y)]
            #expect(inside.0 > 200 && inside.1 < 60 && inside.2 < 60, "frame \(index): red at the centre")
            // Just above the turned square's top edge: the video, not red.
            let y = Int(c.y - size / 2 / cos(angle * .pi / 180) - 3)
            if y >= 0 {
                let outside = frame[Int(c.x), y]
                #expect(!(outside.0 > 200 && outside.1 < 60), "frame \(index): no red outside the sticker")
            }
            checked += 1
        }
        #expect(checked >= 10)
    }

    // MARK: Nothing lost (issue section 6)

    @Test(Fixtures.needsShared("data/video/Megamind.avi"), arguments: ["truncate", "corrupt"])
    func aDamagedInputGivesAWarningAndAValidOutput(damage: String) throws {
        let dir = try TemporaryDirectory()
        // The clip's first 4 seconds (96 frames, AC3 audio): damaged as the whole file would be.
        var bytes = try Data(contentsOf: URL(fileURLWithPath: try Self.opening(of: "Megamind.avi", seconds: 4, in: dir)))
        if damage == "truncate" {
            // Cut in the middle of the last video chunk ("00dc", its size after it) before 60% of the
            // file, so that a frame is cut short, wherever the muxer put the audio.
            let chunk = try #require(bytes.range(of: Data("00dc".utf8), options: .backwards, in: 0..<bytes.count * 6 / 10))
            let size = bytes[chunk.upperBound..<chunk.upperBound + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
            bytes = bytes.prefix(chunk.upperBound + 4 + size / 2)
        } else {
            // Noise over three stretches of the stream, so that video frames are hit wherever the muxer put them.
            for start in [30, 55, 70].map({ bytes.count * $0 / 100 }) {
                for i in start..<start + 7_000 { bytes[i] = UInt8(truncatingIfNeeded: i &* 2_654_435_761 >> 13) }
            }
        }
        let input = dir.path("damaged.avi")
        try bytes.write(to: URL(fileURLWithPath: input))
        let output = dir.path("out.avi")
        let run = try Self.runWithDot(in: dir, [input, "-o", output, "--detect-every", "5"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.contains { $0.hasPrefix("facesticker: warning: \(input): damaged input") }, "\(run.stderr)")
        let decodable = try MediaTools.run("ffmpeg", ["-nostdin", "-v", "quiet", "-i", input, "-map", "0:v", "-fps_mode",
                                                       "passthrough", "-f", "framemd5", "-"])
            .split(separator: "\n").filter { !$0.hasPrefix("#") }.count
        let made = try MediaTools.stream(output, countFrames: true)
        #expect(Int(made["nb_read_frames"] as? String ?? "") == decodable, "every readable frame, no more")
        #expect(decodable > 50)
        #expect(!(try MediaTools.stream(output, "a").isEmpty), "audio kept")
    }

    /// Ctrl-C (SIGINT), SIGTERM, SIGHUP, SIGQUIT or SIGUSR1 mid-way (issue 15): exit 128 + the
    /// signal, one line, no output, no temporary file, input untouched, no ffmpeg left; while it
    /// ran, its ffmpeg children had SIGINT and SIGTERM at their defaults, in a group of their own.
    @Test(Fixtures.needsShared("data/video/megamind-720p.mp4"), arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1])
    func aSignalLeavesNothingBehind(signal: Int32) throws {
        let dir = try TemporaryDirectory()
        let input = Self.video("megamind-720p.mp4")
        let before = try Data(contentsOf: URL(fileURLWithPath: input))
        let run = try CLIRun.Running(["video", "--sticker", Self.sticker, "--preset", "slow", input, "-o", dir.path("out.mp4")])
        // Wait for the encoder's temporary file: the job is under way.
        for _ in 0..<600 where dir.contents().isEmpty { usleep(100_000) }
        #expect(dir.contents().count == 1 && dir.contents()[0].hasPrefix(".out.part-"), "\(dir.contents())")
        for pid in Self.pidsMentioning(dir.url.path) where pid != run.pid {
            let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
                .flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
            #expect(ignored & (1 << (UInt64(SIGINT) - 1) | 1 << (UInt64(SIGTERM) - 1)) == 0, "child \(pid) ignores signals")
            #expect(getpgid(pid) == pid, "child \(pid) leads its own process group")
        }
        kill(run.pid, signal)
        let ended = run.finish()
        let stderr = ended.stderr
        #expect(ended.signal == nil && ended.status == 128 + signal, "\(stderr)")
        #expect(stderr.split(separator: "\n").count == 1 && stderr.contains("interrupted"), "\(stderr)")
        #expect(dir.contents().isEmpty, "left behind: \(dir.contents())")
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == before)
        #expect(Self.processesMentioning(dir.url.path).isEmpty, "ffmpeg children were stopped")
    }

    /// SIGKILL cannot be caught: the temporary file stays, but no ffmpeg goes on without us.
    @Test(Fixtures.needsShared("data/video/megamind-720p.mp4")) func afterSIGKILLNoChildGoesOn() throws {
        let dir = try TemporaryDirectory()
        let run = try CLIRun.Running(["video", "-q", "--sticker", Self.sticker, "--preset", "slow",
                                      Self.video("megamind-720p.mp4"), "-o", dir.path("out.mp4")])
        for _ in 0..<600 where dir.contents().isEmpty { usleep(100_000) }
        kill(run.pid, SIGKILL)
        _ = run.wait(seconds: 60)
        var left = Self.processesMentioning(dir.url.path)
        for _ in 0..<50 where !left.isEmpty {
            usleep(100_000)
            left = Self.processesMentioning(dir.url.path)
        }
        #expect(left.isEmpty, "outlived us: \(left)")
    }

    /// Pids of live processes whose command line mentions `text`.
    static func pidsMentioning(_ text: String) -> [Int32] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
        return pids.filter { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return false }
            return String(decoding: data, as: UTF8.self).contains(text)
        }
    }

    /// Live processes whose command line mentions `text`.
    static func processesMentioning(_ text: String) -> [String] {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.filter { Int($0) != nil } ?? []
        return pids.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\0", with: " ")
            return line.contains(text) ? line : nil
        }
    }
}

/// The `--tracks` JSON as the tests read it.
private struct TracksFile {
    struct Face {
        let id: Int
        let center: Point?
        let size: Double?
        let angle: Double?
        let eyeDistance: Double?
    }

    struct Frame {
        let index: Int
        let time: Double
        let faces: [Face]
    }

    let frames: [Frame]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let list = try #require(root["frames"] as? [[String: Any]])
        frames = try list.map { frame in
            let faces = try #require(frame["faces"] as? [[String: Any]]).map { face -> Face in
                let sticker = face["sticker"] as? [String: Any]
                let center = (sticker?["center"] as? [Double]).map { Point(x: $0[0], y: $0[1]) }
                let marks = (face["landmarks"] as? [[Double]]) ?? []
                let eyes = marks.count == 5 ? Point(x: marks[0][0], y: marks[0][1])
                    .distance(to: Point(x: marks[1][0], y: marks[1][1])) : nil
                // `layers` lists every layer drawn, the first as `sticker` gives it.
                let layers = face["layers"] as? [[String: Any]]
                #expect(layers != nil)
                if let sticker {
                    #expect(layers?.first?["center"] as? [Double] == sticker["center"] as? [Double])
                    #expect(layers?.allSatisfy { $0["sticker"] is String && $0["anchor"] is String } == true)
                } else {
                    #expect(layers?.isEmpty == true)
                }
                #expect((face["box"] as? [Double])?.count == 4)
                #expect(face["score"] is Double || face["score"] is Int)
                return Face(id: face["id"] as? Int ?? -1, center: center, size: (sticker?["size"] as? [Double])?.first,
                            angle: sticker?["angle"] as? Double, eyeDistance: eyes)
            }
            return Frame(index: frame["index"] as? Int ?? -1, time: frame["time"] as? Double ?? -1, faces: faces)
        }
    }

    /// Mean |c[t+1] - 2 c[t] + c[t-1]| of track `id`'s sticker centre over consecutive frames, in eye distances.
    func jitter(id: Int) -> Double {
        let faces = frames.map { $0.faces.first { $0.id == id } }
        var total = 0.0, count = 0
        for t in 1..<max(1, faces.count - 1) {
            guard let a = faces[t - 1]?.center, let b = faces[t]?.center, let c = faces[t + 1]?.center,
                  let eyes = faces[t]?.eyeDistance, eyes > 0 else { continue }
            total += Point(x: c.x - 2 * b.x + a.x, y: c.y - 2 * b.y + a.y).distance(to: .zero) / eyes
            count += 1
        }
        return count > 0 ? total / Double(count) : 0
    }

    /// How far track `id`'s sticker centre moves from each frame to the next, in eye distances.
    func steps(id: Int) -> [Double] {
        let faces = frames.compactMap { $0.faces.first { $0.id == id } }
        return zip(faces, faces.dropFirst()).compactMap { a, b in
            guard let p = a.center, let q = b.center, let eyes = b.eyeDistance, eyes > 0 else { return nil }
            return p.distance(to: q) / eyes
        }
    }
}
