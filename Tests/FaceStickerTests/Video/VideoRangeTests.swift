@testable import FaceSticker
import Foundation
import Testing

/// `facesticker video --start/--duration/--to [--keep-rest]` run as a user runs it, on the
/// shared clips and on clips made here; what the output holds is checked independently with
/// ffprobe (frame timestamps, counts, audio packets) and ffmpeg (reference frames' pixels).
@Suite(Fixtures.needsYuNet) struct VideoRangeTests {
    static func video(_ name: String) -> String {
        name == "carphone.mp4" ? Fixtures.carphone : Fixtures.sharedPath("data/video/" + name)
    }

    /// `facesticker video` with a fast preset; `arguments` after it.
    static func run(_ arguments: [String]) throws -> CLIRun {
        try CLIRun(["video", "--preset", "ultrafast"] + arguments)
    }

    /// A tracks file with no face: the video is drawn on with nothing, so frames are the input's (no detector runs).
    static func noFaces(in dir: TemporaryDirectory) throws -> String { try dir.write("none.tracks.json", #"{"frames": []}"#) }

    // MARK: What ffprobe and ffmpeg say, independently of the product

    /// Each frame's presentation time in seconds from the file's start (nil where ffprobe gives none), in order.
    static func frameTimes(_ arguments: [String]) throws -> [Double?] {
        let text = try MediaTools.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries",
                                                  "frame=best_effort_timestamp_time:format=start_time",
                                                  "-print_format", "json"] + arguments)
        let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let start = Double((root?["format"] as? [String: Any])?["start_time"] as? String ?? "0") ?? 0
        let frames = root?["frames"] as? [[String: Any]] ?? []
        return frames.map { ($0["best_effort_timestamp_time"] as? String).flatMap(Double.init).map { $0 - start } }
    }

    /// The indices of the frames shown at `start` <= t < `end`.
    static func expected(_ times: [Double?], start: Double, end: Double) -> [Int] {
        // Times print with 6 decimals: half a microsecond of slack.
        times.indices.filter { i in times[i].map { $0 >= start - 5e-7 && $0 < end - 5e-7 } ?? false }
    }

    /// The luma planes of frames `indices` of a video, by index (ffmpeg's own decode, `select` by frame number).
    static func luma(_ input: [String], frames indices: [Int], width: Int, height: Int) throws -> [Int: [UInt8]] {
        let wanted = Array(Set(indices)).sorted()
        let select = wanted.map { "eq(n\\,\($0))" }.joined(separator: "+")
        let dir = try TemporaryDirectory()
        let out = dir.path("frames.y")
        try MediaTools.ffmpeg(input + ["-vf", "select=\(select)", "-fps_mode", "passthrough", "-f", "rawvideo",
                                       "-pix_fmt", "gray", out])
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        let size = width * height
        // select passes them in frame order.
        let planes = (0..<(bytes.count / size)).map { Array(bytes[($0 * size)..<(($0 + 1) * size)]) }
        return Dictionary(uniqueKeysWithValues: zip(wanted, planes))
    }

    /// Mean absolute difference of two luma planes (optionally within a box), 0...255.
    static func difference(_ a: [UInt8], _ b: [UInt8], width: Int, box: (x: Int, y: Int, w: Int, h: Int)? = nil) -> Double {
        guard a.count == b.count, !a.isEmpty else { return 255 }
        let height = a.count / width
        let (x0, y0, w, h) = box ?? (0, 0, width, height)
        var sum = 0, n = 0
        for y in max(0, y0)..<min(height, y0 + h) {
            for x in max(0, x0)..<min(width, x0 + w) {
                sum += abs(Int(a[y * width + x]) - Int(b[y * width + x]))
                n += 1
            }
        }
        return n > 0 ? Double(sum) / Double(n) : 255
    }

    static func size(_ path: String) throws -> (Int, Int) {
        let stream = try MediaTools.stream(path)
        return (stream["width"] as? Int ?? 0, stream["height"] as? Int ?? 0)
    }

