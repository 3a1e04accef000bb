import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `facesticker live` run as a user runs it: its Y4M stream read by ffprobe,
/// Ctrl-C, and every bad input answered with one line and a failure status.
@Suite(.serialized, Fixtures.needsYuNet) struct LiveCommandTests {
    static func quoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// The size of the file at `path`, 0 while there is none.
    static func size(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0
    }

    @Test func y4mOnStdoutIsReadByFFprobe() throws {
        let script = "\"$FS\" live --source \(Self.quoted(LiveFixtures.carphone)) --fast --y4m - --stats "
            + "--sticker \(Self.quoted(LiveFixtures.sunglassesArt)) 2>/dev/null | ffprobe -v error -count_frames "
            + "-show_entries stream=width,height,r_frame_rate,nb_read_frames,pix_fmt -of default=nw=1 -"
        let run = try CLIRun(shell: script)
        #expect(run.status == 0, "\(run.stderr)")
        let fields = Dictionary(uniqueKeysWithValues: run.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        })
        #expect(fields["width"] == "176" && fields["height"] == "144", "\(run.stdout)")
        #expect(fields["r_frame_rate"] == "30000/1001")
        #expect(fields["pix_fmt"] == "yuv420p")
        #expect(fields["nb_read_frames"] == "120", "every frame with --fast")
    }

    @Test func y4mFileHasStickersAndTheStatsLine() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("live.y4m")
        let run = try CLIRun(["live", "--source", LiveFixtures.carphone, "--y4m", out, "--stats",
                              "--sticker", LiveFixtures.sunglassesArt])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.contains { $0.hasPrefix("live: first sticker on frame ") }, "\(run.stderr)")
        let stats = run.stderrLines.last ?? ""
        #expect(stats.range(of: #"^live: 120 frames in, \d+ out, \d+ dropped \(\d+\.\d%\), [\d.]+ fps out, detection [\d.]+/s, mesh [\d.]+/s, flow [\d.]+/s, latency median [\d.]+ ms, p95 [\d.]+ ms"#,
                            options: .regularExpression) != nil, "\(run.stderr)")
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        let stream = try #require(Y4MStream(bytes))
        #expect(stream.width == 176 && stream.height == 144 && stream.header["F"] == "30000:1001")
        // Paced: a busy machine may drop any number of frames; every frame out is in the file, and
        // every frame in went out or was dropped.
        func count(_ word: String) -> Int? {
            stats.range(of: #"\d+ "# + word, options: .regularExpression).map { Int(stats[$0].dropLast(word.count + 1)) ?? -1 }
        }
        #expect(count("out") == stream.frames.count, "\(stats)")
        #expect(count("out").map { $0 + (count("dropped") ?? 0) } == 120, "\(stats)")
        #expect(stream.frames.count > 0)
        #expect(dir.contents() == ["live.y4m"], "no temporary file left")
    }

    /// `--size` of another shape than the file's (issue #42: 4:3 to 16:9 stretched faces 1.33
    /// times): every frame is the file scaled with its shape kept (ffmpeg's own scaling, as the
    /// source asks it), then cropped around the face (`--fill`, the default) or padded with black
    /// (`--fit`). Compared on the luma of a strip at the picture's left edge, away from the face.
    @Test(arguments: ["fill", "fit"])
    func aSizeOfAnotherShapeIsNeverStretched(mode: String) throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("live.y4m")
        let run = try CLIRun(["live", "--source", LiveFixtures.carphone, "--size", "1280x720", "--\(mode)", "--fast",
                              "--y4m", out, "--sticker", LiveFixtures.sunglassesArt])
        #expect(run.status == 0, "\(run.stderr)")
        let stream = try #require(Y4MStream(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))))
        #expect(stream.width == 1280 && stream.height == 720 && stream.frames.count == 120)
        // 176x144 scaled to cover 1280x720 keeps its shape at 1280x1046; to fit it, 880x720.
        let (w, h) = mode == "fill" ? (1280, 1046) : (880, 720)
        let reference = dir.path("scaled.yuv")
        try MediaTools.ffmpeg(["-i", LiveFixtures.carphone, "-vf", "scale=\(w):\(h):flags=area,format=yuv420p,select=eq(n\\,60)",
                               "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "yuv420p", reference])
        let scaled = try [UInt8](Data(contentsOf: URL(fileURLWithPath: reference)))
        try #require(scaled.count == YUVFrame.byteCount(width: w, height: h))
        let frame = stream.frames[60]
        /// Mean luma difference of the output's columns `columns` against the reference's from `x0`, rows shifted by `dy`.
        func difference(columns: Range<Int>, x0: Int, dy: Int) -> Double {
            var sum = 0, n = 0
            for y in 0..<min(720, h - dy) {
                for (i, x) in columns.enumerated() {
                    sum += abs(Int(frame[y * 1280 + x]) - Int(scaled[(y + dy) * w + x0 + i]))
                    n += 1
                }
            }
            return Double(sum) / Double(max(1, n))
        }
        if mode == "fill" {
            // Some window of the covering picture is the output, exactly but for rounding.
            let best = stride(from: 0, through: h - 720, by: 2).map { difference(columns: 0..<160, x0: 0, dy: $0) }.min() ?? 255
            #expect(best < 1.5, "the left strip is the scaled file's: \(best)")
        } else {
            #expect(frame[0..<(720 * 1280)].enumerated().allSatisfy { i, v in (200..<1080).contains(i % 1280) || v == 16 },
                    "black bars of 200 columns each side")
            #expect(difference(columns: 200..<360, x0: 0, dy: 0) < 1.5, "the picture in the middle is the scaled file")
        }
    }

    @Test func ctrlCEndsTheRunWithStatsAndAWholeFile() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("cut.y4m")
        let run = try CLIRun.Running(["live", "--source", LiveFixtures.carphone, "--loop", "--y4m", out, "--stats"])
        #expect(run.waitFor("Ctrl-C stops", seconds: 60), "\(run.stderr)")
        // Interrupted once more than 10 frames are in the file (written under a temporary name beside
        // it until the end), not after a time: a busy machine writes them later. The limit only tells
        // a stalled run from a slow one.
        let tenFrames = 10 * (YUVFrame.byteCount(width: 176, height: 144) + 6)
        let started = Date()
        while dir.contents().map({ Self.size(dir.path($0)) }).reduce(0, +) <= tenFrames,
              Date().timeIntervalSince(started) < 120, run.wait(seconds: 0.1) == nil {}
        kill(run.pid, SIGINT)
        #expect(run.wait(seconds: 20) == 0, "Ctrl-C is the way to stop a live run: \(run.stderr)")
        #expect(run.stderr.contains("frames in"), "the stats: \(run.stderr)")
        let stream = try #require(Y4MStream(try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))))
        #expect(stream.frames.count > 10)
        #expect(dir.contents() == ["cut.y4m"], "no temporary file left")
    }

    @Test func aReaderThatLeavesEndsTheRunQuietly() throws {
        let script = "\"$FS\" live --source \(Self.quoted(LiveFixtures.carphone)) --fast --loop --y4m - | head -c 100000 >/dev/null; "
            + "echo \"${PIPESTATUS:-}\""
        let run = try CLIRun(shell: script)
        #expect(run.status == 0)
        #expect(!run.stderr.contains("error"), "\(run.stderr)")
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: @Sendable (String) -> [String]
        let status: Int32
        let message: @Sendable (String) -> String
        var testDescription: String { name }
    }

    static let badCases: [BadCase] = [
        BadCase(name: "no output", arguments: { _ in ["--source", LiveFixtures.carphone] }, status: 2,
                message: { _ in "facesticker: live: no output: give --preview, --virtual-camera /dev/videoM or --y4m FILE|- (see --help)" }),
        BadCase(name: "missing source", arguments: { dir in ["--source", dir + "/nope.mp4", "--y4m", "-"] }, status: 1,
                message: { dir in "facesticker: \(dir)/nope.mp4: no such file" }),
        BadCase(name: "y4m over the source", arguments: { dir in ["--source", dir + "/in.mp4", "--y4m", dir + "/in.mp4"] },
                status: 2, message: { dir in "facesticker: --y4m \(dir)/in.mp4 would overwrite the source; choose another name (nothing was written)" }),
        BadCase(name: "y4m in a missing folder", arguments: { dir in ["--source", dir + "/in.mp4", "--y4m", dir + "/no/out.y4m"] },
                status: 1, message: { dir in "facesticker: \(dir)/no/out.y4m: cannot write: folder \(dir)/no does not exist" }),
        BadCase(name: "virtual camera not a device", arguments: { dir in ["--source", dir + "/in.mp4", "--virtual-camera", "/dev/null"] },
                status: 1, message: { _ in "facesticker: /dev/null: not a V4L2 video device" }),
        BadCase(name: "virtual camera missing", arguments: { dir in ["--source", dir + "/in.mp4", "--virtual-camera", "/dev/video97"] },
                status: 1, message: { _ in "facesticker: /dev/video97: no such device (load v4l2loopback: sudo modprobe v4l2loopback exclusive_caps=1 card_label=FaceSticker)" }),
        BadCase(name: "fps out of range", arguments: { dir in ["--source", dir + "/in.mp4", "--y4m", "-", "--fps", "0"] },
                status: 2, message: { _ in "facesticker: --fps: 0 is outside 1...240" }),
        BadCase(name: "duration out of range", arguments: { dir in ["--source", dir + "/in.mp4", "--y4m", "-", "--duration", "0"] },
                status: 2, message: { _ in "facesticker: --duration: 0 is outside 0.1...86400" }),
        BadCase(name: "device and source", arguments: { dir in ["--source", dir + "/in.mp4", "--device", "/dev/video0", "--y4m", "-"] },
                status: 2, message: { _ in "facesticker: live: --device and --source together (one source at a time)" }),
        BadCase(name: "not a video", arguments: { dir in ["--source", dir + "/junk.mp4", "--y4m", "-"] },
                status: 1, message: { dir in "facesticker: \(dir)/junk.mp4: " }),
        BadCase(name: "fill and fit", arguments: { dir in ["--source", dir + "/in.mp4", "--size", "1280x720", "--fill", "--fit",
                                                            "--y4m", "-"] },
                status: 2, message: { _ in "facesticker: live: give one of --fill and --fit" }),
    ]

    @Test(arguments: badCases)
    func badInputIsOneLineAndAFailure(_ bad: BadCase) throws {
        let dir = try TemporaryDirectory()
        try FileManager.default.copyItem(atPath: LiveFixtures.carphone, toPath: dir.path("in.mp4"))
        _ = try dir.write("junk.mp4", "this is not a video")
        let run = try CLIRun(["live"] + bad.arguments(dir.url.path))
        #expect(run.status == bad.status, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderrLines.count == 1, "one line: \(run.stderr)")
        #expect(run.stderr.hasPrefix(bad.message(dir.url.path)), "\(run.stderr)")
        #expect(Set(dir.contents()) == ["in.mp4", "junk.mp4"], "nothing written")
    }
}
