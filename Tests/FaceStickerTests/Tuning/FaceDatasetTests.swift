import FaceSticker
import Foundation
import Testing

@Suite struct FaceDatasetTests {
    @Test(Fixtures.needsShared("data/wider-dev")) func loadsWiderDevWithDifficulty() throws {
        let dataset = try FaceDataset.load(folder: TuningFixtures.widerDev)
        #expect(dataset.format == .wider)
        #expect(dataset.images.count == 100)
        #expect(dataset.images.reduce(0) { $0 + $1.faces.count } == 2656) // as ../shared/README.md says
        #expect(dataset.hasDifficulty)
        #expect(dataset.subsets == [.all, .easy, .medium, .hard])
        let first = try #require(dataset.images.first)
        #expect(first.name == "0--Parade/0_Parade_Parade_0_102.jpg")
        #expect(FileManager.default.fileExists(atPath: first.path))
        try #require(first.faces.count == 39)
        #expect(first.faces[0].box == Rect(x: 327.44, y: 224.51, width: 9.75, height: 16.25))
        // difficulty.tsv: medium lists box 1 only; hard lists 1...16 but not 17.
        #expect(first.faces[0].isCounted(in: .medium) && !first.faces[1].isCounted(in: .medium))
        #expect(first.faces[15].isCounted(in: .hard) && !first.faces[16].isCounted(in: .hard))
        #expect(!first.faces[0].isCounted(in: .easy))
        // Subsets nest as WIDER FACE defines them.
        let easy = dataset.countedFaces(in: .easy), medium = dataset.countedFaces(in: .medium)
        let hard = dataset.countedFaces(in: .hard), all = dataset.countedFaces(in: .all)
        #expect(0 < easy && easy < medium && medium < hard && hard <= all && all <= 2656)
    }

    @Test func widerZeroCountLineAndInvalidFlag() throws {
        let dir = try TemporaryDirectory()
        let root = try TuningFixtures.imageFolder(in: dir, names: ["a.jpg", "b.jpg", "c.jpg"])
        _ = try dir.write("set/wider_face_gt.txt", """
        a.jpg
        2
        1 2 10 12 0 0 0 0 0 0
        5 5 8 8 0 0 0 1 0 0
        b.jpg
        0
        0 0 0 0 0 0 0 0 0 0
        c.jpg
        1
        3 4 5 6

        """)
        let dataset = try FaceDataset.load(folder: root)
        #expect(dataset.images.map(\.name) == ["a.jpg", "b.jpg", "c.jpg"])
        try #require(dataset.images.map(\.faces.count) == [2, 0, 1])
        #expect(!dataset.images[0].faces[0].invalid && dataset.images[0].faces[1].invalid)
        #expect(dataset.countedFaces(in: .all) == 2)
        #expect(!dataset.hasDifficulty && dataset.subsets == [.all])
    }

    @Test(arguments: [
        ("a.jpg\nmany\n", 2, "number of faces"),
        ("a.jpg\n2\n1 2 3 4 0 0 0 0 0 0\n1 2 x 4 0 0 0 0 0 0\n", 4, "face box"),
        ("a.jpg\n1\n1 2 3\n", 3, "face box"),
        ("a.jpg\n3\n1 2 3 4 0 0 0 0 0 0\n", 4, "only 1 box lines"),
        ("a.jpg\n1\n1 2 -3 4 0 0 0 0 0 0\n", 3, "negative"),
        ("a.jpg\n1\n1 2 3 4 0 0 0 0 0 0\n7\n", 4, "expected an image path"),
        ("a.jpg\n0\n0 0 0 0 0 0 0 0 0 0\na.jpg\n0\n", 4, "listed twice"),
        ("a.jpg\n1\n1 2 3 4 0 0 0 0 0 0\nmissing.jpg\n0\n", 4, "missing.jpg not found"),
    ])
    func malformedWiderNamesTheLine(text: String, line: Int, problem: String) throws {
        let dir = try TemporaryDirectory()
        let root = try TuningFixtures.imageFolder(in: dir, names: ["a.jpg"])
        let gt = try dir.write("set/wider_face_gt.txt", text)
        do {
            _ = try FaceDataset.load(folder: root)
            Issue.record("loaded a malformed file")
        } catch let error as FaceStickerError {
            #expect(error.description.hasPrefix("\(gt):\(line): "), "\(error)")
            #expect(error.description.contains(problem), "\(error)")
            #expect(!error.description.contains("\n"))
        }
    }

