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
        (#"{"scoreThreshold": 0.5}"#, "detector"),
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

    @Test(arguments: ["{", "", "[1, 2]", "not json"])
    func brokenJSONIsUnreadable(json: String) {
        #expect(throws: FaceStickerError.self) { try DetectorConfig.decode(Data(json.utf8), source: "c.json") }
    }
}
