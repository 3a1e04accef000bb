import Foundation
import FaceStickerCore

/// The ffmpeg command lines FaceSticker runs, built in one place so the
/// decoder and the encoder agree on pixel format, colour matrix and rate.
package enum FFmpegArguments {
    /// Containers that cannot hold H.264 video: outputs named like this are refused.
    package static let noH264Extensions: Set<String> = ["webm", "ogv", "ogg", "gif", "apng", "png", "jpg"]
    /// The names whose container holds H.264 video: ffmpeg picks the container by the
    /// output's extension, and any other name fails only after the work (issue #41).
    package static let h264Extensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "avi", "mpg", "mpeg", "ts", "m2ts", "mts",
                                                      "flv", "3gp", "3g2", "f4v", "mxf", "nut", "wmv", "asf"]

    /// A path as an ffmpeg URL: `file:` stops a name with a colon being read as a protocol
    /// and a name starting with `-` being read as an option.
    package static func url(_ path: String) -> String { "file:" + path }

    /// An ffmpeg error line without the file name or the component tag that
    /// starts it (`file:/a.mp4: Invalid data` and `[mpeg4 @ 0x5633] Invalid data` -> `Invalid data`).
    package static func reason(from line: String) -> String {
        var text = Substring(line)
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            text = text[text.index(after: close)...].drop { $0 == " " }
        }
        if text.hasPrefix("file:"), let colon = text.range(of: ": ", options: .backwards) {
            text = text[colon.upperBound...]
        }
        return String(text)
    }

    /// The input file as ffmpeg takes it: a file, or an image sequence at its rate.
    package static func input(_ info: VideoInfo) -> [String] {
        info.isSequence ? ImageSequence.inputArguments(info.path, rate: info.frameRate) : ["-i", url(info.path)]
    }

    /// Decodes the first video stream to upright limited-range YUV 4:2:0 frames on
    /// stdout, every frame once (`passthrough`: none dropped or repeated to fit a
    /// rate). For the usual yuv420p input no pixel is converted. The frames keep
    /// the input's time base (`-enc_time_base -1`): in the frame rate's, two
    /// frames of a file stamped in milliseconds can round to one time, which
    /// ffmpeg reports as an error though no frame is lost (issue #41).
    ///
    /// `cut`: only the frames of that range (`TimeRange`), chosen by their own
    /// timestamps in `clock`'s ticks (`trim` on the timestamps as the file has
    /// them, `-copyts`), so exactly, whatever the tick; ffmpeg seeks to the
    /// keyframe before the start (`-ss`, not accurate: trim is) and stops at the end.
    /// A container whose seek lands between keyframes (`VideoInfo.seeksToKeyframes`)
    /// is read from its start instead, and trim alone cuts it.
    package static func decoder(_ info: VideoInfo, cut: TimeRange? = nil, clock: FrameClock = FrameClock()) -> [String] {
        var filters = [info.fullRange ? "scale=out_range=tv,format=yuv420p" : "format=yuv420p"]
        var seek: [String] = []
        if let cut {
            var trim: [String] = []
            if cut.start > 0, info.seeksToKeyframes {
                seek = ["-copyts", "-noaccurate_seek", "-ss", TimeRange.seconds(cut.start)]
            }
            if cut.start > 0 {
                trim.append("start_pts=\(TimeRange.ticks(at: cut.start, clock))")
            }
            if let end = cut.end { trim.append("end_pts=\(TimeRange.ticks(at: end, clock))") }
            if !trim.isEmpty {
                // Without -ss the timestamps are the file's too; -copyts only keeps them so.
                if seek.isEmpty { seek = ["-copyts"] }
                filters.insert("trim=" + trim.joined(separator: ":"), at: 0)
            }
        }
        return ["-nostdin", "-hide_banner", "-v", "error"] + seek + input(info) + rawFrames(filters)
    }

    /// The first video stream alone, every frame once, through `filters`, as raw YUV 4:2:0
    /// on stdout in the input's time base: the decoders' one output.
    private static func rawFrames(_ filters: [String]) -> [String] {
        ["-map", "0:v:0", "-an", "-sn", "-dn", "-fps_mode", "passthrough", "-enc_time_base:v", "-1",
         "-vf", filters.joined(separator: ","), "-f", "rawvideo", "-pix_fmt", "yuv420p", "pipe:1"]
    }

    /// The audio of `cut` from the input: ffmpeg's accurate seek and length on
    /// the input (decoded audio is cut to the sample; copied audio to the
    /// packet, the first starting at or after the start: `-copypriorss 0`).
    package static func audioCut(_ cut: TimeRange?) -> (input: [String], output: [String]) {
        guard let cut, !cut.isWhole else { return ([], []) }
        var input: [String] = []
        if cut.start > 0 { input += ["-ss", TimeRange.seconds(cut.start)] }
        if let end = cut.end { input += ["-t", TimeRange.seconds(end - cut.start)] }
        return (input, ["-copypriorss", "0"])
    }

    /// The live loop's decoder: as `decoder`, scaled to `width` x `height` when that differs from the file's size.
    package static func liveDecoder(_ info: VideoInfo, width: Int, height: Int) -> [String] {
        var filters: [String] = []
        if width != info.width || height != info.height { filters.append("scale=\(width):\(height):flags=area") }
        if info.fullRange { filters.append("scale=out_range=tv") }
        filters.append("format=yuv420p")
        return ["-nostdin", "-hide_banner", "-v", "error", "-i", url(info.path)] + rawFrames(filters)
    }

    /// Encodes YUV 4:2:0 frames from stdin with libx264 into `output`, taking audio
    /// and metadata from the input file; `audioCodec` is `copy`, `aac` or nil (no audio).
    /// `cut`: the output is that range of the input (`decoder(_:cut:clock:)`
    /// gives its frames), the audio cut to it too.
    package static func encoder(_ info: VideoInfo, output: String, settings: EncoderSettings, audioCodec: String?,
                        cut: TimeRange? = nil) -> [String] {
        let audioCut = audioCut(cut)
        var filters: [String] = []
        // x264's 4:2:0 needs even sides; a lone extra row or column is added at the edge.
        if info.width % 2 != 0 || info.height % 2 != 0 { filters.append("pad=ceil(iw/2)*2:ceil(ih/2)*2") }
        // setsar turns its argument into a float and back; a large `max` keeps 5400:5401 exact.
        filters.append("setsar=sar=\(info.sarNumerator)/\(info.sarDenominator):max=1000000")
        var arguments = ["-nostdin", "-hide_banner", "-v", "error", "-y",
                         "-f", "rawvideo", "-pix_fmt", "yuv420p", "-s", "\(info.width)x\(info.height)",
                         "-framerate", info.frameRate.description, "-i", "pipe:0"]
        // An image sequence has no audio or metadata to carry over.
        if !info.isSequence { arguments += audioCut.input + ["-i", url(info.path)] }
        arguments += ["-map", "0:v:0"]
        if audioCodec != nil, !info.isSequence { arguments += ["-map", "1:a?"] }
        if !info.isSequence { arguments += ["-map_metadata", "1", "-map_metadata:s:v:0", "1:s:v:0"] }
        if ImageSequence.isPattern(output) {
            // Pictures: full-range RGB PNGs or JPEGs, one per frame, numbered from 1.
            return arguments + ["-vf", "scale=in_color_matrix=\(info.colorMatrix):in_range=tv:out_range=pc",
                                "-fps_mode", "passthrough"]
                + ImageSequence.outputCodec(output) + [url(output)]
        }
        arguments += ["-vf", filters.joined(separator: ","), "-fps_mode", "passthrough",
                      "-c:v", "libx264", "-preset", settings.preset, "-crf", String(settings.crf),
                      "-color_range", "tv"]
        if info.colorMatrix == "bt709" {
            arguments += ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
        }
        switch audioCodec {
        case "copy"?: arguments += ["-c:a", "copy"] + audioCut.output
        case let codec?: arguments += ["-c:a", codec, "-b:a", "192k"]
        case nil: break
        }
        return arguments + [url(output)]
    }

    /// The parts listed in the concat file `list` one after another, copied, not re-encoded
    /// (ffmpeg's concat demuxer), with `source`'s audio (copied, or as `audioCodec`) and
    /// container metadata when given (`VideoJoiner`).
    package static func join(list: String, source: String?, audioCodec: String?, output: String) -> [String] {
        var arguments = ["-nostdin", "-hide_banner", "-v", "error", "-nostats", "-progress", "pipe:1", "-n",
                         "-f", "concat", "-safe", "0", "-i", url(list)]
        if let source { arguments += ["-i", url(source)] }
        arguments += ["-map", "0:v:0"]
        if source != nil, audioCodec != nil { arguments += ["-map", "1:a?"] }
        if source != nil { arguments += ["-map_metadata", "1"] }
        arguments += ["-c", "copy"]
        if let audioCodec, audioCodec != "copy" { arguments += ["-c:a", audioCodec, "-b:a", "192k"] }
        return arguments + [url(output)]
    }

    /// The video frames (packets, when copied) ffmpeg wrote, from what `-progress` printed:
    /// the last `frame=N` before `progress=end`; nil when it did not end.
    package static func progressFrames(_ progress: String) -> Int? {
        let lines = progress.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard lines.last == "progress=end" else { return nil }
        return lines.last { $0.hasPrefix("frame=") }.flatMap { Int($0.dropFirst(6)) }
    }

    /// `path` as a line of a concat demuxer's list: `file '...'`, a `'` in it closed, escaped and reopened.
    package static func concatLine(_ path: String) -> String {
        "file '" + path.replacing("'", with: #"'\''"#) + "'"
    }

    /// A short copy of the input's audio into a file named like `sample`: whether
    /// that container takes the audio unchanged.
    package static func audioCopyCheck(_ info: VideoInfo, sample: String) -> [String] {
        ["-nostdin", "-hide_banner", "-v", "error", "-y", "-i", url(info.path), "-map", "0:a", "-c", "copy",
         "-t", "0.2", url(sample)]
    }
}
