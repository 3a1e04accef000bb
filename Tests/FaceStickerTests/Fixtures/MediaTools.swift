import Foundation

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

    /// carphone.mp4 as a phone held sideways records it: the pixels turned a quarter
    /// counter-clockwise, with metadata asking players to turn them back clockwise.
    static func sidewaysCarphone(in dir: TemporaryDirectory, frames: Int) throws -> String {
        let turned = dir.path("turned.mp4"), sideways = dir.path("sideways.mp4")
        try ffmpeg(["-i", Fixtures.carphone, "-frames:v", String(frames), "-vf", "transpose=2",
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
