@testable import FaceSticker
import Foundation
import Testing

/// Many machines, for real (issue #43): the docs' sbatch file (docs/command-line.md), as
/// written, on a real single-node Slurm 22.05 (`SlurmCluster`), over a folder of clips.
@Suite(.serialized) struct SlurmTests {
    /// The docs' sbatch files (docs/command-line.md), in order, as written there: the array over a
    /// folder of videos, then the parts of one long video and the join that depends on them.
    static func sbatchFiles() throws -> [String] {
        let text = try String(contentsOfFile: Fixtures.root.appendingPathComponent("docs/command-line.md").path, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let starts = lines.indices.filter { lines[$0] == "    #!/bin/bash" }
        try #require(starts.count == 3, "docs/command-line.md has \(starts.count) sbatch files, not 3")
        return starts.map { start in
            lines[start...].prefix { $0.hasPrefix("    ") }.map { String($0.dropFirst(4)) }.joined(separator: "\n") + "\n"
        }
    }

    /// The docs' Slurm array file over a folder of videos.
    static func sbatchFile() throws -> String { try sbatchFiles()[0] }

    /// A folder for one scenario, as the docs' file expects it: `videos/` holding `count` clips of
    /// carphone (`seconds` long from different starts, at `size`), `logs/`, and `stickers.sbatch`.
    static func workspace(count: Int, seconds: Double, size: String) throws -> (dir: TemporaryDirectory, inputs: [String]) {
        let dir = try TemporaryDirectory()
        for folder in ["videos", "logs"] {
            try FileManager.default.createDirectory(atPath: dir.path(folder), withIntermediateDirectories: true)
        }
        let inputs = try (0..<count).map { i -> String in
            let name = "clip\(i).mp4"
            let run = try CLIRun(program: "/usr/bin/ffmpeg", [
                "-v", "error", "-stream_loop", "-1", "-ss", String(format: "%.1f", 0.4 * Double(i)), "-t", "\(seconds)",
                "-i", LiveFixtures.carphone, "-vf", "scale=\(size)", "-c:v", "libx264", "-preset", "ultrafast", dir.path("videos/" + name),
            ])
            try #require(run.status == 0, "ffmpeg: \(run.stderr)")
            return name
        }
        try sbatchFile().write(toFile: dir.path("stickers.sbatch"), atomically: true, encoding: .utf8)
        return (dir, inputs)
    }

    /// The array on this two-core node: three tasks of one core each (the file asks for more).
    static let submit = "sbatch --array=0-2 --cpus-per-task=1"

    /// The inputs the tasks' JSON lines name, each time one does.
    static func named(in dir: TemporaryDirectory) throws -> [String] {
        let logs = try FileManager.default.contentsOfDirectory(atPath: dir.path("logs")).filter { $0.hasSuffix(".jsonl") }
        return try logs.flatMap { log in
            try String(contentsOfFile: dir.path("logs/" + log), encoding: .utf8).split(separator: "\n").map { line in
                let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(log): \(line)")
                return try #require(object["input"] as? String, "\(log): \(line)")
            }
        }
    }

    /// Every output there, whole: it decodes, every frame of its input.
    static func expectComplete(_ inputs: [String], in dir: TemporaryDirectory, sourceLocation: SourceLocation = #_sourceLocation) {
        for input in inputs {
            let output = dir.path("stickered/" + Self.output(input))
            let made = VideoProbe.decodes(path: output), source = VideoProbe.decodes(path: dir.path("videos/" + input))
            #expect(made.problem == nil && made.frames == source.frames,
                    "\(output): \(made.problem ?? "\(made.frames) of \(source.frames) frames")", sourceLocation: sourceLocation)
        }
        let hidden = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path("stickered"))) ?? []).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "parts of outputs left behind: \(hidden)", sourceLocation: sourceLocation)
    }

    /// Where `--out-dir stickered` puts the output of `videos/NAME.mp4`.
    static func output(_ input: String) -> String { input.replacingOccurrences(of: ".mp4", with: "-stickered.mp4") }

    /// An array of 3 over 6 clips: each clip done once, every output complete, the JSON lines of
    /// all tasks naming each clip once. Then two outputs deleted and one cut in half: the same
    /// array submitted again makes those three again and leaves the other three untouched.
    @Test func anArrayDoesEachVideoOnceAndRedoesWhatWasLost() throws {
        let cluster = try SlurmCluster()
        let (dir, inputs) = try Self.workspace(count: 6, seconds: 1, size: "176:144")
        let first = try cluster.shell("\(Self.submit) --wait stickers.sbatch", in: dir.url.path)
        try #require(first.status == 0, "\(first.output)")
        Self.expectComplete(inputs, in: dir)
        #expect(try Self.named(in: dir).sorted() == inputs.map { "videos/" + $0 }.sorted(), "each clip named once")

        let stickered = { (name: String) in dir.path("stickered/" + Self.output(name)) }
        try FileManager.default.removeItem(atPath: stickered(inputs[0]))
        try FileManager.default.removeItem(atPath: stickered(inputs[3]))
        let cut = try Data(contentsOf: URL(fileURLWithPath: stickered(inputs[4])))
        try cut.prefix(cut.count / 2).write(to: URL(fileURLWithPath: stickered(inputs[4])))
        let kept = [1, 2, 5].map { inputs[$0] }
        func stamp(_ name: String) throws -> [String] {
            let a = try FileManager.default.attributesOfItem(atPath: stickered(name))
            return ["\(a[.systemFileNumber] ?? "")", "\(a[.modificationDate] ?? "")"]
        }
        let before = try kept.map(stamp)
        for log in try FileManager.default.contentsOfDirectory(atPath: dir.path("logs")) { try FileManager.default.removeItem(atPath: dir.path("logs/" + log)) }
        let again = try cluster.shell("\(Self.submit) --wait stickers.sbatch", in: dir.url.path)
        try #require(again.status == 0, "\(again.output)")
        Self.expectComplete(inputs, in: dir)
        #expect(try kept.map(stamp) == before, "the complete outputs are left untouched")
    }

    /// A lost node: one task cancelled with `scancel` while it writes leaves no part of an
    /// output and no process behind; the same array submitted again makes what it did not.
    @Test func aCancelledTaskLeavesNothingHalfDone() throws {
        let cluster = try SlurmCluster()
        let (dir, inputs) = try Self.workspace(count: 3, seconds: 10, size: "640:360")
        let submitted = try cluster.shell("\(Self.submit) --parsable stickers.sbatch", in: dir.url.path)
        try #require(submitted.status == 0, "\(submitted.output)")
        let job = try #require(submitted.stdoutLines.last.map { $0.split(separator: ";")[0] }.map(String.init))
        // Until task 1 writes its output (a hidden part file in stickered/). The limits below only
        // tell a hang from a slow machine (10 minutes each): no assertion on how long anything takes.
        var writing = false
        for _ in 0..<6000 where !writing {
            Thread.sleep(forTimeInterval: 0.1)
            writing = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path("stickered"))) ?? [])
                .contains { $0.hasPrefix(".clip1-") }
        }
        let queued = try cluster.queue()
        try #require(writing, "task 1 never started writing: \(queued)")
        let cancel = try cluster.shell("scancel \(job)_1", in: dir.url.path)
        try #require(cancel.status == 0, "\(cancel.output)")
        for _ in 0..<3000 where try !cluster.queue().isEmpty { Thread.sleep(forTimeInterval: 0.2) }
        #expect(try cluster.queue().isEmpty, "the array ended")
        // No part left, no process of the cancelled task (its facesticker, its ffmpeg) still running.
        let hidden = ((try? FileManager.default.contentsOfDirectory(atPath: dir.path("stickered"))) ?? []).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "parts left behind: \(hidden)")
        #expect(!FileManager.default.fileExists(atPath: dir.path("stickered/" + Self.output(inputs[1]))), "no output from the cancelled task")
        let left = try CLIRun(shell: #"for p in /proc/[0-9]*; do [ "$(readlink "$p/cwd")" = "$1" ] && tr '\0' ' ' <"$p/cmdline" && echo; done; true"#,
                              [dir.url.path])
        #expect(left.stdout.isEmpty, "still running: \(left.stdout)")
        Self.expectComplete([inputs[0], inputs[2]], in: dir)
        let again = try cluster.shell("\(Self.submit) --wait stickers.sbatch", in: dir.url.path)
        try #require(again.status == 0, "\(again.output)")
        Self.expectComplete(inputs, in: dir)
    }

    /// One long video across an array (issue #43): the docs' two files as written, an array of 3
    /// tasks making the parts of a 9-second clip with sound, and the join as a job that depends
    /// on the array. The joined video is a one-machine run's, frame by frame: the same frames at
    /// the same times, the same pictures within x264's loss (each part encoded on its own), the
    /// audio once.
    @Test func oneLongVideoIsSplitAcrossAnArrayAndJoinedAfterIt() throws {
        let cluster = try SlurmCluster()
        let dir = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir.path("logs"), withIntermediateDirectories: true)
        try MediaTools.ffmpeg(["-stream_loop", "-1", "-t", "9", "-i", LiveFixtures.carphone, "-f", "lavfi", "-t", "9",
                               "-i", "sine=frequency=440", "-map", "0:v", "-map", "1:a", "-vf", "scale=352:288",
                               "-c:v", "libx264", "-preset", "ultrafast", "-c:a", "aac", dir.path("long.mp4")])
        let files = try Self.sbatchFiles()
        try files[1].write(toFile: dir.path("long.sbatch"), atomically: true, encoding: .utf8)
        try files[2].write(toFile: dir.path("join.sbatch"), atomically: true, encoding: .utf8)
        // As the docs submit them, the array 3 tasks of one core on this two-core node.
        let run = try cluster.shell("jobid=$(\(Self.submit) --parsable long.sbatch) && sbatch --wait --dependency=afterok:${jobid%%;*} join.sbatch",
                                    in: dir.url.path)
        try #require(run.status == 0, "\(run.output)")
        let parts = try FileManager.default.contentsOfDirectory(atPath: dir.path("parts")).sorted()
        #expect(parts == (1...3).map { "long-stickered-part\($0)of3.mp4" }, "no part file left either")
        let whole = try CLIRun(["video", dir.path("long.mp4"), "-o", dir.path("whole.mp4"), "-q"], deadline: 900)
        try #require(whole.status == 0, "\(whole.stderr)")
        let joined = dir.path("long-stickered.mp4")
        let frames = VideoProbe.decodes(path: joined)
        #expect(frames.problem == nil && frames.frames == VideoProbe.decodes(path: dir.path("whole.mp4")).frames)
        #expect(try JoinTests.frameTimes(joined) == JoinTests.frameTimes(dir.path("whole.mp4")))
        #expect(try VideoProbe.probe(path: joined).audioCodecs == ["aac"])
        let psnr = try SegmentTests.psnr(joined, dir.path("whole.mp4"))
        #expect(psnr.count == frames.frames && (psnr.min() ?? 0) >= SegmentTests.minPSNR, "worst \(psnr.min() ?? 0) dB")
        print("slurm segments: \(frames.frames) frames joined, PSNR against one machine worst \(psnr.min() ?? 0) dB")
    }
}
