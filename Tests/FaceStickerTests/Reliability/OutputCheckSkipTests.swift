import FaceSticker
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension OutputCheckTests {
    // MARK: Class 4: --skip-existing skips only what is complete

    struct Damage: Sendable, CustomStringConvertible {
        let description: String
        /// Options of both runs (an output format).
        let options: [String]
        let damage: @Sendable (inout [UInt8]) throws -> Void
    }

    /// The offset of the first chunk (PNG) or box (MP4) of `kind` and its data's length.
    static func find(_ kind: String, in bytes: [UInt8], from start: Int, header: Int) -> (offset: Int, length: Int)? {
        var offset = start
        while offset + header <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            if bytes[offset + 4..<offset + 8].elementsEqual(kind.utf8) {
                return (offset, header == 12 ? length : length - 8)
            }
            guard header == 12 || length >= 8 else { return nil }
            offset += header == 12 ? 12 + length : length
        }
        return nil
    }

    static let photoDamages: [Damage] = [
        Damage(description: "cut to half", options: []) { $0.removeLast($0.count / 2) },
        Damage(description: "cut to 60 bytes", options: []) { $0.removeLast($0.count - 60) },
        Damage(description: "IDAT bytes flipped", options: []) { bytes in
            let idat = try #require(OutputCheckTests.find("IDAT", in: bytes, from: 8, header: 12))
            for i in 0..<8 { bytes[idat.offset + 8 + idat.length / 2 + i] ^= 0xA5 }
        },
        Damage(description: "the last IEND byte gone", options: []) { $0.removeLast() },
        Damage(description: "a JPEG output cut short", options: ["--format", "jpg"]) { $0.removeLast($0.count / 3) },
        // JPEG has no checksum: damage is seen when libjpeg meets it (here an end marker inside the image data).
        Damage(description: "a JPEG output with an end marker inside its image data", options: ["--format", "jpg"]) { bytes in
            bytes.replaceSubrange(bytes.count / 2..<bytes.count / 2 + 2, with: [0xFF, 0xD9])
        },
        Damage(description: "another picture's size", options: []) { bytes in
            let dir = try TemporaryDirectory()
            try ImageFile.write(RGBAImage(width: 64, height: 64, fill: (0, 0, 0, 255)), to: dir.path("small.png"))
            bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dir.path("small.png"))))
        },
    ]

    /// The first, whole run's outputs by its options (the same for every damage of one format): run
    /// once per process, then copied into each case's workspace (outputs made after its inputs, as
    /// the run makes them).
    static let firstPhotoOutputs = Mutex<[[String]: [String: Data]]>([:])

    @Test(arguments: photoDamages)
    func aDamagedPhotoOutputIsDoneAgain(_ item: Damage) throws {
        let ws = try Workspace()
        _ = try ws.photo("album/a.png")
        _ = try ws.photo("album/b.png")
        let arguments = ["photo", ws.path("album"), "--out-dir", ws.path("out"), "--json", "--sticker", try ws.opaqueSticker()]
            + Self.haar + item.options
        let ext = item.options.isEmpty ? "png" : "jpg"
        let names = ["a-stickered.\(ext)", "b-stickered.\(ext)"]
        let outputs = try Self.firstPhotoOutputs.withLock { made -> [String: Data] in
            if let outputs = made[item.options] { return outputs }
            let first = try CLIRun(arguments, directory: ws.root, deadline: 120)
            #expect(first.status == 0, "\(first.stderr)")
            let outputs = try Dictionary(uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: ws.path("out/" + $0)))) })
            made[item.options] = outputs
            return outputs
        }
        _ = try ws.folder("out")
        for (name, data) in outputs where !FileManager.default.fileExists(atPath: ws.path("out/" + name)) {
            try data.write(to: URL(fileURLWithPath: ws.path("out/" + name)))
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: ws.path("out"))) == Set(names))
        let damaged = ws.path("out/a-stickered.\(ext)")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: damaged)))
        try item.damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: damaged))

        let run = try CLIRun(arguments + ["--skip-existing"], directory: ws.root, deadline: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdoutLines.map(StreamsAndBatchesTests.json)
        #expect(objects.map { $0["status"] as? String } == ["stickered", "skipped"], "\(run.stdout)")
        #expect(run.stderrLines.contains { $0.hasPrefix("photo: \(damaged) is there but incomplete (") && $0.hasSuffix("); done again (--skip-existing)") },
                "\(run.stderr)")
        #expect(run.stderrLines.contains("photo: \(ws.path("out/b-stickered.\(ext)")) is already there; skipped (--skip-existing)"))
        let redone = try ImageFile.read(path: damaged)
        #expect(redone.width == 512 && redone.height == 512)
        #expect(try FileManager.default.contentsOfDirectory(atPath: ws.path("out")).sorted() == ["a-stickered.\(ext)", "b-stickered.\(ext)"])
    }

    static let videoDamages: [Damage] = [
        Damage(description: "its frame data (mdat) zeroed: no frame decodes", options: []) { bytes in
            let mdat = try #require(OutputCheckTests.find("mdat", in: bytes, from: 0, header: 8))
            for i in (mdat.offset + 8 + 16)..<(mdat.offset + 8 + mdat.length) { bytes[i] = 0 }
        },
        Damage(description: "the second half of its frame data zeroed", options: []) { bytes in
            let mdat = try #require(OutputCheckTests.find("mdat", in: bytes, from: 0, header: 8))
            for i in (mdat.offset + 8 + mdat.length / 2)..<(mdat.offset + 8 + mdat.length) { bytes[i] = 0 }
        },
        Damage(description: "cut to half", options: []) { $0.removeLast($0.count / 2) },
        Damage(description: "its --tracks file missing", options: ["--tracks", "TRACKS"]) { _ in },
    ]

    @Test(arguments: videoDamages)
    func aDamagedVideoOutputIsDoneAgain(_ item: Damage) throws {
        let ws = try Workspace()
        let clip = try Self.shortClip(ws)
        let out = ws.path("out.mp4")
        let options = item.options.map { $0 == "TRACKS" ? ws.path("t.json") : $0 }
        let arguments = ["video", clip, "-o", out, "--json", "--preset", "ultrafast", "--sticker", try ws.opaqueSticker()]
            + Self.haar + options
        let first = try CLIRun(arguments, directory: ws.root, deadline: 300)
        #expect(first.status == 0, "\(first.stderr)")
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        try item.damage(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: out))
        if !options.isEmpty { try FileManager.default.removeItem(atPath: ws.path("t.json")) }

        let run = try CLIRun(arguments + ["--skip-existing"], directory: ws.root, deadline: 300)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try run.stdoutLines.map(StreamsAndBatchesTests.json).map { $0["status"] as? String } == ["stickered"])
        #expect(run.stderrLines.contains { $0.hasPrefix("video: \(out) is there but incomplete (") && $0.hasSuffix("); done again (--skip-existing)") },
                "\(run.stderr)")
        #expect(try MediaTools.stream(out, countFrames: true)["nb_read_frames"] as? String == "8")
        // Whole again: a third run skips it.
        let again = try CLIRun(arguments + ["--skip-existing"], directory: ws.root, deadline: 300)
        #expect(try again.stdoutLines.map(StreamsAndBatchesTests.json).map { $0["status"] as? String } == ["skipped"], "\(again.stderr)")
    }

    // MARK: Class 7: results in input order

    /// `photo c a b --skip-existing --json` with some outputs already there: objects in the order given.
    @Test(arguments: [[1], [0], [2], [0, 2]])
    func skippedAndDoneObjectsComeInInputOrder(_ done: [Int]) throws {
        let ws = try Workspace()
        let inputs = try ["c.png", "a.png", "b.png"].map { try ws.photo($0) }
        let sticker = try ws.opaqueSticker()
        for index in done {
            let made = try CLIRun(["photo", inputs[index], "-q", "--sticker", sticker] + Self.haar, directory: ws.root, deadline: 120)
            #expect(made.status == 0, "\(made.stderr)")
        }
        let run = try CLIRun(["photo"] + inputs + ["--skip-existing", "--json", "--sticker", sticker] + Self.haar,
                             directory: ws.root, deadline: 120)
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdoutLines.map(StreamsAndBatchesTests.json)
        #expect(objects.map { $0["input"] as? String } == inputs)
        #expect(objects.map { $0["status"] as? String } == inputs.indices.map { done.contains($0) ? "skipped" : "stickered" })
    }

    /// The same for videos, sharded: the shard's inputs in their (sorted) order.
    @Test func videoObjectsComeInInputOrderInAShard() throws {
        let ws = try Workspace()
        let clips = try ["a.mp4", "b.mp4", "c.mp4"].map { try Self.shortClip(ws, $0) }
        let sticker = try ws.opaqueSticker()
        let common = ["--preset", "ultrafast", "--sticker", sticker] + Self.haar
        let made = try CLIRun(["video", clips[1], "-q"] + common, directory: ws.root, deadline: 300)
        #expect(made.status == 0, "\(made.stderr)")
        let run = try CLIRun(["video", clips[2], clips[1], clips[0], "--shard", "1/1", "--skip-existing", "--json"] + common,
                             directory: ws.root, deadline: 300)
        #expect(run.status == 0, "\(run.stderr)")
        let objects = try run.stdoutLines.map(StreamsAndBatchesTests.json)
        #expect(objects.map { $0["input"] as? String } == clips)
        #expect(objects.map { $0["status"] as? String } == ["stickered", "skipped", "stickered"])
    }
}
