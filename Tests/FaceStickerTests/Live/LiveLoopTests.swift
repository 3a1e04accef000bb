@testable import FaceSticker
import Foundation
import Synchronization
import Testing

/// The live loop on real file sources with the real detector: pacing,
/// dropping (never queueing), latency accounting, looping, and stickers
/// where the faces are. Time is only ever checked as a bound that a slow,
/// busy machine cannot break (a paced run cannot beat its clock; a dropped
/// frame cannot wait in a queue).
@Suite(.serialized, Fixtures.needsYuNet) struct LiveLoopTests {
    @Test func aPacedFileGoesAtItsOwnRateNeverFaster() throws {
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        #expect(source.frameRate.description == "30000/1001")
        let sink = CollectingSink(keep: false)
        let start = Date()
        let summary = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options())
        let seconds = Date().timeIntervalSince(start)
        #expect(summary.framesIn == 120)
        #expect(summary.framesOut + summary.dropped == summary.framesIn, "every frame went out or was dropped")
        // 120 frames at 29.97 fps take 119/29.97 = 3.97 s of schedule at least, by the test's clock and by
        // the loop's own (first arrival to the end): bounds a slow machine cannot break, only a loop that
        // runs ahead of the schedule. (The output rate between the first and the last frame out is no such
        // bound: after a stall, late frames go at once.)
        #expect(seconds >= 3.9, "paced: \(seconds) s")
        #expect(summary.seconds >= 3.9, "paced by the loop's clock: \(summary.line)")
        #expect(summary.detections > 0)
        #expect(sink.finished && !sink.abandoned)
    }

    @Test func fastSendsEveryFrameAndDropsNone() throws {
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        let sink = CollectingSink()
        let summary = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options(paced: false))
        #expect(summary.framesIn == 120 && summary.framesOut == 120 && summary.dropped == 0, "\(summary.line)")
        #expect(sink.frames.count == 120)
    }

    @Test func aSlowOutputDropsFramesInsteadOfQueueingThem() throws {
        // The output takes 100 ms a frame, the source delivers one every 33 ms.
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        let sink = CollectingSink(delay: 0.1, keep: false)
        let summary = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options())
        #expect(summary.framesIn == 120)
        #expect(summary.framesOut + summary.dropped == summary.framesIn)
        // A queue would send every frame late instead: the drops are the proof that none waits in
        // one (a bound on the latency itself would only hold on an idle machine). The output can take
        // one frame per 100 ms of the run at most, so at least the rest were dropped, at any speed; and
        // unless the source was slowed below the output's 10 fps for the whole run, some were.
        #expect(Double(summary.framesOut) <= summary.seconds / 0.1 + 2, "no more out than the output could take: \(summary.line)")
        #expect(summary.dropped > 0, "frames dropped, none queued: \(summary.line)")
        #expect(summary.latencyMedian >= 100, "each frame out waits for the 100 ms output before it: \(summary.line)")
    }

    @Test func latencyIsFromArrivalToOutput() throws {
        // An output that takes 50 ms: each frame's latency includes the wait for the one before.
        let source = try VideoFileSource(path: LiveFixtures.carphone, rate: FrameRate(numerator: 10, denominator: 1))
        let sink = CollectingSink(delay: 0.05, keep: false)
        let summary = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options(maxFrames: 20))
        #expect(summary.framesIn == 20)
        // A busy machine may drop some; every frame that goes out counts the sink's time.
        #expect(summary.framesOut + summary.dropped == 20 && summary.framesOut > 0, "\(summary.line)")
        #expect(summary.latencyMedian >= 50, "the sink's 50 ms count: \(summary.line)")
        #expect(summary.latencyP95 >= summary.latencyMedian)
    }

    /// `--loop` starts the file again, and the jump back to its start is a cut: no face's
    /// track (and sticker) carries across it to where the face was at the end (issue #42: in
    /// the slow guest, the held sunglasses stayed beside his eye after the restart).
    @Test func loopStartsTheFileAgainAndCutsTheTracks() throws {
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        let sink = CollectingSink(keep: false)
        let ids = Mutex<[Int: Set<Int>]>([:])
        // Paced: with --fast a pass of the clip is over before the detector answers twice.
        var options = LiveFixtures.options(loop: true, maxFrames: 240)
        options.onPainted = { frame, faces in ids.withLock { $0[frame] = Set(faces.map(\.tracked.id)) } }
        let summary = try LiveFixtures.run(source, sinks: [sink], options: options)
        #expect(summary.framesIn == 240, "\(summary.line)")
        let (before, after) = ids.withLock { s in
            (s.filter { $0.key < 120 }.values.reduce(Set()) { $0.union($1) },
             s.filter { $0.key >= 120 }.values.reduce(Set()) { $0.union($1) })
        }
        #expect(!before.isEmpty && !after.isEmpty, "stickers on both passes: \(before) \(after)")
        #expect(before.isDisjoint(with: after), "a track carried across the restart: \(before) \(after)")
    }

    @Test func aCancelStopsTheRunAndTheOutputsAreFinished() throws {
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        let cancellation = Cancellation()
        // Cancelled by the tenth frame out, not after a time: how far the run got by then does not
        // depend on the machine's speed (the paced source stops within a frame or two of it).
        let sink = CollectingSink(keep: false) { written in if written == 10 { cancellation.cancel() } }
        let summary = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options(), cancellation: cancellation)
        #expect(summary.framesIn < 120, "stopped early: \(summary.line)")
        #expect(summary.framesOut >= 10, "\(summary.line)")
        #expect(sink.finished, "a stop is a normal end: the outputs are finished")
    }

    @Test func stickersAppearWhereTheFaceIsAndNowhereElse() throws {
        // Paced at 15 fps, so the detector follows as it would a camera. A busy machine may drop
        // frames: each frame out is matched to the frame in it was made from (the one it equals
        // outside the sticker), so what is checked holds at any speed.
        let sink = CollectingSink()
        let summary = try LiveFixtures.run(try VideoFileSource(path: LiveFixtures.carphone, rate: FrameRate(numerator: 15, denominator: 1)),
                                           sinks: [sink], options: LiveFixtures.options(maxFrames: 75))
        try #require(summary.framesOut == sink.frames.count && summary.framesOut + summary.dropped == 75, "\(summary.line)")
        let originals = try VideoFileSource(path: LiveFixtures.carphone)
        var plain: [YUVFrame] = []
        while let frame = try originals.next()?.yuv, plain.count < 75 { plain.append(frame) }
        let finder = try FaceFinder(settings: Fixtures.settings(.yunet))
        let matrix = originals.matrix
        // Frames go out in order: the first frame in at or after the last match that equals the frame out
        // on most of its luma.
        var pairs: [(input: Int, output: Int)] = []
        var next = 0
        for (output, frame) in sink.frames.enumerated() {
            guard let input = (next..<plain.count).first(where: { Self.mostlyEqual(plain[$0], frame) }) else { continue }
            pairs.append((input, output))
            next = input + 1
        }
        #expect(pairs.count == sink.frames.count, "every frame out is a frame in (\(pairs.count) of \(sink.frames.count))")
        var checked = 0, stickered = 0
        var lastChecked = -10
        for (index, output) in pairs where index >= 30 && index - lastChecked >= 10 {
            lastChecked = index
            let before = plain[index], after = sink.frames[output]
            // Where luma changed: the sticker.
            var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
            for y in 0..<before.height {
                for x in 0..<before.width where abs(Int(before.data[y * before.width + x]) - Int(after.data[y * before.width + x])) > 8 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
            let faces = try finder.detect(in: YUVConversion.rgba(before, matrix: matrix))
            guard let face = faces.first else { continue }
            checked += 1
            guard maxX >= 0 else { continue }
            stickered += 1
            let changed = Rect(x: Double(minX), y: Double(minY), width: Double(maxX - minX + 1), height: Double(maxY - minY + 1))
            // Sunglasses sit on the eyes: the changed area lies on the face box (grown by half for the frames).
            let grown = Rect(x: face.box.x - face.box.width / 2, y: face.box.y - face.box.height / 2,
                             width: face.box.width * 2, height: face.box.height * 2)
            #expect(grown.contains(changed.center), "frame \(index): change at \(changed), face at \(face.box)")
            #expect(changed.width < Double(before.width) / 2, "only the sticker changed, frame \(index)")
        }
        #expect(checked >= 3)
        #expect(stickered == checked, "every frame with a face has its sticker (\(stickered) of \(checked))")
    }

    /// Whether two frames of one size have the same luma at more than three quarters of the sampled
    /// pixels: a frame and its stickered copy do (the sticker is a small part of it; the rest keeps its
    /// bytes), two neighbouring frames of carphone.mp4 at most 43% (its decoder copies skipped blocks).
    static func mostlyEqual(_ a: YUVFrame, _ b: YUVFrame) -> Bool {
        guard a.width == b.width, a.height == b.height else { return false }
        let count = a.width * a.height
        var same = 0, sampled = 0
        for i in stride(from: 0, to: count, by: 7) {
            sampled += 1
            if a.data[i] == b.data[i] { same += 1 }
        }
        return 4 * same > 3 * sampled
    }

    @Test func picturesPlayAsAFileSourceAtTheRateAsked() throws {
        let source = try StillImageSource(path: Fixtures.astronaut, rate: FrameRate(whole: 30))
        #expect(source.size == (512, 512))
        let sink = CollectingSink()
        let summary = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options(loop: true, maxFrames: 90))
        #expect(summary.framesIn == 90)
        let plain = YUVConversion.frame(try ImageFile.read(path: Fixtures.astronaut), matrix: source.matrix)
        #expect(sink.frames.last.map { $0 != plain } == true, "the last frame has the sticker")
    }

    @Test func aStillPlaysOnceUnlessItLoops() throws {
        let source = StillImageSource(image: RGBAImage(width: 32, height: 24, fill: (90, 120, 150, 255)), name: "still")
        let sink = CollectingSink()
        let summary = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options(paced: false))
        #expect(summary.framesIn == 1 && sink.frames.count == 1)
    }

    @Test func aFoldersPicturesAreScaledToTheFirstOnesSize() throws {
        let dir = try TemporaryDirectory()
        try ImageFile.write(RGBAImage(width: 32, height: 24, fill: (200, 0, 0, 255)), to: dir.path("a1.png"))
        try ImageFile.write(RGBAImage(width: 64, height: 40, fill: (0, 200, 0, 255)), to: dir.path("a2.png"))
        let source = try ImageFolderSource(folder: dir.url.path)
        let sink = CollectingSink()
        _ = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options(paced: false))
        #expect(sink.frames.map { "\($0.width)x\($0.height)" } == ["32x24", "32x24"])
        #expect(sink.frames.first == YUVConversion.frame(RGBAImage(width: 32, height: 24, fill: (200, 0, 0, 255)), matrix: .bt601))
    }

    /// A picture of another shape is scaled with its shape kept and cropped in the middle,
    /// never stretched (issue #42): the middle half of a 64x24 picture, blue between a red and
    /// a green quarter, fills a 32x24 loop with blue alone.
    @Test func aPictureOfAnotherShapeIsCroppedNotStretched() throws {
        let dir = try TemporaryDirectory()
        try ImageFile.write(RGBAImage(width: 32, height: 24, fill: (200, 0, 0, 255)), to: dir.path("a1.png"))
        var wide = RGBAImage(width: 64, height: 24, fill: (0, 0, 200, 255))
        for y in 0..<24 {
            for x in 0..<64 where x < 16 || x >= 48 {
                let i = (y * 64 + x) * 4
                (wide.pixels[i], wide.pixels[i + 1], wide.pixels[i + 2]) = x < 16 ? (200, 0, 0) : (0, 200, 0)
            }
        }
        try ImageFile.write(wide, to: dir.path("a2.png"))
        let source = try ImageFolderSource(folder: dir.url.path)
        let sink = CollectingSink()
        _ = try LiveFixtures.run(source, sinks: [sink], options: LiveFixtures.options(paced: false))
        #expect(sink.frames.last == YUVConversion.frame(RGBAImage(width: 32, height: 24, fill: (0, 0, 200, 255)), matrix: .bt601))
    }

    /// Cropping and padding keep each plane's pixels in place (4:2:0, even corners).
    @Test func croppingAndPaddingMoveEveryPlane() {
        var frame = YUVFrame(width: 6, height: 4, y: 0)
        for i in 0..<frame.data.count { frame.data[i] = UInt8(i) }
        let crop = frame.cropped(x: 3, y: 2, width: 4, height: 2)
        // (3, 2) rounds down to (2, 2): luma rows 2 and 3 from column 2, chroma row 1 from column 1.
        #expect(Array(crop.data[0..<4]) == [14, 15, 16, 17] && Array(crop.data[4..<8]) == [20, 21, 22, 23])
        #expect(crop.data[crop.uOffset] == frame.data[frame.uOffset + 3 + 1])
        let padded = crop.padded(width: 8, height: 4, x: 2, y: 2)
        #expect(padded.data[0] == 16 && padded.data[2 * 8 + 2] == 14 && padded.data[padded.uOffset] == 128)
        #expect(padded.data[padded.uOffset + 4 + 1] == crop.data[crop.uOffset])
    }

    @Test func mirroringFlipsEachPlane() {
        var frame = YUVFrame(width: 5, height: 3, y: 0)
        for i in 0..<frame.data.count { frame.data[i] = UInt8(i) }
        let original = frame
        frame.mirror()
        #expect(frame.data[0] == original.data[4] && frame.data[4] == original.data[0])
        #expect(frame.data[frame.uOffset] == original.data[original.uOffset + 2])
        frame.mirror()
        #expect(frame == original)
    }

    @Test func statsPercentilesAreNearestRank() {
        #expect(LiveStats.percentile([], 0.5) == 0)
        #expect(LiveStats.percentile([1, 2, 3, 4], 0.5) == 2)
        #expect(LiveStats.percentile(Array(1...100).map(Double.init), 0.95) == 95)
    }
}
