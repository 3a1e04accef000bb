import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore

/// Reads a video's properties with `ffprobe` (JSON output).
package enum VideoProbe {
    /// Probes `path`; errors name the file and say what is wrong with it.
    package static func probe(path: String) throws -> VideoInfo {
        try probe(path: path, sequenceRate: nil)
    }

    /// Probes `path`; with `sequenceRate`, `path` is an image sequence pattern
    /// (`frames/%04d.png`) read at that rate.
    package static func probe(path: String, sequenceRate: FrameRate?) throws -> VideoInfo {
        if let sequenceRate {
            guard let pattern = try ImageSequence.pattern(path) else {
                throw FaceStickerError.unreadable(path: path, reason: "not an image sequence (name its pictures like frames/%04d.png)")
            }
            let frames = try ImageSequence.checkInput(pattern)
            let run = try ChildProcess.capture("ffprobe", ["-v", "error", "-print_format", "json", "-show_streams",
                "-show_format"] + ImageSequence.inputArguments(path, rate: sequenceRate))
            guard run.status == 0, let root = json(run.output) else {
                let why = run.errors.last.map { FFmpegArguments.reason(from: $0) } ?? "ffprobe failed"
                throw FaceStickerError.unreadable(path: path, reason: "not a readable image sequence (\(why))")
            }
            var info = try parse(root, path: path)
            info.isSequence = true
            info.isStillImage = false
            info.frameRate = sequenceRate
            info.frameCount = frames.count
            info.frameCountIsEstimate = false // the pictures, counted
            info.duration = info.frameCount.map { Double($0) / sequenceRate.value }
            return info
        }
        try InputPath.check(path)
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw FaceStickerError.unreadable(path: path, reason: "not a readable file")
        }
        let run = try ChildProcess.capture("ffprobe", [
            "-v", "error", "-print_format", "json", "-show_streams", "-show_format", "-i", FFmpegArguments.url(path),
        ])
        guard run.status == 0, let root = json(run.output) else {
            let why = run.errors.last.map { FFmpegArguments.reason(from: $0) } ?? "ffprobe failed"
            throw FaceStickerError.unreadable(path: path, reason: "not a readable video (\(why))")
        }
        return try parse(root, path: path)
    }

    /// The input of a video job: an image sequence (a pattern, read at
    /// `sequenceRate`) or a file. A file whose container states no frame count
    /// (Matroska, WebM) has its frames counted from its packets, a pass that
    /// reads the file without decoding it: its count is then known, its rate is
    /// the frames over the time they span (a variable-rate Matroska file states
    /// the rate of its first frames, issue #41), and its last frame's time tells a
    /// `--start` past it.
    package static func probeInput(_ input: String, sequenceRate: FrameRate) throws -> VideoInfo {
        if ImageSequence.isPattern(input) { return try probe(path: input, sequenceRate: sequenceRate) }
        var info = try probe(path: input)
        guard info.frameCountIsEstimate, VideoInfo.countedByPackets.contains(info.container),
              let (times, end) = cachedPacketTimes(info) else { return info }
        info.frameCount = times.count
        info.frameCountIsEstimate = false
        info.frameTimes = times
        info.streamEnd = end
        // Frames over their span, when the stated rate does not fit them to within a frame.
        if let rate = info.averageRate(of: FrameSpan(first: 0, end: nil, reachesPastTheEnd: false)),
           let first = times.first, abs(Double(times.count) - Double(end - first) / 1e6 * info.frameRate.value) > 1 {
            info.frameRate = rate
        }
        return info
    }

    /// The last few packet passes, by file as it is now (path, device, inode, size, change
    /// time): a run's checks before the work and the work itself read a file's packets once.
    private static let packetPasses = Mutex<[(key: String, times: [Int64], end: Int64)]>([])

    /// `info` with each frame's time read from the packets where the probe did not
    /// (`frameTimes`, `streamEnd`): what cuts by frames need (`video --segment`). Unchanged
    /// when they cannot be read.
    package static func withFrameTimes(_ info: VideoInfo) -> VideoInfo {
        guard info.frameTimes == nil, !info.isSequence, !info.isStillImage, let (times, end) = cachedPacketTimes(info) else {
            return info
        }
        var info = info
        info.frameTimes = times
        info.streamEnd = end
        return info
    }

    /// `packetTimes`, read once per file as it is now.
    private static func cachedPacketTimes(_ info: VideoInfo) -> (times: [Int64], end: Int64)? {
        var file = stat()
        guard stat(info.path, &file) == 0 else { return packetTimes(info) }
        let key = "\(info.path)\u{0}\(file.st_dev) \(file.st_ino) \(file.st_size) \(file.st_ctim.tv_sec).\(file.st_ctim.tv_nsec)"
        if let known = packetPasses.withLock({ $0.first { $0.key == key } }) { return (known.times, known.end) }
        guard let read = packetTimes(info) else { return nil }
        packetPasses.withLock { passes in
            passes.append((key, read.times, read.end))
            if passes.count > 4 { passes.removeFirst() }
        }
        return read
    }

    /// What a pass over a video stream's packets (demuxing, no decoding) tells: when
    /// each frame is shown, sorted, and when the last ends, in microseconds from the
    /// file's start. Nil when ffprobe fails or a packet has no time.
    private static func packetTimes(_ info: VideoInfo) -> (times: [Int64], end: Int64)? {
        guard let run = try? ChildProcess.capture("ffprobe", ["-v", "error", "-select_streams", "v:0",
            "-show_entries", "stream=time_base:packet=pts,duration:format=start_time", "-of", "csv=p=1",
            "-i", FFmpegArguments.url(info.path)]), run.status == 0 else { return nil }
        var base: FrameRate?, start = 0.0
        var ticks: [(pts: Int64, duration: Int64)] = []
        for line in String(decoding: run.output, as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            switch fields.first {
            case "packet"?:
                guard fields.count >= 3, let pts = Int64(fields[1]), abs(pts) < 1 << 50 else { return nil }
                ticks.append((pts, Int64(fields[2]).map { max(0, min($0, 1 << 40)) } ?? 0))
            case "stream"?: base = fields.count >= 2 ? FrameRate(String(fields[1])) : nil
            case "format"?: start = fields.count >= 2 ? Double(fields[1]) ?? 0 : 0
            default: break
            }
        }
        // A time base is a rate the other way up; ticks to microseconds in exact integers.
        guard let base, !ticks.isEmpty, abs(start) < 8.64e10 else { return nil }
        let origin = Int64((start * 1e6).rounded())
        // Clamped: a forged time base cannot trap the conversion (2^50 ticks of up to 2^31 seconds each).
        func micro(_ t: Int64) -> Int64 {
            Int64(clamping: Int128(t) * 1_000_000 * Int128(base.numerator) / Int128(base.denominator) - Int128(origin))
        }
        let times = ticks.map { micro($0.pts) }.sorted()
        let end = ticks.map { micro($0.pts + $0.duration) }.max() ?? 0
        return (times, max(end, times.last ?? 0))
    }

    /// Why the video at `path` is not a whole one, or nil when it is: ffprobe
    /// decodes its first video stream frame by frame (`-count_frames`) with
    /// no error, into more than no frames, and into as many as the file's
    /// index lists when it lists them. (A file cut short, or with its frame
    /// data damaged, fails one of these; it costs one decode of the file.)
    package static func undecodable(path: String) -> String? {
        decodes(path: path).problem
    }

    /// As `undecodable`, with the frames ffprobe decoded (0 when it could not run).
    package static func decodes(path: String) -> (problem: String?, frames: Int) {
        let counted = countedStream(path, counting: "-count_frames", entries: "stream=nb_frames,nb_read_frames")
        guard let stream = counted.stream else { return (counted.problem, 0) }
        let read = stream["nb_read_frames"]?.intValue ?? 0
        guard read > 0 else { return ("no frame decodes", 0) }
        if let listed = stream["nb_frames"]?.intValue, listed != read {
            return ("\(read) of its \(listed) frames decode", read)
        }
        return (nil, read)
    }

    /// The packets of the first video stream, read to the end of the file without decoding
    /// (`-count_packets`: for a file written whole, one per frame); the problem when ffprobe
    /// reports one (a file cut short, a damaged container) or reads none.
    package static func packets(path: String) -> (problem: String?, count: Int) {
        let counted = countedStream(path, counting: "-count_packets", entries: "stream=nb_read_packets")
        guard let stream = counted.stream else { return (counted.problem, 0) }
        let count = stream["nb_read_packets"]?.intValue ?? 0
        return count > 0 ? (nil, count) : ("no frame in it", 0)
    }

    /// The first video stream's `entries` after ffprobe read the whole file `counting` its frames
    /// or packets; else the problem (its first error line, or what is missing).
    private static func countedStream(_ path: String, counting: String, entries: String) -> (stream: JSONValue?, problem: String) {
        guard let run = try? ChildProcess.capture("ffprobe", [
            "-v", "error", "-select_streams", "v:0", counting, "-show_entries", entries,
            "-print_format", "json", "-i", FFmpegArguments.url(path),
        ]) else { return (nil, "ffprobe cannot run") }
        if let line = run.errors.first { return (nil, FFmpegArguments.reason(from: line)) }
        guard run.status == 0, let root = json(run.output) else { return (nil, "not a readable video") }
        guard let stream = root["streams"]?.arrayValue?.first else { return (nil, "no video stream") }
        return (stream, "")
    }

    /// How the video's frames are stamped (`FrameClock`): its stream's time
    /// base, the file's start and its first frame's timestamp (0 for most
    /// files; 1 tick for some AVIs). Costs decoding a few frames. Microsecond
    /// ticks from 0 when ffprobe cannot say.
    package static func frameClock(_ info: VideoInfo) -> FrameClock {
        guard let run = try? ChildProcess.capture("ffprobe", ["-v", "error", "-select_streams", "v:0",
            "-read_intervals", "%+#3", "-show_entries", "stream=time_base:frame=best_effort_timestamp:format=start_time",
            "-print_format", "json"] + FFmpegArguments.input(info)),
              run.status == 0, let root = json(run.output),
              let base = root["streams"]?.arrayValue?.first?["time_base"]?.stringValue.flatMap(FrameRate.init)
        else { return FrameClock() }
        // Seconds to microseconds, believed within a day either way (so no conversion traps).
        let start = root["format"]?["start_time"]?.numberValue.map { $0 * 1e6 } ?? 0
        let frames = root["frames"]?.arrayValue ?? []
        let first = frames.lazy.compactMap { $0["best_effort_timestamp"]?.numberValue }.first ?? 0
        guard abs(start) < 8.64e10, abs(first) < 1e15 else { return FrameClock() }
        // A time base is a rate the other way up: FrameRate keeps the fraction.
        return FrameClock(tickNumerator: Int64(base.numerator), tickDenominator: Int64(base.denominator),
                          startTime: Int64(start.rounded()), firstPts: Int64(first))
    }

    /// ffprobe's JSON output, read by the one JSON parser; nil when it is not JSON.
    private static func json(_ output: Data) -> JSONValue? { try? JSONReader.parse(output, path: "ffprobe") }

    /// Builds the info from ffprobe's JSON object (split out so tests can feed odd cases).
    package static func parse(_ root: JSONValue, path: String) throws -> VideoInfo {
        let streams = root["streams"]?.arrayValue ?? []
        let format = root["format"] ?? .object([:])
        // Cover art is a "video" stream too; it is not the movie.
        guard let video = streams.first(where: {
            $0["codec_type"]?.stringValue == "video" && ($0["disposition"]?["attached_pic"]?.intValue ?? 0) == 0
        }) else {
            throw FaceStickerError.unreadable(path: path, reason: "no video stream")
        }
        guard let codedWidth = video["width"]?.intValue, let codedHeight = video["height"]?.intValue,
              codedWidth > 0, codedHeight > 0 else {
            throw FaceStickerError.unreadable(path: path, reason: "video stream has no frame size")
        }
        let rotation = Self.rotation(of: video)
        let turned = rotation % 180 == 90
        var (sarN, sarD) = Self.ratio(video["sample_aspect_ratio"]?.stringValue) ?? (1, 1)
        if turned { swap(&sarN, &sarD) }
        let real = FrameRate(video["r_frame_rate"]?.stringValue ?? "")
        let average = FrameRate(video["avg_frame_rate"]?.stringValue ?? "")
        // The average rate is frames over duration, so writing every frame at it
        // keeps the duration (a phone's "30 fps" is often 29.87 on average).
        guard let rate = average ?? real else {
            throw FaceStickerError.unreadable(path: path, reason: "video stream has no frame rate")
        }
        let duration = video["duration"]?.numberValue ?? format["duration"]?.numberValue
        var count = video["nb_frames"]?.numberValue.flatMap(Self.frameCount)
        let estimated = count == nil || count == 0
        if estimated, let duration { count = Self.frameCount(duration * rate.value) }
        let audio = streams.filter { $0["codec_type"]?.stringValue == "audio" }.map { $0["codec_name"]?.stringValue ?? "?" }
        let matrix = video["color_space"]?.stringValue == "bt709" ? "bt709" : "bt601"
        var info = VideoInfo(path: path, width: turned ? codedHeight : codedWidth, height: turned ? codedWidth : codedHeight,
                         sarNumerator: sarN, sarDenominator: sarD, rotation: rotation, frameRate: rate,
                         frameCount: count, duration: duration, audioCodecs: audio, colorMatrix: matrix,
                         fullRange: video["color_range"]?.stringValue == "pc")
        info.frameCountIsEstimate = estimated
        // A PNG or JPEG opens as a one-frame stream of the image2 or *_pipe demuxers.
        let formatName = format["format_name"]?.stringValue ?? ""
        info.isStillImage = (formatName == "image2" || formatName.hasSuffix("_pipe")) && (count ?? 1) <= 1
        info.container = formatName
        return info
    }

    /// Clockwise display rotation, 0...359: from the display matrix side data
    /// or the older `rotate` tag. (ffprobe 5.1 prints the matrix's rotation
    /// clockwise, as the tag was; later versions flip the sign. Only whether
    /// it is a quarter turn matters here: ffmpeg itself turns the frames.)
    private static func rotation(of video: JSONValue) -> Int {
        var degrees = 0.0
        if let side = video["side_data_list"]?.arrayValue, let value = side.compactMap({ $0["rotation"]?.numberValue }).first {
            degrees = value
        } else if let value = video["tags"]?["rotate"]?.numberValue {
            degrees = value
        }
        let quarter = Int((degrees.truncatingRemainder(dividingBy: 360) / 90).rounded()) * 90
        return ((quarter % 360) + 360) % 360
    }

    private static func ratio(_ text: String?) -> (Int, Int)? {
        guard let parts = text?.split(separator: ":"), parts.count == 2,
              let n = Int(parts[0]), let d = Int(parts[1]), n > 0, d > 0 else { return nil }
        return (n, d)
    }

    /// A frame count from the file's numbers, nil when it is not one (negative, or
    /// past 10^12: a day at 1000 fps is 10^8), so no conversion traps.
    private static func frameCount(_ value: Double) -> Int? {
        value >= 0 && value <= 1e12 ? Int(value.rounded()) : nil
    }
}
