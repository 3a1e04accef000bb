import FaceSticker
#if canImport(Glibc)
import Glibc
#endif

/// `facesticker join`: the parts `video --segment` made, back into one video (issue #43).
enum JoinCommand: Command {
    static let name = "join"
    static let summary = "join the parts of one video made by video --segment, without re-encoding"
    static let synopsis = "[options] PART..."
    static let details = """
    Puts the parts that `video --segment I/N` made on many machines back
    together: their frames one after another, copied, not re-encoded, with
    the source video's audio and metadata added once. The result is the video
    one `video` run over the whole source makes (the same frames, times and
    length). Give every part, in any order.

    Before any work the parts are checked against their records (the extended
    attribute each part was written with): every part of one split, each once
    and none missing, of the same source video, made with the same settings,
    each starting where the one before ends, and complete (every frame its
    record counts, readable to its end). The first that does not fit is named
    in one line, and nothing is written. The source is read where the parts
    say it was, or from --source; --no-audio needs none.
    """
    static let examples = [
        Example("facesticker join out/parts/carphone-stickered-part1of3.mp4 out/parts/carphone-stickered-part2of3.mp4 "
                    + "out/parts/carphone-stickered-part3of3.mp4 -o out/carphone-joined.mp4",
                "Joins the three parts that video --segment 1/3, 2/3 and 3/3 --out-dir out/parts made (docs/command-line.md)."),
        Example("facesticker join out/parts/carphone-stickered-part3of3.mp4 out/parts/carphone-stickered-part1of3.mp4 "
                    + "out/parts/carphone-stickered-part2of3.mp4 --no-audio --json -y",
                "The same in any order, without the audio, into out/parts/carphone-stickered.mp4 (the parts' name), "
                    + "replacing it; one JSON line."),
    ]

    static let output = Option<String?>("-o", "--output", placeholder: "OUT", kind: .file, default: nil,
                                        defaultText: "the parts' name without -partIofN",
                                        help: "the joined video (.mp4, .mkv or .mov); never a part or the source")
    static let source = Option<String?>("--source", placeholder: "VIDEO", kind: .file, default: nil,
                                        defaultText: "where the parts say it was", setting: .source,
                                        help: "the video the parts were made from, for its audio (checked to be that video)")
    static let json = Flag("--json", help: "one JSON object on stdout: output, parts, frames, audio, seconds")
    static var groups: [OptionGroup] {
        [OptionGroup(nil, [output, source, VideoCommand.noAudio, json, ResultOptions.overwrite])]
    }

    static func run(_ arguments: Arguments) throws -> Int32 {
        let parts = arguments.positionals
        guard let first = parts.first else { throw UsageError("join: give the parts (video --segment's outputs)") }
        if parts.contains("-") { throw UsageError("join: - (standard input) is not read: give the parts' paths") }
        let audio = !arguments[VideoCommand.noAudio]
        if !audio, arguments[source] != nil { throw UsageError("--source and --no-audio: the source is read only for its audio") }
        guard let output = arguments[output] ?? VideoStickerer.joinedName(of: first) else {
            throw UsageError("join: give -o OUT (\(first)'s name does not end in -partIofN, which names the joined video)")
        }
        // Every file read and the output, checked before any work (-y, an output that is a part or the source).
        var files = RunFiles()
        for part in parts { files.read("a part", part) }
        let recorded = OutputRecord.read(path: first)?.segment?.sourcePath
        if audio { files.read("the source video", arguments[source] ?? recorded) }
        files.write(arguments.has(Self.output) ? "-o" : "the output", output)
        try files.check(arguments)

        let joiner = try VideoJoiner(parts: parts, source: arguments[source], audio: audio)
        let summary = try joiner.run(output: output, replacing: arguments[ResultOptions.overwrite], cancellation: Cancellation())
        summary.warnings.forEach { Console.warning($0) }
        let with = summary.audio ? ", the source's audio added" : (audio ? " (the source has no audio)" : ", no audio")
        Console.note("join: \(summary.parts) parts -> \(output): \(summary.frames) frames\(with), "
                     + "\(JSONText.number(summary.seconds, digits: 1)) s")
        if arguments[json] {
            var object = JSONObject()
            object.add("output", output)
            object.add("status", "joined")
            object.add("parts", strings: joiner.parts.map(\.path))
            object.add("source", joiner.source)
            object.add("frames", summary.frames)
            object.add("audio", .bool(summary.audio))
            object.add("seconds", number: summary.seconds)
            object.add("warnings", strings: summary.warnings)
            try Console.out(json: object.text)
        }
        return ExitStatus.success
    }
}
