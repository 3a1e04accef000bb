import FaceSticker
import Foundation
import Testing

/// `--faces`, `--max-faces`, `--min-face`: parsing, photo ranks, video tracks.
@Suite struct FaceChoiceTests {
    /// Faces of widths 30, 80, 50, 20 from left to right.
    static let faces = [30.0, 80, 50, 20].enumerated().map { index, width in
        Face(box: Rect(x: Double(index) * 100, y: 10, width: width, height: width * 1.2), score: 0.9)
    }

    @Test(arguments: [
        ("all", FaceChoice.Selection.all), ("largest", .largest), ("LARGEST", .largest),
        ("2", .listed([2])), ("1,3", .listed([1, 3])), ("3, 1 ,3", .listed([3, 1])), ("0", .listed([0])),
    ])
    func selectionParses(text: String, selection: FaceChoice.Selection) throws {
        #expect(try FaceChoice.parseSelection(text) == selection)
    }

    @Test(arguments: ["", "some", "1,", ",2", "1;2", "-1", "1.5", "2,x", "99999999999999999999"])
    func badSelectionIsNamed(text: String) {
        #expect {
            _ = try FaceChoice.parseSelection(text)
        } throws: { error in
            "\(error)".hasPrefix("faces: \"\(text)\" is not all, largest or a list of face numbers")
        }
    }

    @Test func countsParseAndBadOnesAreNamed() throws {
        #expect(try FaceChoice.parseMaxFaces("3") == 3)
        #expect(try FaceChoice.parseMinFace("40") == 40)
        for (text, message) in [("0", "maxFaces: 0 is outside 1...1000"), ("x", "maxFaces: \"x\" is not a whole number (1...1000)"),
                                ("1001", "maxFaces: 1001 is outside 1...1000")] {
            #expect { _ = try FaceChoice.parseMaxFaces(text) } throws: { "\($0)" == message }
        }
        for (text, message) in [("0", "minFace: 0 is outside 1...100000"), ("4.5", "minFace: \"4.5\" is not a whole number of pixels (1...100000)")] {
            #expect { _ = try FaceChoice.parseMinFace(text) } throws: { "\($0)" == message }
        }
        #expect { try FaceChoice(selection: .listed([0, 2])).validateForPhoto() } throws: {
            "\($0)" == "faces: rank 0: face ranks start at 1 (the largest face)"
        }
        try FaceChoice(selection: .listed([1, 2])).validateForPhoto()
    }

    /// Photo: ranks by size (1 = largest), then the minimum, then the count; faces keep their order.
    @Test(arguments: [
        (FaceChoice.all, [0, 1, 2, 3]),
        (FaceChoice(selection: .largest), [1]),
        (FaceChoice(selection: .listed([1])), [1]),
        (FaceChoice(selection: .listed([2, 4])), [2, 3]),
        (FaceChoice(selection: .listed([9])), []),
        (FaceChoice(maxFaces: 2), [1, 2]),
        (FaceChoice(maxFaces: 10), [0, 1, 2, 3]),
        (FaceChoice(minFace: 30), [0, 1, 2]),
        (FaceChoice(minFace: 81), []),
        (FaceChoice(selection: .listed([1, 3, 4]), maxFaces: 2, minFace: 25), [0, 1]),
        (FaceChoice(selection: .largest, minFace: 90), []),
    ])
    func photoChoosesBySizeRank(choice: FaceChoice, expected: [Int]) {
        #expect(choice.chosenIndices(of: Self.faces) == expected)
        #expect(choice.chosen(Self.faces) == expected.map { Self.faces[$0] })
    }

    @Test func equalSizesRankLeftToRight() {
        let twins = [Face(box: Rect(x: 200, y: 0, width: 40, height: 40), score: 1),
                     Face(box: Rect(x: 10, y: 0, width: 40, height: 40), score: 1)]
        #expect(FaceChoice(selection: .listed([1])).chosenIndices(of: twins) == [1])
        #expect(FaceChoice(selection: .largest).chosenIndices(of: [Face]()) == [])
    }

    static func track(_ id: Int, width: Double, x: Double = 0) -> TrackedFace {
        TrackedFace(id: id, face: Face(box: Rect(x: x, y: 0, width: width, height: width), score: 1), source: .detected)
    }

    /// Video: track ids, not per-frame ranks; two tracks of about the same size
    /// that take turns being larger do not swap the sticker back and forth.
    @Test func videoLargestDoesNotFlicker() {
        var chooser = FaceChoice.TrackChooser(FaceChoice(selection: .largest))
        var picks: [Set<Int>] = []
        for frame in 0..<40 {
            let wobble = frame % 2 == 0 ? 3.0 : -3.0
            picks.append(chooser.choose([Self.track(0, width: 60 + wobble), Self.track(1, width: 60 - wobble, x: 200)]))
        }
        #expect(Set(picks) == [[0]], "one track kept: \(Set(picks))")
        // A clearly larger track takes over, and keeps it.
        let bigger = chooser.choose([Self.track(0, width: 60), Self.track(1, width: 80, x: 200)])
        #expect(bigger == [1])
        #expect(chooser.choose([Self.track(0, width: 63), Self.track(1, width: 60, x: 200)]) == [1])
    }

    /// `--min-face`: a track that was big enough once keeps its effect when it shrinks
    /// (a face walking away stays hidden); a small one is left until it grows.
    @Test func videoMinFaceGoesByTheTracksLargestSize() {
        var chooser = FaceChoice.TrackChooser(FaceChoice(minFace: 50))
        #expect(chooser.choose([Self.track(0, width: 40)]) == [])
        #expect(chooser.choose([Self.track(0, width: 55)]) == [0])
        #expect(chooser.choose([Self.track(0, width: 30)]) == [0])
        #expect(chooser.choose([Self.track(0, width: 30), Self.track(1, width: 30)]) == [0])
    }

    @Test func videoListedIdsAndMaxFaces() {
        var listed = FaceChoice.TrackChooser(FaceChoice(selection: .listed([0, 2])))
        #expect(listed.choose([Self.track(0, width: 10), Self.track(1, width: 90), Self.track(2, width: 50)]) == [0, 2])
        var two = FaceChoice.TrackChooser(FaceChoice(maxFaces: 2))
        #expect(two.choose([Self.track(0, width: 10), Self.track(1, width: 90), Self.track(2, width: 50)]) == [1, 2])
        // A track gone is forgotten; the next largest moves up.
        #expect(two.choose([Self.track(0, width: 10), Self.track(2, width: 50)]) == [0, 2])
        var all = FaceChoice.TrackChooser(.all)
        #expect(all.choose([Self.track(4, width: 1), Self.track(7, width: 1)]) == [4, 7])
    }

    /// The painter leaves unchosen tracks without placements (the tracks file still lists them).
    @Test func trackPainterPlacesOnlyChosenTracks() throws {
        let effect = try #require(try Anonymisation.Effect.parse("blur"))
        var painter = TrackPainter(stickers: [Sticker(effect: effect)])
        painter.choice = FaceChoice(selection: .listed([1]))
        let painted = painter.place([Self.track(0, width: 50), Self.track(1, width: 40, x: 100)], interval: 0.04)
        #expect(painted.map(\.tracked.id) == [0, 1])
        #expect(painted.map(\.placements.count) == [0, 1])
    }
}