    /// The audio stream's span as its packets give it: first start and last end, in seconds.
    static func audioSpan(_ path: String) throws -> (start: Double, end: Double, frame: Double) {
        let text = try MediaTools.run("ffprobe", ["-v", "error", "-select_streams", "a:0", "-show_entries",
                                                  "packet=pts_time,duration_time", "-of", "csv=p=0", path])
        let packets = text.split(separator: "\n").map { $0.split(separator: ",").compactMap { Double($0) } }
            .filter { $0.count == 2 }
        let first = try #require(packets.first), last = try #require(packets.last)
        return (first[0], last[0] + last[1], first[1])
    }

    /// A shared clip, or carphone copied here into an MPEG transport stream
    /// (`carphone.ts`; `offset.m2ts` starting 10 s in).
    static func input(_ name: String, in dir: TemporaryDirectory) throws -> String {
        guard name.hasSuffix("ts") else { return Self.video(name) }
        let path = dir.path(name)
        let offset = name.hasPrefix("offset") ? ["-output_ts_offset", "10"] : []
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-c", "copy"] + offset + [path])
        return path
    }

    static func seconds(_ text: String) throws -> Double { Double(try TimeRange.parse(text, setting: .start)) / 1e6 }

    // MARK: The output is the range

    /// The output holds exactly the frames shown from --start up to the end of the part (by
    /// ffprobe's timestamps of the input, so not keyframe-rounded), its first frame is the
    /// input's frame there (pixels against ffmpeg's decode of that frame, closer than to its
    /// neighbours), and it lasts as long. 1.9728 s on Megamind.avi falls 0.3 of a tick
    /// after a frame whose time base is one frame, where rounding to ticks (ffmpeg's own
    /// -ss) takes the frame before; the AVI's first frame is stamped one frame late.
    @Test(Fixtures.needsShared("data/video"), arguments: [
        ("carphone.mp4", ["--start", "1.5", "--duration", "2"], 1.5, 3.5),
        ("Megamind.avi", ["--start", "1.9728", "--duration", "1"], 1.9728, 2.9728),
        ("megamind-720p.mp4", ["--start", "0:04.5", "--to", "00:00:06"], 4.5, 6.0),
        ("megamind-720p.mp4", ["--duration", "1.25"], 0, 1.25),
        // MPEG transport streams have no index: a seek lands between keyframes (issue #41).
        ("carphone.ts", ["--start", "1", "--duration", "1"], 1, 2),
        ("offset.m2ts", ["--start", "1.5", "--to", "3.5"], 1.5, 3.5),
    ])
    func theOutputIsThePart(name: String, range: [String], start: Double, end: Double) throws {
        let dir = try TemporaryDirectory()
        let input = try Self.input(name, in: dir)
        let output = dir.path("part.mkv")
        let run = try Self.run([input, "-o", output, "--tracks-in", try Self.noFaces(in: dir)] + range)
        #expect(run.status == 0, "\(run.stderr)")
        let frames = Self.expected(try Self.frameTimes([input]), start: start, end: end)
        let first = try #require(frames.first)
        let made = try MediaTools.stream(output, countFrames: true)
        #expect(Int(made["nb_read_frames"] as? String ?? "") == frames.count, "frames \(frames.first ?? -1)...\(frames.last ?? -1)")
        let rate = try #require(FrameRate(made["avg_frame_rate"] as? String ?? ""))
        let lasts = try Self.frameTimes([output]).compactMap { $0 }.last.map { $0 + 1 / rate.value } ?? 0
        #expect(abs(lasts - (end - start)) <= 1 / rate.value, "lasts \(lasts) s")

        let (width, height) = try Self.size(input)
        let neighbours = [first - 1, first, first + 1].filter { $0 >= 0 }
        let source = try Self.luma(["-i", input], frames: neighbours, width: width, height: height)
        let out = try #require(try Self.luma(["-i", output], frames: [0], width: width, height: height)[0])
        let reference = try #require(source[first])
        let distance = Self.difference(out, reference, width: width)
        #expect(distance < 3, "the first frame is input frame \(first): \(distance)")
        // A neighbour that differs from the frame at all (megamind's first frames repeat) is farther.
        for n in neighbours where n != first {
            let neighbour = try #require(source[n])
            guard Self.difference(neighbour, reference, width: width) > 0.5 else { continue }
            #expect(Self.difference(out, neighbour, width: width) > distance, "closer to frame \(first) than to \(n)")
        }
    }

