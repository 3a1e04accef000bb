import FaceSticker
import Foundation
import Testing

/// `facesticker tune` run as a user runs it.
@Suite struct TuneCommandTests {
    @Test(Fixtures.needsShared("data/wider-dev"), Fixtures.needsYuNet) func tunesATinyDatasetEndToEnd() throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 6)
        let config = dir.path("tuned.json"), plot = dir.path("pr.png"), sheet = dir.path("sheet.jpg")
        let run = try CLIRun(["tune", "--dataset", dataset, "--detector", "yunet", "--model", Fixtures.yunetModel,
                              "--grid", "inputSize=640,320", "--grid", "scoreThreshold=0.3:0.9:0.1",
                              "--objective", "f1", "-o", config, "--plot", plot, "--sheet", sheet, "--jobs", "2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("\r") && !run.stderr.contains("\u{1B}"), "no progress line off a terminal")
        #expect(run.stderr.contains("yunet 640: 6 images") && run.stderr.contains("yunet 320: 6 images"), "\(run.stderr)")
        let header = try #require(run.stdoutLines.first)
        #expect(header.hasPrefix("rank") && header.contains("R-eas") && header.contains("P-any"))
        let summary = try #require(run.stdoutLines.last)
        #expect(summary.hasPrefix("yunet: best f1 ") && summary.contains("default"))

        let settings = try DetectorConfig.load(path: config)
        #expect(settings.kind == .yunet)
        let notes = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: config))) as? [String: Any])
        let tuning = try #require(notes["tuning"] as? [String: Any])
        #expect(tuning["objective"] as? String == "f1" && tuning["dataset"] as? String == dataset)
        #expect(tuning["score"] is Double && tuning["precision"] is Double, "numbers as numbers")
        #expect(notes["scoreThreshold"] is Double && notes["inputSize"] is Double)
        // The best row of the table is what the config holds.
        try #require(run.stdoutLines.count >= 2, "\(run.stdout)")
        #expect(run.stdoutLines[1].contains("score \(JSONText.number(settings.scoreThreshold, digits: 3))"))

        let plotImage = try ImageFile.read(path: plot)
        #expect(plotImage.width == 900 && plotImage.height > 700)
        #expect(try ImageFile.isPNG(path: plot))
        let sheetImage = try ImageFile.read(path: sheet)
        #expect(sheetImage.width > 500 && sheetImage.height > 300)
        #expect(dir.contents().allSatisfy { !$0.contains(".part-") }, "no temporary files left")

        // The config drives the other commands.
        let detect = try CLIRun(["detect", "--config", config, "--model", Fixtures.yunetModel, Fixtures.astronaut])
        #expect(detect.status == 0 && !detect.stdoutLines.isEmpty)
        #expect(detect.stderr.contains("yunet"))
    }

    /// On a terminal (a pseudo-terminal from util-linux `script`) each long stage draws its
    /// progress line in place, erased before the next line; -q draws none.
    @Test(Fixtures.needsShared("data/wider-dev"), Fixtures.needsYuNet,
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "needs /usr/bin/script (util-linux)"),
          arguments: [false, true])
    func progressLineOnATerminal(quiet: Bool) throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 3)
        let command = ([Fixtures.cli, "tune", "--dataset", dataset, "--detector", "yunet", "--model", Fixtures.yunetModel,
                        "--grid", "inputSize=640,320", "--grid", "scoreThreshold=0.5,0.7", "--sheet", dir.path("s.jpg")]
                       + (quiet ? ["-q"] : [])).map { "'" + $0 + "'" }.joined(separator: " ")
        let run = try CLIRun(program: "/usr/bin/script", ["-qec", command, "/dev/null"])
        #expect(run.status == 0, "\(run.output)")
        let erase = "\r\u{1B}[K"
        if quiet {
            #expect(!run.stdout.contains(erase))
        } else {
            for stage in ["yunet 640: 1/3 images", "yunet 320: 2/3 images",
                          "yunet sweep: 0/", "contact sheet: 0/"] {
                #expect(run.stdout.contains(erase + "tune: " + stage), "\(stage)")
            }
            #expect(run.stdout.contains("/s, ETA "), "a rate and the time left")
            #expect(run.stdout.contains(erase + "tune: yunet 640: 3 images"), "the pass's note replaces its line")
        }
    }

    @Test(Fixtures.needsShared("data/wider-dev")) func evaluateOnlyRunsTheDefault() throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 2)
        let run = try CLIRun(["tune", "--dataset", dataset, "--detector", "haar", "--evaluate",
                              "--objective", "recall@precision=0.5", "--subset", "easy"])
        #expect(run.status == 0, "\(run.stderr)")
        try #require(run.stdoutLines.count == 3, "header, the default row, the summary: \(run.stdout)")
        #expect(run.stdoutLines[1].contains("(default)"))
    }

    @Test func malformedGroundTruthGivesTheLine() throws {
        let dir = try TemporaryDirectory()
        let root = dir.path("set")
        try FileManager.default.createDirectory(atPath: root + "/images", withIntermediateDirectories: true)
        let gt = try dir.write("set/wider_face_gt.txt", "a.jpg\n1\n1 2 3 4 0 0 0 0 0 0\nb.jpg\ntwo\n")
        let run = try CLIRun(["tune", "--dataset", root, "--detector", "haar"])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(gt):5: expected the number of faces of b.jpg, got \"two\""])
        #expect(run.stdout.isEmpty)
    }

    @Test func difficultySubsetsNeedTheDifficultyFile() throws {
        let dir = try TemporaryDirectory()
        let root = try TuningFixtures.imageFolder(in: dir, names: ["a.jpg"])
        _ = try dir.write("set/faces.csv", "a.jpg,1,2,3,4\n")
        let run = try CLIRun(["tune", "--dataset", root, "--detector", "haar", "--subset", "easy"])
        #expect(run.status == 2)
        #expect(run.stderrLines == ["facesticker: --subset easy: \(root) has no difficulty.tsv"])
    }

    @Test(Fixtures.needsShared("data/wider-dev"), arguments: [
        (["tune"], "--dataset"),
        (["tune", "--dataset", "/nonexistent/set"], "/nonexistent/set: no such file"),
        (["tune", "--dataset", "DATASET", "--grid", "bogus=1"], "unknown parameter"),
        (["tune", "--dataset", "DATASET", "--detector", "haar", "--grid", "scoreThreshold=0.5"], "does not apply"),
        (["tune", "--dataset", "DATASET", "--objective", "accuracy"], "--objective"),
        (["tune", "--dataset", "DATASET", "--subset", "tiny"], "--subset"),
        (["tune", "--dataset", "DATASET", "--plot", "curves.gif"], "--plot"),
        (["tune", "--dataset", "DATASET", "--detector", "yunet", "--grid", "yunet.scoreThreshold=2"], "scoreThreshold"),
        (["tune", "--dataset", "DATASET", "--detector", "haar", "--detector", "yunet", "--model", "m.onnx"], "--model"),
        (["tune", "--dataset", "DATASET", "--jobs", "0"], "--jobs"),
        (["tune", "--dataset", "DATASET", "-o", "DATASET/wider_face_gt.txt"], "would overwrite the ground truth"),
    ])
    func badArgumentsGiveOneLine(arguments: [String], mention: String) throws {
        let dir = try TemporaryDirectory()
        let dataset = try TuningFixtures.tinyWider(in: dir, count: 1)
        let run = try CLIRun(arguments.map { $0.replacingOccurrences(of: "DATASET", with: dataset) })
        // The command line's problems are usage errors (2); a dataset that cannot be read bad input (1).
        #expect(run.status == (mention.hasPrefix("/") ? 1 : 2))
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains(mention), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    @Test func helpListsTheOptions() throws {
        let help = try CLIRun(["help", "tune"])
        #expect(help.status == 0)
        for option in ["--dataset", "--grid", "--objective", "--plot", "--sheet", "--jobs", "recall@precision"] {
            #expect(help.stdout.contains(option))
        }
    }
}
