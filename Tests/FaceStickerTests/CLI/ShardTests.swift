import FaceSticker
import Foundation
import Testing

/// Issue 14 §4: `--shard I/N` takes a deterministic slice of the sorted
/// inputs (the union over I is every input, once), `--shard auto` reads the
/// scheduler's variables, `--skip-existing` does only what is missing.
@Suite(Fixtures.needsYuNet) struct ShardTests {
    static let yunet = PhotoCommandTests.yunet

    /// A folder of `count` small blank photos (no face: quick), named out of order.
    static func album(_ dir: TemporaryDirectory, count: Int) throws -> String {
        for i in 0..<count {
            try StreamsAndBatchesTests.blank(dir.path("album/\(String(format: "%02d", (i * 5) % count))-\(i % 3 == 0 ? "b" : "a").png"))
        }
        return dir.path("album")
    }

    /// The inputs `photo --json` reports for one run.
    static func inputs(_ arguments: [String], environment: [String: String] = [:]) throws -> [String] {
        let run = try CLIRun(["photo"] + arguments + ["--json", "-q"] + yunet, environment: environment)
        #expect(run.status == 2 || run.status == 0, "\(run.stderr)")
        return try run.stdoutLines.map { try #require(StreamsAndBatchesTests.json($0)["input"] as? String) }
    }

    @Test(arguments: [1, 2, 3, 5, 8])
    func theShardsCoverEveryInputOnce(count: Int) throws {
        let dir = try TemporaryDirectory()
        let album = try Self.album(dir, count: 7)
        let all = try Self.inputs([album, "--out-dir", dir.path("all")])
        #expect(all.count == 7)
        var union: [String] = []
        for index in 1...count {
            let slice = try Self.inputs([album, "--out-dir", dir.path("s\(index)"), "--shard", "\(index)/\(count)"])
            #expect(slice == slice.sorted(), "a shard keeps the sorted order")
            union += slice
            // The same shard again takes the same inputs.
            #expect(try Self.inputs([album, "--out-dir", dir.path("r\(index)"), "--shard", "\(index)/\(count)"]) == slice)
        }
        #expect(union.count == all.count, "no overlap")
        #expect(Set(union) == Set(all), "nothing missing")
    }

    /// `--shard auto`: Slurm arrays (any MIN and STEP), Kubernetes Indexed Jobs, FACESTICKER_SHARD.
    @Test(arguments: [
        // The schedulers' indices count from 0, --shard and FACESTICKER_SHARD from 1.
        (["SLURM_ARRAY_TASK_ID": "1", "SLURM_ARRAY_TASK_COUNT": "3"], "2/3"),
        (["SLURM_ARRAY_TASK_ID": "3", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_MAX": "3"], "3/3"),
        (["SLURM_ARRAY_TASK_ID": "4", "SLURM_ARRAY_TASK_MIN": "0", "SLURM_ARRAY_TASK_STEP": "2", "SLURM_ARRAY_TASK_COUNT": "3"], "3/3"),
        (["JOB_COMPLETION_INDEX": "0", "FACESTICKER_SHARD_COUNT": "2"], "1/2"),
        (["AWS_BATCH_JOB_ARRAY_INDEX": "2", "FACESTICKER_SHARD_COUNT": "3"], "3/3"),
        (["FACESTICKER_SHARD": "2/2", "SLURM_ARRAY_TASK_ID": "0", "SLURM_ARRAY_TASK_COUNT": "2"], "2/2"),
    ])
    func autoReadsTheScheduler(environment: [String: String], same: String) throws {
        let dir = try TemporaryDirectory()
        let album = try Self.album(dir, count: 7)
        let auto = try Self.inputs([album, "--out-dir", dir.path("a"), "--shard", "auto"], environment: environment)
        let explicit = try Self.inputs([album, "--out-dir", dir.path("e"), "--shard", same])
        #expect(!auto.isEmpty && auto == explicit)
    }

    @Test(arguments: [
        ([:], "--shard: auto: none of FACESTICKER_SHARD, SLURM_ARRAY_TASK_ID, JOB_COMPLETION_INDEX"),
        (["JOB_COMPLETION_INDEX": "1"], "--shard: auto: JOB_COMPLETION_INDEX is set but FACESTICKER_SHARD_COUNT"),
        (["SLURM_ARRAY_TASK_ID": "x", "SLURM_ARRAY_TASK_COUNT": "2"], "--shard: auto: SLURM_ARRAY_TASK_ID=\"x\" is not a whole number"),
        (["SLURM_ARRAY_TASK_ID": "5", "SLURM_ARRAY_TASK_COUNT": "2"], "--shard: auto (SLURM_ARRAY_TASK_ID=5, SLURM_ARRAY_TASK_COUNT=2): the index must be 0...1 (the scheduler's, counted from 0)"),
    ])
    func autoWithoutASchedulerIsAUsageError(environment: [String: String], start: String) throws {
        var env = environment
        for key in ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX", "FACESTICKER_SHARD"] where env[key] == nil {
            env[key] = ""
        }
        let run = try CLIRun(["photo", Fixtures.astronaut, "--shard", "auto"] + Self.yunet, environment: env)
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: " + start), "\(run.stderr)")
    }

    @Test(arguments: ["0/0", "0/2", "3/2", "-1/3", "1", "a/b", "1/2000000"])
    func badShardsAreUsageErrors(text: String) throws {
        let run = try CLIRun(["video", "--shard=\(text)", Fixtures.astronaut])
        #expect(run.status == 2)
        #expect(run.stderrLines.count == 1 && run.stderr.hasPrefix("facesticker: --shard: "), "\(run.stderr)")
    }

    /// A re-run with --skip-existing does only what is missing: an output cut short is done again.
    @Test func skipExistingDoesOnlyWhatIsMissing() throws {
        let dir = try TemporaryDirectory()
        let album = try Self.album(dir, count: 4)
        let out = dir.path("out")
        #expect(try Self.inputs([album, "--out-dir", out]).count == 4)
        let outputs = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        // One output lost, one cut to a few bytes (not a picture any more).
        try FileManager.default.removeItem(atPath: out + "/" + outputs[0])
        try Data([0x89, 0x50]).write(to: URL(fileURLWithPath: out + "/" + outputs[1]))
        let run = try CLIRun(["photo", album, "--out-dir", out, "--skip-existing", "--json"] + Self.yunet)
        let objects = try run.stdoutLines.map(StreamsAndBatchesTests.json)
        #expect(objects.filter { $0["status"] as? String == "skipped" }.count == 2)
        #expect(Set(objects.filter { $0["status"] as? String != "skipped" }.compactMap { ($0["output"] as? String).map { ($0 as NSString).lastPathComponent } })
            == Set(outputs.prefix(2)))
        #expect(run.stderrLines.filter { $0.contains("skipped (--skip-existing)") }.count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).sorted() == outputs)
        #expect(try ImageFile.read(path: out + "/" + outputs[1]).width == 64)
    }
}
