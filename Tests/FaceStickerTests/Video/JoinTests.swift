@testable import FaceSticker
import Foundation
import Testing

/// `facesticker join` (issue #43): the parts `video --segment` made, checked against their
/// records before any work and joined without re-encoding into what one run makes.
@Suite struct JoinTests {
    /// carphone's three parts, as `video --segment I/3 --out-dir DIR` names them, copied with their
    /// records into `dir` (made once per test process).
    static func parts(in dir: TemporaryDirectory) throws -> [String] {
        try (1...3).map { i in
            let made = try MediaTools.once("join-test carphone part \(i)/3", ext: "mp4") { path in
                let run = try CLIRun(["video", Fixtures.carphone, "--segment", "\(i)/3", "-o", path, "-q"], deadline: 300)
                guard run.status == 0 else { throw MediaTools.ToolFailure(message: "video --segment \(i)/3: \(run.stderr)") }
            }
            let part = dir.path("carphone-stickered-part\(i)of3.mp4")
            try copy(made, to: part)
            return part
        }
    }

    /// A copy that keeps the extended attributes (the part's record), as `cp --preserve=xattr` makes it.
    static func copy(_ from: String, to: String, record: Bool = true) throws {
        let run = try CLIRun(program: "/bin/cp", (record ? ["--preserve=xattr"] : []) + [from, to])
        try #require(run.status == 0, "cp: \(run.stderr)")
    }

    /// Rewrites the record of the part at `path` by `change`.
    static func edit(_ path: String, _ change: (inout OutputRecord) -> Void) throws {
        var record = try #require(OutputRecord.read(path: path))
        change(&record)
        try #require(record.write(to: path))
    }

    /// Each frame's presentation time in microseconds, as ffprobe reads them.
    static func frameTimes(_ path: String) throws -> [Int64] {
        let text = try MediaTools.run("ffprobe", ["-v", "error", "-select_streams", "v:0", "-show_entries", "frame=pts_time",
                                                  "-of", "csv=p=0", path])
        // A frame with side data (each part's first: x264's SEI) has a second, empty field.
        return text.split(separator: "\n").compactMap { line in
            line.split(separator: ",").first.flatMap { Double($0) }.map { Int64(($0 * 1e6).rounded()) }
        }
    }

    /// The parts, given in any order, joined under the parts' own name without `-partIofN`: every
    /// frame once, at the times a one-machine run gives them, recorded as the whole video
    /// (so `video --skip-existing` takes it as done).
    @Test func thePartsJoinIntoTheWholeVideoWhateverTheirOrder() throws {
        let ws = try TemporaryDirectory()
        // In a folder whose name the concat list must quote.
        let folder = ws.path("it's")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let parts = try Self.parts(in: ws).map { part in
            let moved = folder + "/" + PathText.name(of: part)
            try FileManager.default.moveItem(atPath: part, toPath: moved)
            return moved
        }
        let whole = try CLIRun(["video", Fixtures.carphone, "-o", ws.path("whole.mp4"), "-q"], deadline: 300)
        try #require(whole.status == 0, "\(whole.stderr)")
        let run = try CLIRun(["join", parts[2], parts[0], parts[1], "--json"])
        try #require(run.status == 0, "\(run.stderr)")
        let joined = folder + "/carphone-stickered.mp4"
        #expect(VideoProbe.decodes(path: joined).frames == 120)
        #expect(try Self.frameTimes(joined) == Self.frameTimes(ws.path("whole.mp4")))
        #expect(OutputRecord.read(path: joined) == OutputRecord(part: "whole", foundFace: true))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(object["status"] as? String == "joined" && object["frames"] as? Int == 120)
        #expect(object["parts"] as? [String] == parts, "in part order")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }
        #expect(left.isEmpty, "no temporary file left: \(left)")
        // A whole run with --skip-existing finds it done.
        let again = try CLIRun(["video", Fixtures.carphone, "--out-dir", folder, "--skip-existing", "--json", "-q"], deadline: 300)
        #expect(again.status == 0 && again.stdout.contains("\"skipped\""), "\(again.output)")
    }

