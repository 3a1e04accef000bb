import FaceSticker
import Testing

@Suite struct DetectorTunerTests {
    /// A small sweep end to end: rows ranked, the baseline among them, the
    /// best at least as good, and the replayed metrics equal to a direct run.
    @Test(Fixtures.needsShared("data/wider-dev"), Fixtures.needsYuNet) func yunetSweepOnATinyDataset() throws {
        let dir = try TemporaryDirectory()
        let dataset = try FaceDataset.load(folder: try TuningFixtures.tinyWider(in: dir, count: 8))
        try #require(dataset.images.count == 8 && dataset.hasDifficulty)
        let baseline = Fixtures.settings(.yunet)
        let grid = ParameterGrid([(.inputSize, [640, 320]), (.nmsThreshold, [0.3, 0.45]),
                                  (.scoreThreshold, [0.4, 0.6, 0.7, 0.9])])
        let tuner = DetectorTuner(baselines: [baseline], grids: [.yunet: grid], objective: .f1, jobs: 2)
        var logged: [String] = []
        let report = try tuner.run(on: dataset) { logged.append($0) }
        #expect(report.rows.count == 17, "16 combinations and the default (score 0.5)")
        #expect(report.detectorRuns == 16, "8 images at 2 input sizes")
        #expect(!logged.isEmpty)
        for (a, b) in zip(report.rows, report.rows.dropFirst()) {
            #expect(!report.objective.ranks(report.metrics(of: b), above: report.metrics(of: a)))
        }
        let baselineRow = try #require(report.baseline(for: .yunet))
        #expect(baselineRow.settings == baseline)
        #expect(try #require(report.objectiveValue(of: report.best)) >= report.objectiveValue(of: baselineRow) ?? 1)
        #expect(Set(report.rows.first?.metrics.keys.map { $0 } ?? []) == Set(EvaluationSubset.allCases))

        for row in [report.best, baselineRow, report.rows[report.rows.count - 1]] {
            let direct = try DatasetEvaluation.run(settings: row.settings, on: dataset)
            for subset in EvaluationSubset.allCases {
                #expect(direct.metrics(subset) == row.metrics[subset], "\(row.label) \(subset)")
            }
        }
        #expect(report.bestEvaluation.metrics() == report.best.metrics[.all])
        #expect(report.curves.count == 2 && report.curves.allSatisfy { !$0.points.isEmpty })

        let table = TuningTable.lines(report, limit: 3)
        #expect(table.count == 1 + 3 + (report.rows.prefix(3).contains { $0.isBaseline } ? 0 : 1) + 1)
        #expect(table.contains { $0.contains("(default)") })
        #expect(TuningTable.summary(report).first?.hasPrefix("yunet: best f1 ") == true)
    }

    /// wider-dev images are 416 px and YuNet does not enlarge them (maxUpscale 1): 480 and 640
    /// both leave them as they are. The network runs once for both and the table lists their
    /// rows once, but each size asked for is its own curve, said to be the same.
    @Test(Fixtures.needsShared("data/wider-dev"), Fixtures.needsYuNet) func sizesGivingTheSameCopiesRunOnceAndEachHasACurve() throws {
        let dir = try TemporaryDirectory()
        let dataset = try FaceDataset.load(folder: try TuningFixtures.tinyWider(in: dir, count: 3))
        let grid = ParameterGrid([(.inputSize, [480, 640]), (.scoreThreshold, [DetectorSettings.defaults(for: .yunet).scoreThreshold])])
        var logged: [String] = []
        let report = try DetectorTuner(baselines: [Fixtures.settings(.yunet)], grids: [.yunet: grid])
            .run(on: dataset) { logged.append($0) }
        #expect(report.rows.count == 1 && report.rows[0].settings.inputSize == 640)
        #expect(report.detectorRuns == 3)
        #expect(report.networkPasses.map(\.collected) == [3, 0])
        try #require(report.curves.count == 2)
        #expect(report.curves[0].label.hasPrefix("yunet 480 ") && report.curves[0].label.contains("same copies as 640"))
        #expect(report.curves[1].label.hasPrefix("yunet 640 "))
        #expect(report.curves[0].points == report.curves[1].points)
        #expect(logged.contains { $0.contains("480 runs on the same copies as 640") && $0.contains("maxUpscale 1") })
    }

    /// Every size asked for is a curve, and each curve runs down to the lowest score swept
    /// with it, wherever its best setting sits (with rotations auto each score is its own
    /// replay: the curve once stopped at the best setting's score).
    @Test(Fixtures.needsShared("data/wider-dev"), Fixtures.needsYuNet, arguments: [[640], [640, 320], [640, 416, 320]])
    func curvesRunDownToTheSweepsFloor(sizes: [Int]) throws {
        let dir = try TemporaryDirectory()
        let dataset = try FaceDataset.load(folder: try TuningFixtures.tinyWider(in: dir, count: 4))
        var baseline = Fixtures.settings(.yunet)
        baseline.verifier = .none
        baseline.rotations = .auto
        let grid = ParameterGrid([(.inputSize, sizes.map(Double.init)), (.scoreThreshold, [0.3, 0.6, 0.9])])
        let report = try DetectorTuner(baselines: [baseline], grids: [.yunet: grid],
                                       objective: try TuningObjective(parsing: "recall@precision=0.9")).run(on: dataset)
        #expect(report.curves.map { Int($0.label.split(separator: " ")[1]) } == sizes)
        for curve in report.curves {
            let operating = try #require(curve.operatingPoint)
            let lowest = try #require(curve.points.map(\.score).min())
            #expect(Float(lowest) > Float(0.3) && lowest < 0.6, "\(curve.label): down to the floor")
            #expect((curve.points.last?.recall ?? 0) >= operating.recall - 1e-9)
        }
    }

    @Test(Fixtures.needsShared("data/wider-dev")) func haarRerunsPerSetting() throws {
        let dir = try TemporaryDirectory()
        let dataset = try FaceDataset.load(folder: try TuningFixtures.tinyWider(in: dir, count: 3))
        let grid = ParameterGrid([(.minNeighbors, [2, 5]), (.scoreThreshold, [0.9])])
        let tuner = DetectorTuner(baselines: [.defaults(for: .haar)], grids: [.haar: grid], objective: .averagePrecision)
        let report = try tuner.run(on: dataset)
        #expect(report.rows.count == 2, "minNeighbors 5 is the default; score threshold does not apply to Haar")
        #expect(report.detectorRuns == 6)
        let loose = try #require(report.rows.first { $0.settings.minNeighbors == 2 })
        let strict = try #require(report.rows.first { $0.settings.minNeighbors == 5 })
        let a = try #require(loose.metrics[.all]), b = try #require(strict.metrics[.all])
        #expect(a.truePositives + a.falsePositives >= b.truePositives + b.falsePositives)
    }

    @Test func badGridValuesAreRefusedBeforeRunning() throws {
        let tuner = DetectorTuner(baselines: [.defaults(for: .yunet)],
                                  grids: [.yunet: ParameterGrid([(.scoreThreshold, [0.5, 1.5])])])
        #expect(throws: FaceStickerError.invalidArgument("\(setting: .grid): key \"scoreThreshold\": must be 0...1, got 1.5")) {
            try tuner.settings(for: .defaults(for: .yunet))
        }
    }
}
