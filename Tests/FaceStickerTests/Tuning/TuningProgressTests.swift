import FaceSticker
import Foundation
import Synchronization
import Testing

/// What a long stage reported, from whichever thread reported it.
final class ProgressLog: Sendable {
    private let steps = Mutex<[TuningProgress]>([])

    var handler: TuningProgressHandler { { [self] step in steps.withLock { $0.append(step) } } }
    var all: [TuningProgress] { steps.withLock { $0 } }

    /// The stages, in the order they first reported.
    var stages: [TuningProgress.Stage] {
        var seen: [TuningProgress.Stage] = []
        for step in all where !seen.contains(step.stage) { seen.append(step.stage) }
        return seen
    }

    /// Each stage reported 0, then every count up to its total, in order, and nothing else.
    func expectWhole(_ stage: TuningProgress.Stage, total: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let steps = all.filter { $0.stage == stage }
        #expect(steps.map(\.done) == Array(0...total), "\(stage)", sourceLocation: sourceLocation)
        #expect(steps.allSatisfy { $0.total == total }, "\(stage)", sourceLocation: sourceLocation)
    }
}

@Suite struct TuningProgressTests {
    /// Each input size is its own network pass, counted image by image; the
    /// sweep counts its settings; each image is decoded once for all passes,
    /// and the network runs once per image and copy (sizes that give the same
    /// copy share the run: wider-dev's 416 px images are not enlarged by YuNet).
    @Test(Fixtures.needsShared("data/wider-dev"), Fixtures.needsYuNet, arguments: [
        (3, [640], [true]), (4, [640, 320], [true, true]), (2, [640, 480, 320], [true, false, true]),
    ])
    func everyPassCountsEachImageOnce(images: Int, sizes: [Int], runs: [Bool]) throws {
        let dir = try TemporaryDirectory()
        let dataset = try FaceDataset.load(folder: try TuningFixtures.tinyWider(in: dir, count: images))
        var baseline = Fixtures.settings(.yunet)
        baseline.verifier = .none
        let grid = ParameterGrid([(.inputSize, sizes.map(Double.init)), (.scoreThreshold, [0.5, 0.7])])
        let log = ProgressLog()
        let report = try DetectorTuner(baselines: [baseline], grids: [.yunet: grid], jobs: 2)
            .run(on: dataset, progress: log.handler)

        #expect(log.stages == sizes.map { .network(.yunet, size: "\($0)") } + [.sweep(.yunet)])
        for size in sizes { log.expectWhole(.network(.yunet, size: "\(size)"), total: images) }
        log.expectWhole(.sweep(.yunet), total: report.rows.count)

        #expect(report.networkPasses.map(\.inputSize) == sizes)
        #expect(report.networkPasses.reduce(0) { $0 + $1.decoded } == images, "each image decoded once for all passes")
        for (pass, runs) in zip(report.networkPasses, runs) {
            #expect(pass.images == images)
            #expect(pass.collected == (runs ? images : 0), "size \(pass.inputSize)")
            // Upright, and the three turns only on an image where `rotations auto` asks for them.
            #expect(runs ? (images...4 * images).contains(pass.networkRuns) : pass.networkRuns == 0)
        }
        #expect(report.detectorRuns == images * runs.filter { $0 }.count)
    }

    /// The contact sheet counts its tiles.
    @Test(Fixtures.needsShared("data/wider-dev"), Fixtures.needsYuNet) func theSheetCountsItsTiles() throws {
        let dir = try TemporaryDirectory()
        let dataset = try FaceDataset.load(folder: try TuningFixtures.tinyWider(in: dir, count: 3))
        let evaluation = try DatasetEvaluation.run(settings: Fixtures.settings(.yunet), on: dataset)
        let (misses, falsePositives) = ContactSheet.mistakes(dataset: dataset, evaluation: evaluation, subset: .all, count: 5)
        let log = ProgressLog()
        _ = try ContactSheet.render(dataset: dataset, evaluation: evaluation, title: "t", count: 5, progress: log.handler)
        #expect(log.stages == [.sheet])
        log.expectWhole(.sheet, total: misses.count + falsePositives.count)
    }

    @Test(arguments: [(0, 10, 0.0, nil as Double?), (5, 10, 2.0, 2.0), (10, 10, 4.0, 0.0)])
    func rateAndTimeLeft(done: Int, total: Int, elapsed: Double, remaining: Double?) {
        let step = TuningProgress(stage: .sweep(.yunet), done: done, total: total, elapsed: elapsed)
        #expect(step.remaining == remaining)
        #expect(step.rate == (elapsed > 0 ? Double(done) / elapsed : 0))
    }
}
