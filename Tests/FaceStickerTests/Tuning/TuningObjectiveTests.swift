import FaceSticker
import Testing

@Suite struct TuningObjectiveTests {
    static func metrics(_ tp: Int, _ fp: Int, _ positives: Int, ap: Double = 0) -> DetectionMetrics {
        DetectionMetrics(truePositives: tp, falsePositives: fp, ignored: 0, positives: positives, averagePrecision: ap)
    }

    @Test func parses() throws {
        #expect(try TuningObjective(parsing: "f1") == .f1)
        #expect(try TuningObjective(parsing: "AP") == .averagePrecision)
        #expect(try TuningObjective(parsing: "recall@precision=0.9") == .recallAtPrecision(0.9))
        #expect(throws: FaceStickerError.self) { try TuningObjective(parsing: "recall@precision=1.5") }
        #expect(throws: FaceStickerError.self) { try TuningObjective(parsing: "accuracy") }
    }

    @Test func recallAtPrecisionQualifiesFirst() {
        let objective = TuningObjective.recallAtPrecision(0.9)
        let precise = Self.metrics(45, 5, 100) // P 0.9, R 0.45
        let loose = Self.metrics(80, 20, 100) // P 0.8, R 0.8
        #expect(objective.value(of: precise) == 0.45)
        #expect(objective.value(of: loose) == nil)
        #expect(objective.ranks(precise, above: loose) && !objective.ranks(loose, above: precise))
        #expect(TuningObjective.f1.ranks(loose, above: precise))
    }

    @Test func tiesGoToPrecision() {
        // Both F1 2/3: P 1, R 1/2 against P 1/2, R 1.
        let a = Self.metrics(1, 0, 2), b = Self.metrics(2, 2, 2)
        #expect(abs(a.f1 - b.f1) < 1e-12)
        #expect(TuningObjective.f1.ranks(a, above: b) && !TuningObjective.f1.ranks(b, above: a))
        #expect(TuningObjective.averagePrecision.ranks(Self.metrics(1, 0, 2, ap: 0.6), above: Self.metrics(1, 0, 2, ap: 0.5)))
    }
}
