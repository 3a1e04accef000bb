import FaceSticker
import Testing

@Suite(Fixtures.needsShared("data/wider-dev")) struct ContactSheetTests {
    @Test func picksLargestMissesAndBestScoredFalsePositives() throws {
        let dir = try TemporaryDirectory()
        let dataset = try FaceDataset.load(folder: try TuningFixtures.tinyWider(in: dir, count: 4))
        // Find every face but the two largest of the first image; add a false positive per image.
        var detections: [[Face]] = []
        var largest: [Rect] = []
        for (i, image) in dataset.images.enumerated() {
            let counted = image.faces.filter { $0.isCounted(in: .all) }.map(\.box)
            let skip = i == 0 ? Array(counted.sorted { $0.area > $1.area }.prefix(2)) : []
            largest += skip
            detections.append(counted.filter { !skip.contains($0) }.map { Face(box: $0, score: 0.9) }
                              + [Face(box: Rect(x: 0, y: 0, width: 30, height: 30), score: 0.5 + Double(i) / 10)])
        }
        let evaluation = try DatasetEvaluation(dataset: dataset, detections: detections)
        let (misses, falsePositives) = ContactSheet.mistakes(dataset: dataset, evaluation: evaluation, subset: .all, count: 3)
        #expect(misses.map(\.box) == largest)
        #expect(falsePositives.map(\.image) == [3, 2, 1])
        #expect(falsePositives.first?.caption == "FP 0.80")

        let sheet = try ContactSheet.render(dataset: dataset, evaluation: evaluation, title: "test", count: 3,
                                            columns: 3, tileSize: 120)
        #expect(sheet.width == 3 * 128 + 8)
        // The first tile shows the largest miss, centred (its crop cut at whole pixels) and outlined in green.
        let tileTop = 70 + 26, box = misses[0].box
        let side = max(48, (3 * max(box.width, box.height)).rounded()), scale = 120 / side
        let cropX = (box.center.x - side / 2).rounded(.down)
        let edgeX = 8 + Int(((box.minX - cropX) * scale).rounded()) + 1, centreY = tileTop + 60
        let p = sheet[edgeX, centreY]
        #expect(p.1 > 150 && p.0 < 100 && p.2 < 100, "green ground truth at the tile's centre: \(p)")
    }
}