    @Test(arguments: [
        ("a.jpg\teasy\t1 3\n", 1, "not in 1...2"),
        ("# comment\na.jpg\tsevere\t1\n", 2, "unknown subset"),
        ("z.jpg\thard\t1\n", 1, "not in the ground truth"),
    ])
    func malformedDifficultyNamesTheLine(text: String, line: Int, problem: String) throws {
        let dir = try TemporaryDirectory()
        let root = try TuningFixtures.imageFolder(in: dir, names: ["a.jpg"])
        _ = try dir.write("set/wider_face_gt.txt", "a.jpg\n2\n1 2 3 4\n5 6 7 8\n")
        let file = try dir.write("set/difficulty.tsv", text)
        #expect(throws: FaceStickerError.self) { try FaceDataset.load(folder: root) }
        do {
            _ = try FaceDataset.load(folder: root)
        } catch {
            #expect("\(error)".hasPrefix("\(file):\(line): ") && "\(error)".contains(problem), "\(error)")
        }
    }

    @Test func fddbEllipsesBecomeBoundingBoxes() throws {
        let dir = try TemporaryDirectory()
        let root = try TuningFixtures.imageFolder(in: dir, names: ["img_1.jpg", "img_2.jpg"])
        // An upright ellipse (angle pi/2): major radius 20 runs along y.
        _ = try dir.write("set/FDDB-fold-01-ellipseList.txt", "img_1\n1\n20 10 1.5707963267948966 50 60 1\n")
        _ = try dir.write("set/FDDB-fold-02-ellipseList.txt", "img_2\n0\n")
        let dataset = try FaceDataset.load(folder: root)
        #expect(dataset.format == .fddb)
        #expect(dataset.images.map(\.name) == ["img_1", "img_2"])
        #expect(dataset.images[0].path.hasSuffix("images/img_1.jpg"))
        let box = try #require(dataset.images[0].faces.first?.box)
        for (value, expected) in [(box.x, 40.0), (box.y, 40.0), (box.width, 20.0), (box.height, 40.0)] {
            #expect(abs(value - expected) < 1e-9, "\(box)")
        }
    }

    @Test func csvWithHeaderAndFacelessImage() throws {
        let dir = try TemporaryDirectory()
        let root = try TuningFixtures.imageFolder(in: dir, names: ["a.jpg", "b.jpg"])
        _ = try dir.write("set/boxes.csv", "image,x,y,w,h\nb.jpg,1,2,3,4\na.jpg\nb.jpg,5,6,7,8\n")
        let dataset = try FaceDataset.load(folder: root)
        #expect(dataset.format == .csv)
        #expect(dataset.images.map(\.name) == ["b.jpg", "a.jpg"])
        #expect(dataset.images[0].faces.map(\.box) == [Rect(x: 1, y: 2, width: 3, height: 4),
                                                         Rect(x: 5, y: 6, width: 7, height: 8)])
        #expect(dataset.images[1].faces.isEmpty)

        let bad = try dir.write("set/boxes.csv", "a.jpg,1,2,3,4\na.jpg,1,2,three,4\n")
        #expect(throws: FaceStickerError.unreadable(path: "\(bad):2",
                                                    reason: "expected \"image,x,y,w,h\", got \"a.jpg,1,2,three,4\"")) {
            try FaceDataset.load(folder: root)
        }
    }

    @Test func jsonBoxLists() throws {
        let dir = try TemporaryDirectory()
        let root = try TuningFixtures.imageFolder(in: dir, names: ["a.jpg", "b.jpg"])
        _ = try dir.write("set/faces.json", #"{"b.jpg": [[1, 2, 3, 4]], "a.jpg": []}"#)
        let dataset = try FaceDataset.load(folder: root)
        #expect(dataset.format == .json)
        #expect(dataset.images.map(\.name) == ["a.jpg", "b.jpg"])
        #expect(dataset.images[1].faces.map(\.box) == [Rect(x: 1, y: 2, width: 3, height: 4)])

        let bad = try dir.write("set/faces.json", #"{"a.jpg": [[1, 2, 3]]}"#)
        #expect(throws: FaceStickerError.badValue(path: bad, key: "a.jpg",
                                                  reason: "box 1 is not [x, y, w, h] with w, h >= 0")) {
            try FaceDataset.load(folder: root)
        }
    }

    @Test func folderProblemsAreNamed() throws {
        let dir = try TemporaryDirectory()
        #expect(throws: FaceStickerError.fileNotFound(path: dir.path("nope"))) {
            try FaceDataset.load(folder: dir.path("nope"))
        }
        let root = try TuningFixtures.imageFolder(in: dir, names: ["a.jpg"])
        do {
            _ = try FaceDataset.load(folder: root)
            Issue.record("a folder without ground truth loaded")
        } catch {
            #expect("\(error)".hasPrefix(root + ": no ground-truth file"))
        }
        _ = try dir.write("set/one.csv", "a.jpg\n")
        _ = try dir.write("set/two.csv", "a.jpg\n")
        #expect(throws: FaceStickerError.self) { try FaceDataset.load(folder: root) }
    }
}
