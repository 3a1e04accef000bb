import FaceSticker
import Foundation
import Synchronization
import Testing

/// The library's entry point as a Swift program uses it: explicit folders,
/// clear errors for what is missing, photos, pixel buffers and a video.
@Suite(Fixtures.needsYuNet) struct StickerEngineTests {
    /// The checkout's own folders (`make models`, `make stickers`).
    static let checkout = StickerEngine.Locations(models: Fixtures.root.appendingPathComponent("models").path,
                                                  stickers: Fixtures.root.appendingPathComponent("stickers").path)

    @Test func aPhotoGetsItsStickerAndTheFileIsWritten() throws {
        let dir = try TemporaryDirectory()
        let engine = try StickerEngine(locations: Self.checkout)
        let out = dir.path("out.jpg")
        let faces = try engine.stickerPhoto(at: Fixtures.astronaut, to: out)
        try #require(faces.count == 1)
        #expect(faces[0].box.iou(Fixtures.astronautFace) > 0.5)
        let written = try ImageFile.read(path: out)
        #expect(written.width == 512 && written.height == 512)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["out.jpg"])
    }

    @Test func stickeringInPlaceAndIntoACopyAgree() throws {
        let engine = try StickerEngine(locations: Self.checkout, options: .init(stickers: ["sunglasses", "tophat"]))
        let photo = try ImageFile.read(path: Fixtures.astronaut)
        var inPlace = photo
        let faces = try engine.sticker(&inPlace)
        let copy = try engine.stickered(photo)
        #expect(faces.count == 1 && copy.faces.count == 1)
        #expect(inPlace == copy.image && inPlace != photo)
    }

    /// A buffer with padding after each row, as camera and GPU buffers have.
    @Test(arguments: [0, 12, 64])
    func aPixelBufferWithPaddedRowsFindsTheSameFaces(padding: Int) throws {
        let engine = try StickerEngine(locations: Self.checkout)
        let photo = try ImageFile.read(path: Fixtures.astronaut)
        let row = photo.width * 4 + padding
        var buffer = [UInt8](repeating: 7, count: row * photo.height)
        for y in 0..<photo.height {
            buffer.replaceSubrange(y * row..<(y * row + photo.width * 4),
                                   with: photo.pixels[(y * photo.width * 4)..<((y + 1) * photo.width * 4)])
        }
        let fromBuffer = try buffer.withUnsafeBytes {
            try engine.detectFaces(inRGBA: $0, width: photo.width, height: photo.height, bytesPerRow: row)
        }
        #expect(fromBuffer == (try engine.detectFaces(in: photo)))
    }

