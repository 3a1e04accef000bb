import Foundation
import Synchronization

/// ffmpeg and ffprobe, run by tests to make clips and to check outputs independently of the product.
enum MediaTools {
    /// Runs `program` and returns its stdout; throws with its stderr when it fails.
    @discardableResult
    static func run(_ program: String, _ arguments: [String]) throws -> String {
        let run = try CLIRun(program: "/usr/bin/" + program, arguments)
        guard run.status == 0 else {
            throw ToolFailure(message: "\(program) \(arguments.joined(separator: " ")): \(run.stderr)")
        }
        return run.stdout
    }

    /// Makes a clip with ffmpeg: `-y -v error` then `arguments`.
    static func ffmpeg(_ arguments: [String]) throws {
        try run("ffmpeg", ["-nostdin", "-y", "-v", "error"] + arguments)
    }

    /// `ffmpeg(arguments)` for a clip made from files no test changes (the shared clips): made once
    /// per test process, and copied to the output (`arguments`' last) every other time it is asked
    /// for. Many tests start from the same few short clips; each copy is the test's own.
    static func ffmpegOnce(_ arguments: [String]) throws {
        guard let output = arguments.last else { throw ToolFailure(message: "ffmpeg: no output") }
        let ext = URL(fileURLWithPath: output).pathExtension
        let made = try once(arguments.dropLast().joined(separator: " ") + " ." + ext, ext: ext) { path in
            try ffmpeg(Array(arguments.dropLast()) + [path])
        }
        try? FileManager.default.removeItem(atPath: output)
        try FileManager.default.copyItem(atPath: made, toPath: output)
    }

    /// The file `make` writes at the path it is given, made once per test process for each
    /// `key` (in a folder removed at the process's exit); every caller gets that path, to copy.
    static func once(_ key: String, ext: String, make: (String) throws -> Void) throws -> String {
        try clips.withLock { cache -> String in
            if let made = cache[key] { return made }
            let path = clipFolder + "/\(cache.count)." + ext
            try make(path)
            cache[key] = path
            return path
        }
    }

    /// What `once` made, by its key, in a folder of the process (removed at its exit).
    private static let clips = Mutex<[String: String]>([:])
    private static let clipFolder: String = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("facesticker-tests-clips-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        atexit { MediaTools.removeClipFolder() }
        return folder
    }()

    private static func removeClipFolder() { try? FileManager.default.removeItem(atPath: clipFolder) }

    /// carphone.mp4 as a phone held sideways records it: the pixels turned a quarter
    /// clockwise, with metadata asking players to turn them back a quarter
    /// counter-clockwise (`rotate=90`, ffprobe's `rotation=90`; ffmpeg itself shows
    /// the result upright). Until issue #20 this fixture turned the pixels the other
    /// way, so the clip was shown upside down, and the detectors, which see an
    /// upside-down face as an upright one, gave it upright stickers on the mouth.
    static func sidewaysCarphone(in dir: TemporaryDirectory, frames: Int) throws -> String {
        let turned = dir.path("turned.mp4"), sideways = dir.path("sideways.mp4")
        try ffmpeg(["-i", Fixtures.carphone, "-frames:v", String(frames), "-vf", "transpose=1",
                    "-c:v", "libx264", "-preset", "ultrafast", turned])
        // The rotate tag only takes on a stream copy.
        try ffmpeg(["-i", turned, "-c", "copy", "-metadata:s:v:0", "rotate=90", sideways])
        try FileManager.default.removeItem(atPath: turned)
        return sideways
    }

    /// The first stream of `type` (`v` or `a`) as ffprobe describes it, plus the frames really decoded.
    static func stream(_ path: String, _ type: String = "v", countFrames: Bool = false) throws -> [String: Any] {
        var arguments = ["-v", "error", "-select_streams", type + ":0", "-show_streams", "-print_format", "json"]
        if countFrames { arguments.append("-count_frames") }
        let text = try run("ffprobe", arguments + [path])
        let root = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (root?["streams"] as? [[String: Any]])?.first ?? [:]
    }

    /// MD5 of the stream's packets copied out: equal for streams copied unchanged.
    static func packetsMD5(_ path: String, _ type: String = "a") throws -> String {
        try run("ffmpeg", ["-nostdin", "-v", "error", "-i", path, "-map", "0:" + type, "-c", "copy", "-f", "md5", "-"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct ToolFailure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
