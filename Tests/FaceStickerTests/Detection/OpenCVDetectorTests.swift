@testable import FaceSticker
import Testing

@Suite(Fixtures.needsYuNet) struct OpenCVDetectorTests {
    @Test(arguments: DetectorKind.allCases)
    func findsTheAstronautsOneFace(kind: DetectorKind) throws {
        let detector = try Fixtures.detector(kind)
        let faces = try detector.detect(in: try ImageFile.read(path: Fixtures.astronaut))
        try #require(faces.count == 1)
        let face = faces[0]
        #expect(face.box.iou(Fixtures.astronautFace) >= 0.5)
        #expect(face.score > 0 && face.score <= 1)
        if kind.hasLandmarks {
            let marks = try #require(face.landmarks)
            for point in marks.points { #expect(face.box.contains(point)) }
            #expect(marks.rightEye.y < marks.mouthCenter.y)
            #expect(marks.leftEye.y < marks.mouthCenter.y)
            #expect(marks.rightEye.x < marks.leftEye.x) // subject's right eye on the image's left
        } else {
            #expect(face.landmarks == nil)
        }
    }

    /// YuNet alone reports faces up to score 0.8 on flat black frames; the
    /// texture check must drop them (a fade to black gets no sticker).
    @Test(arguments: DetectorKind.allCases, [UInt8(0), 30, 128, 255])
    func blankImageHasNoFace(kind: DetectorKind, grey: UInt8) throws {
        let detector = try Fixtures.detector(kind)
        for (width, height) in [(320, 240), (640, 480)] {
            let blank = RGBAImage(width: width, height: height, fill: (grey, grey, grey, 255))
            #expect(try detector.detect(in: blank).isEmpty, "\(width)x\(height) grey \(grey)")
        }
    }

    /// Networks fail on inputs smaller than their pooling needs; tiny images
    /// must simply have no face, not an OpenCV error.
    @Test(arguments: DetectorKind.allCases)
    func tinyImagesHaveNoFaceAndNoError(kind: DetectorKind) throws {
        let detector = try Fixtures.detector(kind)
        for (width, height) in [(1, 1), (20, 10), (64, 48), (31, 33)] {
            let tiny = RGBAImage(width: width, height: height, fill: (90, 60, 40, 255))
            #expect(try detector.detect(in: tiny).isEmpty, "\(width)x\(height)")
        }
    }

    /// Running on a downscaled copy inside the detector must map back exactly:
    /// the same as detecting on a copy we halve ourselves, times two.
    @Test(arguments: [DetectorKind.yunet, .centerface])
    func downscaledDetectionMapsBack(kind: DetectorKind) throws {
        let full = try ImageFile.read(path: Fixtures.astronaut)
        var settings = Fixtures.settings(kind)
        settings.inputSize = 256
        let inside = try FaceFinder(settings: settings).detect(in: full)

        settings.inputSize = 0
        let half = try OpenCV.resize(full, width: full.width / 2, height: full.height / 2)
        let external = try FaceFinder(settings: settings).detect(in: half)

        try #require(inside.count == 1 && external.count == 1)
        let a = inside[0].box, b = external[0].box
        for (p, q) in [(a.x, b.x * 2), (a.y, b.y * 2), (a.width, b.width * 2), (a.height, b.height * 2)] {
            #expect(abs(p - q) <= 2, "\(a) vs \(b) x 2")
        }
        // And it still lands on the face found at full size.
        #expect(a.iou(Fixtures.astronautFace) >= 0.5)
    }

    /// The video pipeline turns OpenCV's own threads off: that must not change a single
    /// face. The detectors give the same numbers; the face mesh's convolutions add up in
    /// another order, so its landmarks and pose may differ by a rounding (1e-7 px seen).
    @Test(arguments: DetectorKind.allCases)
    func oneThreadPerDetectionFindsTheSameFaces(kind: DetectorKind) throws {
        let image = try ImageFile.read(path: Fixtures.jpeg)
        let detector = try Fixtures.detector(kind)
        try OpenCVDetector.setThreadsPerDetection(0)
        let threaded = try detector.detect(in: image)
        try OpenCVDetector.setThreadsPerDetection(1)
        let single = try detector.detect(in: image)
        try OpenCVDetector.setThreadsPerDetection(0)
        #expect(!threaded.isEmpty)
        let key = { (face: Face) in "\(face.box) \(face.score)" }
        #expect(single.map(key) == threaded.map(key))
        for (a, b) in zip(single, threaded) {
            let pairs = zip(a.landmarks?.points ?? [], b.landmarks?.points ?? [])
            #expect(pairs.allSatisfy { $0.distance(to: $1) < 1e-3 }, "\(a) vs \(b)")
            #expect((a.pose == nil) == (b.pose == nil))
            if let p = a.pose, let q = b.pose { #expect(abs(p.yaw - q.yaw) < 1e-3 && abs(p.pitch - q.pitch) < 1e-3) }
        }
        #expect(throws: FaceStickerError.self) { try OpenCVDetector.setThreadsPerDetection(-1) }
    }

    @Test func minSizeDropsSmallFaces() throws {
        var settings = Fixtures.settings(.yunet)
        settings.minSize = 200
        let faces = try FaceFinder(settings: settings).detect(in: try ImageFile.read(path: Fixtures.astronaut))
        #expect(faces.isEmpty)
    }

    @Test func outOfRangeSettingsAreRefusedWithTheKey() throws {
        var settings = Fixtures.settings(.yunet)
        settings.scoreThreshold = -0.5
        #expect(throws: FaceStickerError.badValue(path: "settings", key: "scoreThreshold",
                                                  reason: "must be 0...1, got -0.5")) {
            try OpenCVDetector(settings: settings)
        }
        var haar = Fixtures.settings(.haar)
        haar.scaleFactor = 0
        #expect(throws: FaceStickerError.self) { try OpenCVDetector(settings: haar) }
    }

    @Test(arguments: DetectorKind.allCases)
    func corruptModelIsAModelError(kind: DetectorKind) throws {
        let dir = try TemporaryDirectory()
        var settings = Fixtures.settings(kind)
        settings.model = try dir.write("corrupt.\(kind == .haar ? "xml" : "onnx")", "this is not a model\n")
        do {
            _ = try OpenCVDetector(settings: settings)
            Issue.record("a corrupt model loaded")
        } catch let error as FaceStickerError {
            guard case .model(let path, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(path == settings.model)
        }
    }

    @Test func missingModelIsFileNotFound() throws {
        var settings = Fixtures.settings(.centerface)
        settings.model = "/nonexistent/centerface.onnx"
        #expect(throws: FaceStickerError.fileNotFound(path: "/nonexistent/centerface.onnx")) {
            try OpenCVDetector(settings: settings)
        }
    }
}
