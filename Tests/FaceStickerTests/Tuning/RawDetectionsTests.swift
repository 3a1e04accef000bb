import FaceSticker
import Testing

/// Replaying cached raw detections must give what the detector gives when
/// run with the setting directly.
@Suite struct RawDetectionsTests {
    static let images = [
        "0--Parade/0_Parade_Parade_0_102.jpg", "2--Demonstration/2_Demonstration_Political_Rally_2_752.jpg",
        "4--Dancing/4_Dancing_Dancing_4_1028.jpg", "1--Handshaking/1_Handshaking_Handshaking_1_313.jpg",
        "3--Riot/3_Riot_Riot_3_488.jpg", // a face only the mesh keeps (CenterFace defaults)
    ]

    /// (input size, score threshold, NMS threshold, top-k, min size)
    static let settings: [(Int, Double, Double, Int, Int)] = [
        (640, 0.6, 0.3, 5000, 0), (640, 0.35, 0.5, 5000, 0), (640, 0.8, 0.1, 5000, 0),
        (320, 0.5, 0.3, 5000, 0), (640, 0.4, 0.3, 7, 0), (640, 0.5, 0.4, 5000, 12),
    ]

    @Test(Fixtures.needsShared("data/wider-dev"), arguments: [DetectorKind.yunet, .centerface])
    func replayMatchesDirectDetection(kind: DetectorKind) throws {
        let dataset = try FaceDataset.load(folder: TuningFixtures.widerDev)
        let pictures = try dataset.images.filter { Self.images.contains($0.name) }.map { try ImageFile.read(path: $0.path) }
            + [try ImageFile.read(path: Fixtures.astronaut)]
        try #require(pictures.count == Self.images.count + 1)
        var compared = 0
        for size in [640, 320] {
            var base = Fixtures.settings(kind)
            base.inputSize = size
            let swept = Self.settings.filter { $0.0 == size }.map { (inputSize, score, nms, topK, minSize) in
                var settings = base
                settings.scoreThreshold = score
                settings.nmsThreshold = nms
                settings.topK = topK
                settings.minSize = minSize
                return settings
            }
            let collector = try OpenCVDetector(settings: RawDetections.collectingSettings(for: base, scoreFloor: 0.3))
            let raw = try pictures.map { try RawDetections.collect(with: collector, in: $0, sweep: swept) }
            for settings in swept {
                let detector = try FaceFinder(settings: settings)
                for (picture, cached) in zip(pictures, raw) {
                    let direct = try detector.detect(in: picture)
                    let replayed = try cached.faces(for: settings)
                    #expect(direct.count == replayed.count, "\(kind) \(settings)")
                    for (a, b) in zip(direct, replayed) {
                        // Same candidates, so same floats: 0.01 px allows only rounding.
                        for (p, q) in [(a.box.x, b.box.x), (a.box.y, b.box.y), (a.box.width, b.box.width),
                                       (a.box.height, b.box.height)] {
                            #expect(abs(p - q) <= 0.01)
                        }
                        #expect(abs(a.score - b.score) <= 1e-6)
                    }
                    compared += direct.count
                }
            }
        }
        #expect(compared > 30, "the comparison saw enough faces")
    }

    @Test func inputSizeIsComputedAsTheDetectorDoes() {
        #expect(FaceFinder.inputSize(width: 416, height: 416, longestSide: 640) == (416, 416))
        #expect(FaceFinder.inputSize(width: 1280, height: 720, longestSide: 640) == (640, 360))
        #expect(FaceFinder.inputSize(width: 1001, height: 333, longestSide: 500) == (500, 166))
        #expect(FaceFinder.inputSize(width: 800, height: 600, longestSide: 0) == (800, 600))
    }
}
