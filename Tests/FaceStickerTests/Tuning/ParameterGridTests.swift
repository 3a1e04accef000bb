import FaceSticker
import Testing

@Suite struct ParameterGridTests {
    @Test func parsesListsRangesAndDetectorPrefixes() throws {
        let list = try ParameterGrid.parse("score-threshold=0.5,0.6")
        #expect(list.kind == nil && list.parameter == .scoreThreshold && list.values == [0.5, 0.6])
        let range = try ParameterGrid.parse("yunet.nmsThreshold=0.2:0.35:0.05")
        #expect(range.kind == .yunet && range.parameter == .nmsThreshold && range.values == [0.2, 0.25, 0.3, 0.35])
        let whole = try ParameterGrid.parse("haar.MINNEIGHBORS=2,4")
        #expect(whole.kind == .haar && whole.parameter == .minNeighbors && whole.values == [2, 4])
    }

    @Test(arguments: [
        ("scoreThreshold", "expected PARAM"),
        ("threshold=0.5", "unknown parameter"),
        ("dlib.scoreThreshold=0.5", "unknown detector"),
        ("scoreThreshold=0.5,high", "not a number"),
        ("inputSize=320.5", "whole numbers"),
        ("scoreThreshold=0.9:0.1:0.1", "FROM <= TO"),
    ])
    func badGridsAreNamed(text: String, problem: String) {
        do {
            _ = try ParameterGrid.parse(text)
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)".hasPrefix("grid \(text): ") && "\(error)".contains(problem), "\(error)")
        }
    }

    @Test func settingsAreEveryCombinationOfWhatApplies() {
        var grid = ParameterGrid([(.inputSize, [640, 320]), (.scoreThreshold, [0.5, 0.6, 0.7])])
        grid.set(.scaleFactor, [1.1, 1.3])
        let yunet = grid.settings(base: .defaults(for: .yunet))
        #expect(yunet.count == 6)
        #expect(Set(yunet.map(\.scoreThreshold)) == [0.5, 0.6, 0.7])
        #expect(yunet.allSatisfy { $0.scaleFactor == 1.1 }, "Haar's parameter leaves YuNet alone")
        #expect(grid.settings(base: .defaults(for: .haar)).count == 4)
        #expect(ParameterGrid.defaults(for: .yunet).settings(base: .defaults(for: .yunet))
                    .contains(.defaults(for: .yunet)), "the default grid holds the default setting")
        #expect(ParameterGrid.defaults(for: .haar).settings(base: .defaults(for: .haar)).count <= 4)
    }
}
