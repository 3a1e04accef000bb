import FaceSticker
import Testing

@Suite(Fixtures.needsShared("data/wider-dev")) struct DatasetEvaluationTests {
    /// The ground truth itself, as detections, is perfect on every subset:
    /// faces a subset does not count are ignored, never false positives.
    @Test func groundTruthAsDetectionsIsPerfect() throws {
        let dataset = try FaceDataset.load(folder: TuningFixtures.widerDev)
        let detections = dataset.images.map { image in
            image.faces.filter { $0.box.area > 0 }.map { Face(box: $0.box, score: 1) }
        }
        let evaluation = try DatasetEvaluation(dataset: dataset, detections: detections)
        for subset in EvaluationSubset.allCases {
            let m = evaluation.metrics(subset)
            #expect(m.positives == dataset.countedFaces(in: subset))
            #expect(m.truePositives == m.positives && m.falsePositives == 0, "\(subset): \(m)")
            #expect(m.precision == 1 && m.recall == 1 && m.averagePrecision == 1)
        }
        #expect(evaluation.metrics(.easy).ignored > 0, "the non-easy faces' boxes are ignored on easy")
    }

    @Test func noDetectionsMissEverything() throws {
        let dataset = try FaceDataset.load(folder: TuningFixtures.widerDev)
        let evaluation = try DatasetEvaluation(dataset: dataset, detections: dataset.images.map { _ in [] })
        let m = evaluation.metrics(.hard)
        #expect(m.misses == dataset.countedFaces(in: .hard) && m.recall == 0 && m.averagePrecision == 0)
        #expect(throws: FaceStickerError.self) { try DatasetEvaluation(dataset: dataset, detections: [[]]) }
    }

    /// YuNet's default on wider-dev, the figures ../shared/README.md quotes
    /// for orientation (easy recall 0.73 on a larger set): loose bounds.
    @Test(Fixtures.needsYuNet) func yunetOnWiderDev() throws {
        let dataset = try FaceDataset.load(folder: TuningFixtures.widerDev)
        let evaluation = try DatasetEvaluation.run(settings: Fixtures.settings(.yunet), on: dataset, jobs: 2)
        let easy = evaluation.metrics(.easy), hard = evaluation.metrics(.hard)
        #expect(easy.recall > 0.6 && easy.recall < 0.95, "\(easy)")
        #expect(hard.recall < easy.recall)
        #expect(evaluation.metrics().precision > 0.6)
        let again = try DatasetEvaluation.run(settings: Fixtures.settings(.yunet), on: dataset, jobs: 1)
        #expect(again.metrics(.easy) == easy, "jobs do not change results")
    }
}