    /// The audio is cut at the same times: it starts within one audio frame of the part's
    /// start and ends within one of its end (copied packets: AAC into .mp4, AC-3 into .mkv;
    /// and a 440 Hz tone muxed onto carphone here).
    @Test(Fixtures.needsShared("data/video"), arguments: [
        ("megamind-720p.mp4", "mp4"), ("Megamind.avi", "mkv"), ("Megamind.avi", "mp4"), ("tone", "mov"), ("tone.ts", "mp4"),
    ])
    func theAudioIsCutWithIt(name: String, ext: String) throws {
        let dir = try TemporaryDirectory()
        var input = Self.video(name)
        if name.hasPrefix("tone") {
            input = dir.path(name == "tone" ? "tone.mp4" : name)
            try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=44100",
                                   "-map", "0:v", "-map", "1:a", "-c:v", "copy", "-c:a", "aac", "-shortest", input])
        }
        let output = dir.path("part." + ext)
        let run = try Self.run([input, "-o", output, "--tracks-in", try Self.noFaces(in: dir),
                                "--start", "2", "--duration", "1.5"])
        #expect(run.status == 0, "\(run.stderr)")
        let audio = try Self.audioSpan(output)
        #expect(audio.start >= 0 && audio.start <= audio.frame, "starts within one audio frame: \(audio)")
        #expect(abs(audio.end - 1.5) <= audio.frame, "ends within one audio frame of 1.5 s: \(audio)")
        let source = try MediaTools.stream(input, "a")
        let made = try MediaTools.stream(output, "a")
        #expect(made["codec_name"] as? String == source["codec_name"] as? String, "copied, not re-encoded")
    }

    /// --tracks numbers the part's frames as the output's (from 0, times from 0), and a
    /// tracks file written so draws the same part again with --tracks-in.
    @Test func tracksAreNumberedInTheOutputsFrames() throws {
        let dir = try TemporaryDirectory()
        let tracks = dir.path("part.tracks.json")
        let first = try Self.run([Fixtures.carphone, "-o", dir.path("a.mp4"), "--tracks", tracks, "--start", "1", "--duration", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let file = try TracksFile.load(path: tracks)
        #expect(file.faces.keys.min() == 0 && file.faces.keys.max() == 29, "30 frames, 0...29: \(file.faces.keys.sorted())")
        #expect(file.faces.values.contains { !$0.isEmpty }, "the face is there")
        let again = try Self.run([Fixtures.carphone, "-o", dir.path("b.mp4"), "--tracks-in", tracks, "--start", "1", "--duration", "1"])
        #expect(again.status == 0 && !again.stderr.contains("warning"), "\(again.stderr)")
        #expect(Int(try MediaTools.stream(dir.path("b.mp4"), countFrames: true)["nb_read_frames"] as? String ?? "") == 30)
    }

    // MARK: --keep-rest

    /// The whole video is written (every frame, all the audio); frames outside the range are
    /// the input's within the codec's tolerance, and inside it the faces are covered (a
    /// solid black effect: the face box differs from the input's), as the tracks file lists
    /// only frames of the range.
    @Test(Fixtures.needsShared("data/video"), arguments: [
        ("carphone.mp4", "1", "1.5", 1.0, 2.5), ("megamind-720p.mp4", "4", "2", 4.0, 6.0),
    ])
    func keepRestStickersOnlyTheRange(name: String, start: String, duration: String, from: Double, to: Double) throws {
        let dir = try TemporaryDirectory()
        let input = Self.video(name)
        let output = dir.path("whole.mp4"), tracks = dir.path("whole.tracks.json")
        let run = try Self.run([input, "-o", output, "--sticker", "solid:#000000", "--tracks", tracks,
                                "--start", start, "--duration", duration, "--keep-rest", "--detect-every", "3"])
        #expect(run.status == 0, "\(run.stderr)")
        let times = try Self.frameTimes([input])
        let inside = Self.expected(times, start: from, end: to)
        let source = try MediaTools.stream(input, countFrames: true)
        let made = try MediaTools.stream(output, countFrames: true)
        #expect(made["nb_read_frames"] as? String == source["nb_read_frames"] as? String, "every frame")
        if (try? MediaTools.stream(input, "a"))?["codec_name"] != nil {
            let sourceAudio = Double(try MediaTools.stream(input, "a")["duration"] as? String ?? "") ?? 0
            let audio = try Self.audioSpan(output)
            #expect(abs(audio.end - audio.start - sourceAudio) <= audio.frame, "all the audio: \(audio) of \(sourceAudio) s")
        }
        let file = try TracksFile.load(path: tracks)
        #expect(Set(file.faces.keys) == Set(inside), "the tracks file lists the range's frames only")
        let lit = inside.filter { !(file.faces[$0] ?? []).isEmpty }
        let firstIn = try #require(inside.first), lastIn = try #require(inside.last)
        let outside = [0, firstIn - 1, lastIn + 1, times.count - 1]
        let inFrames = [lit.first, lit.dropFirst(lit.count / 2).first, lit.last].compactMap { $0 }
        #expect(inFrames.count == 3, "faces inside the range")
        let (width, height) = try Self.size(input)
        let sourceLuma = try Self.luma(["-i", input], frames: outside + inFrames, width: width, height: height)
        let outLuma = try Self.luma(["-i", output], frames: outside + inFrames, width: width, height: height)
        for index in outside {
            let d = Self.difference(try #require(outLuma[index]), try #require(sourceLuma[index]), width: width)
            #expect(d < 3, "frame \(index), outside the range, is the input's: \(d)")
        }
        for index in inFrames {
            let face = try #require(file.faces[index]?.first).face.box
            let box = (Int(face.x + face.width / 4), Int(face.y + face.height / 4), Int(face.width / 2), Int(face.height / 2))
            let d = Self.difference(try #require(outLuma[index]), try #require(sourceLuma[index]), width: width, box: box)
            #expect(d > 30, "frame \(index), inside the range, has its face covered: \(d)")
        }
    }

    // MARK: Edges

    /// A range reaching past the end is cut there, with a note; the output holds the frames up to the end.
    @Test func aRangePastTheEndIsCutThere() throws {
        let dir = try TemporaryDirectory()
        let output = dir.path("tail.mp4")
        let run = try Self.run([Fixtures.carphone, "-o", output, "--tracks-in", try Self.noFaces(in: dir),
                                "--start", "3", "--duration", "10"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("reaches past the end") && run.stderr.contains("cut there"), "\(run.stderr)")
        let frames = Self.expected(try Self.frameTimes([Fixtures.carphone]), start: 3, end: 13)
        #expect(Int(try MediaTools.stream(output, countFrames: true)["nb_read_frames"] as? String ?? "") == frames.count)
    }

    /// Bad times, and a start past the end, are usage errors: exit 2, one line naming the
    /// option, nothing written.
    @Test(arguments: [
        (["--start", "abc"], "--start"), (["--start", "1:75"], "--start"), (["--start", "1.2.3"], "--start"),
        (["--start", "12s"], "--start"), (["--start=-1"], "--start"), (["--duration", "0"], "--duration"),
        (["--duration", "00:00.000"], "--duration"), (["--duration=-2"], "--duration"), (["--to", ""], "--to"),
        (["--start", "2", "--to", "1.5"], "--to"), (["--duration", "1", "--to", "2"], "--duration and --to"),
        (["--keep-rest"], "--keep-rest"), (["--start", "4.1"], "--start"), (["--start", "1:00:00", "--keep-rest"], "--start"),
    ])
    func badTimesAreUsageErrors(arguments: [String], option: String) throws {
        let dir = try TemporaryDirectory()
        let run = try Self.run([Fixtures.carphone, "-o", dir.path("out.mp4")] + arguments)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains(option), "\(run.stderr)")
        #expect(dir.contents().isEmpty, "nothing written")
    }

    /// An image sequence (carphone's first 60 frames as PNGs, read at 25 fps) takes the
    /// range by frame times: 1 s to 2 s is pictures 26 to 50, the first equal to picture 26.
    @Test func imageSequencesTakeTheRange() throws {
        let dir = try TemporaryDirectory()
        let frames = dir.path("frames")
        try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-frames:v", "60", frames + "/%04d.png"])
        let output = dir.path("part.mp4")
        let run = try Self.run([frames + "/%04d.png", "--fps", "25", "-o", output, "--tracks-in", try Self.noFaces(in: dir),
                                "--start", "1", "--duration", "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Int(try MediaTools.stream(output, countFrames: true)["nb_read_frames"] as? String ?? "") == 25)
        let (width, height) = try Self.size(frames + "/0026.png")
        let picture = try Self.luma(["-i", frames + "/0026.png"], frames: [0], width: width, height: height)
        let out = try Self.luma(["-i", output], frames: [0], width: width, height: height)
        #expect(Self.difference(try #require(out[0]), try #require(picture[0]), width: width) < 3)
    }

    /// --skip-existing takes an output of the same part as done, and does one of another part again.
    @Test func skipExistingFollowsTheRange() throws {
        let dir = try TemporaryDirectory()
        let output = dir.path("part.mp4")
        let common = [Fixtures.carphone, "-o", output, "--tracks-in", try Self.noFaces(in: dir), "--skip-existing"]
        let first = try Self.run(common + ["--start", "1", "--duration", "1"])
        #expect(first.status == 0, "\(first.stderr)")
        let same = try Self.run(common + ["--start", "0:01", "--to", "2"])
        #expect(same.status == 0 && same.stderr.contains("skipped"), "\(same.stderr)")
        let other = try Self.run(common + ["--start", "1", "--duration", "2"])
        #expect(other.status == 0 && other.stderr.contains("done again"), "\(other.stderr)")
        #expect(Int(try MediaTools.stream(output, countFrames: true)["nb_read_frames"] as? String ?? "") == 60)
    }

    // MARK: Times as ffmpeg takes them

    @Test(arguments: [
        ("12.5", 12_500_000), ("90", 90_000_000), ("1:30", 90_000_000), ("01:02:03.5", 3_723_500_000),
        ("0:00.0000019", 1), ("100:00:00", 360_000_000_000), ("0.1234567", 123_456), ("00:59", 59_000_000),
    ] as [(String, Int64)])
    func timesParseAsFfmpegDoes(text: String, microseconds: Int64) throws {
        #expect(try TimeRange.parse(text, setting: .start) == microseconds)
    }

    /// Frame indices in exact integers: a start on a frame takes that frame, a microsecond after takes the next.
    @Test(arguments: [
        (2_002_002, 48), (2_002_003, 49), (2_000_000, 48), (0, 0),
    ] as [(Int64, Int)])
    func theFirstFrameIsTheFirstAtOrAfterTheStart(start: Int64, first: Int) throws {
        let rate = try #require(FrameRate("2997/125"))
        let clock = FrameClock(tickNumerator: 1, tickDenominator: 11988)
        let span = TimeRange(start: start, end: start + 1_000_000).frames(rate: rate, clock: clock, frameCount: 271)
        #expect(span.first == first)
        #expect(TimeRange.ticks(at: start, clock) == Int64((Double(start) * 11988 / 1e6).rounded(.up)))
    }
}