    /// What does not fit is one line naming it, status not 0, and nothing written.
    @Test(arguments: [
        ("a part missing", "part 2 of 3 is missing"),
        ("a part twice", "are both part 1 of 3"),
        ("a part of another split", "parts of different splits"),
        ("a part of another video", "a part of another video"),
        ("a part made with other settings", "made with other settings"),
        ("a part that does not start where the one before ends", "not where the part before ends"),
        ("a part cut short", "is incomplete or damaged"),
        ("a part with frames lost", "is incomplete: 40 of its 41 frames"),
        ("a copy that dropped the record", "has no record of the part it is"),
        ("a whole video", "is the whole video, not a part"),
        ("the source moved away", "the parts' source video is not there"),
        ("another video as the source", "is not the video the parts were made from"),
        ("an output already there", "is already there"),
        ("a part as the output", "a part"),
        ("an output that is no container", "no container"),
        ("the source with --no-audio", "--source and --no-audio"),
        ("no part", "give the parts"),
    ])
    func whatDoesNotFitIsNamed(_ situation: String, says: String) throws {
        let ws = try TemporaryDirectory()
        var parts = try Self.parts(in: ws)
        var extra: [String] = []
        var output = ws.path("joined.mp4")
        switch situation {
        case "a part missing": parts.remove(at: 1)
        case "a part twice":
            try Self.copy(parts[0], to: ws.path("again.mp4"))
            parts[1] = ws.path("again.mp4")
        case "a part of another split": try Self.edit(parts[2]) { $0.segment?.count = 4 }
        case "a part of another video": try Self.edit(parts[1]) { $0.segment?.source = "1-0000000000000000" }
        case "a part made with other settings": try Self.edit(parts[1]) { $0.segment?.settings = "0000000000000000" }
        case "a part that does not start where the one before ends":
            try Self.edit(parts[1]) { $0.part = TimeRange(start: (TimeRange(recordKey: $0.part)?.start ?? 0) + 1000,
                                                          end: TimeRange(recordKey: $0.part)?.end).recordKey }
        case "a part cut short":
            let data = try Data(contentsOf: URL(fileURLWithPath: parts[1]))
            let record = try #require(OutputRecord.read(path: parts[1]))
            try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: parts[1]))
            try #require(record.write(to: parts[1]))
        case "a part with frames lost": try Self.edit(parts[2]) { $0.segment?.frames = 41 }
        case "a copy that dropped the record":
            try Self.copy(parts[1], to: ws.path("plain.mp4"), record: false)
            parts[1] = ws.path("plain.mp4")
        case "a whole video":
            try Self.edit(parts[1]) { $0.segment = nil; $0.part = "whole" }
        case "the source moved away": try Self.edit(parts[0]) { $0.segment?.sourcePath = ws.path("gone.mp4") }
        case "another video as the source":
            // The source with one byte more: another file by its identity.
            try (Data(contentsOf: URL(fileURLWithPath: Fixtures.carphone)) + [0]).write(to: URL(fileURLWithPath: ws.path("other.mp4")))
            extra = ["--source", ws.path("other.mp4")]
        case "an output already there": try Data("mine".utf8).write(to: URL(fileURLWithPath: output))
        case "a part as the output": output = parts[2]
        case "an output that is no container": output = ws.path("joined.gif")
        case "the source with --no-audio": extra = ["--source", Fixtures.carphone, "--no-audio"]
        case "no part": parts = []
        default: Issue.record("no such situation: \(situation)")
        }
        let before = ws.contents()
        let run = try CLIRun(["join"] + parts + ["-o", output] + extra)
        #expect(run.status != 0 && run.stderrLines.count == 1 && run.stderr.contains(says), "\(situation): \(run.stderr)")
        #expect(ws.contents() == before, "\(situation): nothing written")
    }
}
