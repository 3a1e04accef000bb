import FaceSticker
import Testing

/// The anonymisation scorer on synthetic pictures: what counts as covered, the
/// share of each face box, the regions off every face, and the sums per subset.
@Suite struct MaskCoverageTests {
    /// A grey 40x30 picture, and a copy with `rects` painted by `delta` on every colour channel.
    static func pictures(_ rects: [Rect], delta: Int = 100) -> (original: RGBAImage, anonymised: RGBAImage) {
        let original = RGBAImage(width: 40, height: 30, fill: (100, 120, 140, 255))
        var anonymised = original
        for rect in rects {
            for y in Int(rect.minY)..<Int(rect.maxY) {
                for x in Int(rect.minX)..<Int(rect.maxX) {
                    let (r, g, b, a) = anonymised[x, y]
                    anonymised[x, y] = (UInt8(Int(r) + delta), UInt8(Int(g) + delta), UInt8(Int(b) + delta), a)
                }
            }
        }
        return (original, anonymised)
    }

    static func face(_ x: Double, _ y: Double, _ w: Double, _ h: Double, invalid: Bool = false,
                     _ subsets: Set<EvaluationSubset> = []) -> GroundTruth.Box {
        GroundTruth.Box(box: Rect(x: x, y: y, width: w, height: h), invalid: invalid, subsets: subsets)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let painted: [Rect]
        let faces: [GroundTruth.Box]
        let coverage: [Double?]
        let regions: Int
        let offFaces: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "untouched: nothing covered", painted: [], faces: [face(5, 5, 10, 10)], coverage: [0],
             regions: 0, offFaces: 0),
        Case(name: "a box half covered", painted: [Rect(x: 5, y: 5, width: 5, height: 10)],
             faces: [face(5, 5, 10, 10)], coverage: [0.5], regions: 1, offFaces: 0),
        Case(name: "a mask larger than the face covers all of it", painted: [Rect(x: 2, y: 2, width: 16, height: 16)],
             faces: [face(5, 5, 10, 10)], coverage: [1], regions: 1, offFaces: 0),
        Case(name: "a region off every face", painted: [Rect(x: 5, y: 5, width: 10, height: 10),
                                                        Rect(x: 30, y: 20, width: 5, height: 5)],
             faces: [face(5, 5, 10, 10)], coverage: [1], regions: 2, offFaces: 1),
        Case(name: "regions touching at a corner are one (8-neighbour)",
             painted: [Rect(x: 20, y: 10, width: 5, height: 5), Rect(x: 25, y: 15, width: 5, height: 5)],
             faces: [face(0, 0, 4, 4)], coverage: [0], regions: 1, offFaces: 1),
        Case(name: "a one-pixel gap makes two regions",
             painted: [Rect(x: 20, y: 10, width: 5, height: 5), Rect(x: 26, y: 10, width: 5, height: 5)],
             faces: [face(0, 0, 4, 4)], coverage: [0], regions: 2, offFaces: 2),
        Case(name: "a region reaching into a face box is on a face",
             painted: [Rect(x: 12, y: 5, width: 20, height: 3)], faces: [face(5, 5, 10, 10)], coverage: [0.09],
             regions: 1, offFaces: 0),
        Case(name: "any labelled face counts, invalid or in no subset",
             painted: [Rect(x: 30, y: 20, width: 5, height: 5)], faces: [face(5, 5, 10, 10), face(31, 21, 2, 2, invalid: true)],
             coverage: [0, 1], regions: 1, offFaces: 0),
        Case(name: "a box is the pixels it touches", painted: [Rect(x: 5, y: 5, width: 2, height: 2)],
             faces: [face(5.5, 5.5, 1, 1)], coverage: [1], regions: 1, offFaces: 0),
        Case(name: "a box is clipped to the picture", painted: [Rect(x: 30, y: 0, width: 10, height: 10)],
             faces: [face(30, -10, 20, 20)], coverage: [1], regions: 1, offFaces: 0),
        Case(name: "a box outside the picture or without area is not scored", painted: [],
             faces: [face(50, 5, 10, 10), face(5, 5, 0, 10)], coverage: [nil, nil], regions: 0, offFaces: 0),
    ]

    @Test(arguments: cases) func scoresASyntheticPicture(_ c: Case) throws {
        let (original, anonymised) = Self.pictures(c.painted)
        let score = try MaskCoverage.score(original: original, anonymised: anonymised, faces: c.faces)
        #expect(score.coverage.count == c.coverage.count)
        for (got, want) in zip(score.coverage, c.coverage) {
            if let want, let got { #expect(abs(got - want) < 1e-9, "\(got) for \(want)") } else { #expect(got == want) }
        }
        #expect(score.regions == c.regions && score.regionsOffFaces == c.offFaces, "\(score)")
        #expect(score.milliseconds == nil)
    }

    /// The picture's share masked outside every labelled box grown 1.8 times, and wiped pictures:
    /// over half covered while the grown faces cover less. The 40x30 picture has 1200 pixels; the
    /// face (10, 10, 10x10) grown is columns and rows 6..<24, 324 pixels.
    struct Outside: Sendable {
        let painted: [Rect]
        let masked: Double, outside: Double
        let wiped: Bool
    }

    static let outsideCases: [Outside] = [
        Outside(painted: [], masked: 0, outside: 0, wiped: false),
        Outside(painted: [Rect(x: 10, y: 10, width: 10, height: 10)], masked: 100.0 / 1200, outside: 0, wiped: false),
        Outside(painted: [Rect(x: 6, y: 6, width: 18, height: 18)], masked: 324.0 / 1200, outside: 0, wiped: false),
        Outside(painted: [Rect(x: 25, y: 0, width: 10, height: 10)], masked: 100.0 / 1200, outside: 100.0 / 1200,
                wiped: false),
        Outside(painted: [Rect(x: 0, y: 0, width: 40, height: 30)], masked: 1, outside: 876.0 / 1200, wiped: true),
    ]

    @Test(arguments: outsideCases)
    func masksOutsideFaces(_ c: Outside) throws {
        let (original, anonymised) = Self.pictures(c.painted)
        let score = try MaskCoverage.score(original: original, anonymised: anonymised, faces: [Self.face(10, 10, 10, 10)])
        #expect(abs(score.masked - c.masked) < 1e-9 && abs(score.maskedOutsideFaces - c.outside) < 1e-9, "\(score)")
        #expect(abs(score.grownFaces - 324.0 / 1200) < 1e-9 && score.isWiped == c.wiped, "\(score)")
        // A picture its faces fill is not wiped by a mask over all of it.
        let full = try MaskCoverage.score(original: original, anonymised: Self.pictures([Rect(x: 0, y: 0, width: 40, height: 30)]).1,
                                          faces: [Self.face(5, 5, 30, 20)])
        #expect(full.masked == 1 && full.maskedOutsideFaces == 0 && !full.isWiped, "\(full)")
    }

    /// The summary's mean and 90th percentile (nearest rank) of the shares outside faces, and the wiped count.
    @Test func summarisesTheAreaOutsideFaces() throws {
        let images = (0..<10).map { LabeledImage(name: "\($0).jpg", path: "/\($0).jpg", faces: []) }
        let dataset = FaceDataset(folder: "set", groundTruthFiles: [], format: .wider, images: images, hasDifficulty: false)
        let scores = (0..<10).map { k in
            MaskCoverage.ImageScore(coverage: [], regions: 0, regionsOffFaces: 0, masked: k == 9 ? 0.9 : 0,
                                    maskedOutsideFaces: Double(k) / 100)
        }
        let summary = try MaskCoverage.Summary(dataset: dataset, scores: scores)
        #expect(abs(summary.outsideMean - 0.045) < 1e-12 && summary.outsideP90 == 0.08 && summary.wiped == 1)
        #expect(summary.table[1].contains("4.5%,8.0%"), "\(summary.table)")
    }

    /// A channel must differ by more than the tolerance; alpha is no colour.
    @Test(arguments: [(3, 2, true), (3, 3, false), (1, 0, true), (255, 254, true), (254, 254, false)])
    func tolerance(delta: Int, tolerance: Int, covered: Bool) throws {
        let original = RGBAImage(width: 8, height: 8, fill: (120, 0, 140, 255))
        let anonymised = RGBAImage(width: 8, height: 8, fill: (120, UInt8(delta), 140, 255))
        let score = try MaskCoverage.score(original: original, anonymised: anonymised,
                                           faces: [Self.face(2, 2, 4, 4)], tolerance: tolerance)
        #expect(score.coverage == [covered ? 1 : 0])
        var alphaOnly = original
        alphaOnly[3, 3] = (120, 0, 140, 0)
        #expect(try MaskCoverage.score(original: original, anonymised: alphaOnly, faces: []).regions == 0)
    }

    @Test func refusesMismatchedPicturesAndTolerances() throws {
        let small = RGBAImage(width: 4, height: 4), large = RGBAImage(width: 5, height: 4)
        #expect(throws: FaceStickerError.self) { try MaskCoverage.score(original: small, anonymised: large, faces: []) }
        #expect(throws: FaceStickerError.self) {
            try MaskCoverage.score(original: small, anonymised: small, faces: [], tolerance: 255)
        }
    }

    /// Faces counted per subset (easy, medium, hard, then all), the unhidden and
    /// under-half ones, regions per image, and the mean time when every photo was timed.
    @Test func summarisesPerSubset() throws {
        let a = LabeledImage(name: "a.jpg", path: "/a.jpg", faces: [
            Self.face(0, 0, 10, 10, [.easy, .hard]), Self.face(0, 0, 10, 10, [.hard]),
            Self.face(0, 0, 10, 10, invalid: true), Self.face(0, 0, 0, 0, [.hard]),
        ])
        let b = LabeledImage(name: "b.jpg", path: "/b.jpg", faces: [Self.face(0, 0, 10, 10, [.medium, .hard])])
        let dataset = FaceDataset(folder: "set", groundTruthFiles: [], format: .wider, images: [a, b], hasDifficulty: true)
        let scores = [MaskCoverage.ImageScore(coverage: [0.1, 0.4, 0, nil], regions: 3, regionsOffFaces: 3, milliseconds: 10),
                      MaskCoverage.ImageScore(coverage: [0.5], regions: 1, regionsOffFaces: 0, milliseconds: 30)]
        let summary = try MaskCoverage.Summary(dataset: dataset, scores: scores)
        #expect(summary.rows.map(\.subset) == [.easy, .medium, .hard, .all])
        #expect(summary.rows.map(\.faces) == [1, 1, 3, 3])
        #expect(summary.rows.map(\.unhidden) == [1, 0, 1, 1])
        #expect(summary.rows.map(\.underHalf) == [1, 0, 2, 2])
        #expect(summary.regionsOffFacesPerImage == 1.5 && summary.regions == 4)
        #expect(summary.millisecondsPerPhoto == 20)
        #expect(summary.table == [
            "subset  faces  unhidden(<20%)  under-half  regions-off-faces/image  masked-outside-faces(mean,p90)  wiped(>50%)  ms/photo",
            "easy    1      1 (100.0%)      1 (100.0%)  1.50                     0.0%,0.0%                       0            20.0",
            "medium  1      0 (0.0%)        0 (0.0%)    1.50                     0.0%,0.0%                       0            20.0",
            "hard    3      1 (33.3%)       2 (66.7%)   1.50                     0.0%,0.0%                       0            20.0",
            "all     3      1 (33.3%)       2 (66.7%)   1.50                     0.0%,0.0%                       0            20.0",
        ])
        // Unhidden on all: a's first face (its invalid one and the one without area are not counted).
        #expect(MaskCoverage.unhidden(dataset: dataset, scores: scores).map { [$0.image, $0.face] } == [[0, 0]])
        let larger = LabeledImage(name: "c.jpg", path: "/c.jpg", faces: [Self.face(0, 0, 5, 5), Self.face(0, 0, 20, 20)])
        let two = FaceDataset(folder: "set", groundTruthFiles: [], format: .wider, images: [a, larger], hasDifficulty: false)
        let found = MaskCoverage.unhidden(dataset: two, scores: [scores[0], MaskCoverage.ImageScore(
            coverage: [0, 0], regions: 0, regionsOffFaces: 0)])
        #expect(found.map { [$0.image, $0.face] } == [[1, 1], [0, 0], [1, 0]], "largest first")
        var untimed = scores
        untimed[1].milliseconds = nil
        let partial = try MaskCoverage.Summary(dataset: dataset, scores: untimed)
        #expect(partial.millisecondsPerPhoto == nil && partial.table[1].hasSuffix(" -"))
        #expect(throws: FaceStickerError.self) { try MaskCoverage.Summary(dataset: dataset, scores: [scores[0]]) }
    }
}
