import FaceSticker
import Foundation
import Testing

@Suite struct DetectorConfigTests {
    @Test func roundTripsThroughJSON() throws {
        var settings = DetectorSettings.defaults(for: .centerface)
        settings.scoreThreshold = 0.42
        settings.inputSize = 480
        let decoded = try DetectorConfig.decode(DetectorConfig.encode(settings), source: "x.json")
        #expect(decoded == settings)
    }

    @Test func missingKeysKeepDefaults() throws {
        let settings = try DetectorConfig.decode(Data(#"{"detector": "haar", "minNeighbors": 3}"#.utf8), source: "c")
        var expected = DetectorSettings.defaults(for: .haar)
        expected.minNeighbors = 3
        #expect(settings == expected)
    }

    @Test(arguments: [
        (#"{"detector": "yunet", "scoreThreshold": "high"}"#, "scoreThreshold"),
        (#"{"detector": "yunet", "topK": 1.5}"#, "topK"),
        (#"{"detector": "yunet", "scoreTreshold": 0.5}"#, "scoreTreshold"),
        (#"{"detector": "dlib"}"#, "detector"),
        (#"{"detector": true}"#, "detector"),
        (#"{"detector": "yunet", "scoreThreshold": true}"#, "scoreThreshold"),
        (#"{"detector": "yunet", "rotations": "sideways"}"#, "rotations"),
        (#"{"detector": "yunet", "verifier": 1}"#, "verifier"),
        (#"{"detector": "haar", "scaleFactor": 1.00001}"#, "scaleFactor"),
        (#"{"detector": "yunet", "nmsThreshold": 3}"#, "nmsThreshold"),
    ])
    func badValuesNameTheKey(json: String, key: String) throws {
        do {
            _ = try DetectorConfig.decode(Data(json.utf8), source: "config.json")
            Issue.record("accepted \(json)")
        } catch let error as FaceStickerError {
            guard case .badValue(let path, let badKey, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path == "config.json")
            #expect(badKey == key)
            #expect(error.description.contains(key))
        }
    }

    /// The README: missing keys keep their defaults, the detector's too (issue #15).
    @Test func aConfigWithoutADetectorUsesTheDefaultOne() throws {
        let settings = try DetectorConfig.decode(Data(#"{"scoreThreshold": 0.3}"#.utf8), source: "c.json")
        var expected = DetectorSettings.defaults(for: ModelStore.defaultKind())
        expected.scoreThreshold = 0.3
        #expect(settings == expected)
    }

    /// Numbers are written as numbers, choices by name, and read back the same (issue #11).
    @Test func writesNumbersAsNumbers() throws {
        var settings = DetectorSettings.defaults(for: .yunet)
        settings.scoreThreshold = 0.45
        settings.verifier = .centerface
        settings.rotations = .all
        let data = DetectorConfig.encode(settings, notes: ["f1": .number(0.5), "dataset": .text("d")])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains(#""scoreThreshold": 0.45,"#))
        #expect(text.contains(#""inputSize": 640,"#))
        #expect(text.contains(#""verifier": "centerface","#))
        #expect(text.contains(#""rotations": "all","#))
        #expect(text.contains(#""f1": 0.5"#))
        #expect(try DetectorConfig.decode(data, source: "c.json") == settings)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["scoreThreshold"] is Double)
    }

    @Test(arguments: ["{", "", "[1, 2]", "not json"])
    func brokenJSONIsUnreadable(json: String) {
        #expect(throws: FaceStickerError.self) { try DetectorConfig.decode(Data(json.utf8), source: "c.json") }
    }
}