    @Test(arguments: [(0, 10, 40, 400), (10, 10, 39, 400), (10, 10, 40, 399), (Int.max / 2, 3, Int.max, 100)])
    func aBufferThatDoesNotFitIsRefused(width: Int, height: Int, bytesPerRow: Int, count: Int) throws {
        let engine = try StickerEngine(locations: Self.checkout)
        let buffer = [UInt8](repeating: 0, count: count)
        #expect(throws: FaceStickerError.self) {
            try buffer.withUnsafeBytes {
                try engine.detectFaces(inRGBA: $0, width: width, height: height, bytesPerRow: bytesPerRow)
            }
        }
    }

    /// No silent fall-back: a missing model, pack or sticker is an error naming it.
    @Test func whatIsMissingIsNamed() throws {
        let dir = try TemporaryDirectory()
        let noModels = StickerEngine.Locations(models: dir.path("models"), stickers: Self.checkout.stickers)
        #expect(throws: FaceStickerError.model(path: dir.path("models/centerface.onnx"),
                                               reason: "model not found (run `make models`, or `make install`)")) {
            try StickerEngine(locations: noModels)
        }
        let noPack = StickerEngine.Locations(models: Self.checkout.models, stickers: dir.path("stickers"))
        #expect(throws: FaceStickerError.fileNotFound(path: dir.path("stickers/stickers.json"))) {
            try StickerEngine(locations: noPack)
        }
        #expect(throws: FaceStickerError.self) {
            try StickerEngine(locations: Self.checkout, options: .init(stickers: ["no-such-sticker"]))
        }
        #expect(throws: FaceStickerError.self) {
            try StickerEngine(locations: Self.checkout, options: .init(filters: ["no-such-filter"]))
        }
    }

    @Test func theOutputIsNeverTheInput() throws {
        let dir = try TemporaryDirectory()
        let input = dir.path("in.png")
        try FileManager.default.copyItem(atPath: Fixtures.astronaut, toPath: input)
        let engine = try StickerEngine(locations: Self.checkout)
        #expect(throws: FaceStickerError.self) { try engine.stickerPhoto(at: input, to: input) }
        #expect(throws: FaceStickerError.invalidArgument("\(setting: .jpegQuality): 0 is outside 1...100")) {
            try engine.stickerPhoto(at: input, to: dir.path("out.jpg"), jpegQuality: 0)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["in.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: input)) == Data(contentsOf: URL(fileURLWithPath: Fixtures.astronaut)))
    }

    /// Progress comes on the calling thread; a cancel stops the job with no output left.
    @Test func aVideoReportsProgressAndCanBeCancelled() throws {
        let dir = try TemporaryDirectory()
        let engine = try StickerEngine(locations: Self.checkout)
        var reports: [VideoProgress] = []
        let summary = try engine.stickerVideo(at: Fixtures.carphone, to: dir.path("out.mp4")) { reports.append($0) }
        #expect(summary.frames == 120 && summary.faces >= 1)
        #expect(reports.last?.frames == 120 && reports.last?.total == 120)

        let cancellation = Cancellation()
        #expect(throws: FaceStickerError.output(path: dir.path("cancelled.mp4"), reason: "cancelled")) {
            try engine.stickerVideo(at: Fixtures.carphone, to: dir.path("cancelled.mp4"), cancellation: cancellation) { _ in
                cancellation.cancel()
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["out.mp4"])
    }

    /// With Swift concurrency: the same job; a cancelled task stops it with no output left.
    @Test func aVideoRunsAsATaskAndStopsWhenTheTaskIsCancelled() async throws {
        let dir = try TemporaryDirectory()
        let engine = try StickerEngine(locations: Self.checkout)
        let frames = Mutex(0)
        let summary = try await engine.stickerVideo(at: Fixtures.carphone, to: dir.path("out.mp4")) { progress in
            frames.withLock { $0 = progress.frames }
        }
        #expect(summary.frames == 120 && summary.faces >= 1 && frames.withLock { $0 } == 120)

        // A task cancelled before the job starts (deterministic on a busy machine): the job
        // sees the cancel at once and stops.
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await engine.stickerVideo(at: Fixtures.carphone, to: dir.path("cancelled.mp4"))
        }
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["out.mp4"])
    }

    /// Warnings reach the handler the embedder passes, naming the file.
    @Test func warningsReachTheEmbeddersHandler() throws {
        let dir = try TemporaryDirectory()
        let damaged = dir.path("half.jpg")
        try Data(TruthfulMessageTests.halfJPEG()).write(to: URL(fileURLWithPath: damaged))
        let lines = Mutex<[String]>([])
        let engine = try StickerEngine(locations: Self.checkout, warnings: { line in lines.withLock { $0.append(line) } })
        try engine.stickerPhoto(at: damaged, to: dir.path("out.png"))
        let got = lines.withLock { $0 }
        #expect(got.count == 1 && got[0].hasPrefix("\(damaged): damaged JPEG (Premature end of JPEG file"), "\(got)")
    }

    /// Typed stickers and filters: the pack's names, effects and filters, checked when the engine is made.
    @Test func typedStickersAndFiltersAreTheCLIsSpecs() throws {
        let engine = try StickerEngine(locations: Self.checkout,
                                       options: .init(stickers: [.tophat, .sunglasses], filters: [.sepia(intensity: 0.5), .mono]))
        #expect(engine.options.stickers.map(\.spec) == ["tophat", "sunglasses"])
        #expect(engine.options.filters.map(\.spec) == ["sepia:0.5", "mono"])
        var image = try ImageFile.read(path: Fixtures.astronaut)
        #expect(try engine.sticker(&image).count == 1)
        let hidden = try StickerEngine(locations: Self.checkout, options: .init(stickers: [.blur(strength: 30)]))
        #expect(hidden.options.stickers == ["blur:30.0"])
        #expect(throws: FaceStickerError.self) {
            try StickerEngine(locations: Self.checkout, options: .init(stickers: [.pixelate(blocks: 0)]))
        }
        #expect(throws: FaceStickerError.self) {
            try StickerEngine(locations: Self.checkout, options: .init(filters: [.vignette(strength: 2)]))
        }
    }

    /// The typed names are the pack's names, every one of them.
    @Test func theTypedNamesAreThePacks() throws {
        let manifest = try StickerManifest.load(path: Self.checkout.stickers + "/stickers.json")
        #expect(StickerEngine.StickerChoice.named.map(\.spec).sorted() == manifest.entries.map(\.name).sorted())
        for choice in StickerEngine.StickerChoice.named {
            #expect(throws: Never.self) { try StickerEngine(locations: Self.checkout, options: .init(stickers: [choice])) }
        }
    }
}

