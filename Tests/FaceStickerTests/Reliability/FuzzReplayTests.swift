@testable import FaceSticker
import Foundation
import Testing

/// Replays the fuzzers' regression inputs and seed corpus (fuzz/regressions,
/// fuzz/corpus) through the calls the harnesses in fuzz/Sources make, so the
/// crashes fuzzing found stay fixed without a fuzzing build. Each input must
/// be answered with a result or a one-line FaceStickerError naming its file;
/// a crash takes the whole test run down, which fails it too.
@Suite struct FuzzReplayTests {
    static let fuzz = Fixtures.root.appendingPathComponent("fuzz")

    /// The files of fuzz/`folder`/`harness`, sorted (none when it is missing).
    static func inputs(_ harness: String) -> [String] {
        ["regressions", "corpus"].flatMap { folder -> [String] in
            let dir = fuzz.appendingPathComponent(folder).appendingPathComponent(harness).path
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.sorted().map { dir + "/" + $0 }
        }
    }

    @Test func everyHarnessHasInputs() {
        for harness in ["png", "manifest", "config", "groundtruth", "sequence", "tracks"] {
            #expect(!Self.inputs(harness).isEmpty, "fuzz/corpus/\(harness) is empty")
        }
        #expect(Self.inputs("png").contains { $0.contains("/regressions/") }, "the PNG crashes found are kept")
        #expect(Self.inputs("groundtruth").contains { $0.contains("/regressions/") })
    }

    @Test(arguments: inputs("png"))
    func png(_ input: String) throws {
        let ws = try Workspace()
        // As the harness does: signature restored, CRCs recomputed.
        let path = try ws.write("input.png", Self.repaired(Array(try Data(contentsOf: URL(fileURLWithPath: input)))))
        do {
            let image = try ImageFile.read(path: path)
            _ = StickerArt(image)
        } catch let error as FaceStickerError {
            #expect(error.description.hasPrefix(path + ": "), "\(error)")
        }
    }

    @Test(arguments: inputs("manifest"))
    func manifest(_ input: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: input))
        do {
            _ = try StickerManifest.decode(data, path: input)
        } catch let error as FaceStickerError {
            #expect(error.description.hasPrefix(input + ": "), "\(error)")
        }
    }

    @Test(arguments: inputs("config"))
    func config(_ input: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: input))
        do {
            let settings = try DetectorConfig.decode(data, source: input)
            #expect(try DetectorConfig.decode(DetectorConfig.encode(settings), source: "encoded") == settings)
        } catch let error as FaceStickerError {
            #expect(error.description.hasPrefix(input + ": "), "\(error)")
        }
    }

    @Test(arguments: inputs("tracks"))
    func tracks(_ input: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: input))
        do {
            let tracks = try TracksFile.decode(data, path: input)
            #expect(tracks.faces.values.allSatisfy { $0.count <= TracksFile.maxFaces })
            _ = tracks.pastTheEnd(of: "clip.mp4", frameCount: 8)
        } catch let error as FaceStickerError {
            #expect(error.description.hasPrefix(input + ": ") && !error.description.contains("\n"), "\(error)")
        }
    }

    @Test(arguments: inputs("groundtruth"))
    func groundTruth(_ input: String) throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: input)))
        guard let first = bytes.first else { return }
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        let lines = TextLines(path: input, text: text)
        // The first byte picks the parser as fuzz/Sources/FuzzSupport/GroundTruthInput.swift says.
        let letters: [UInt8: Int] = [UInt8(ascii: "w"): 0, UInt8(ascii: "f"): 1, UInt8(ascii: "c"): 2,
                                     UInt8(ascii: "j"): 3, UInt8(ascii: "d"): 4]
        do {
            switch letters[first] ?? Int(first) % 5 {
            case 0: _ = try GroundTruth.Wider.parse(lines)
            case 1: _ = try GroundTruth.FDDB.parse(lines)
            case 2: _ = try GroundTruth.BoxList.parseCSV(lines)
            case 3:
                let ws = try Workspace()
                _ = try GroundTruth.BoxList.parseJSON(path: try ws.write("gt.json", Array(bytes.dropFirst())))
            default:
                let face = GroundTruth.Box(box: Rect(x: 10, y: 10, width: 20, height: 20))
                var images = [LabeledImage(name: "a.jpg", path: "a.jpg", faces: [face, face, face]),
                              LabeledImage(name: "b.jpg", path: "b.jpg", faces: []),
                              LabeledImage(name: "c d.png", path: "c d.png", faces: [face])]
                try GroundTruth.Difficulty.apply(lines, to: &images)
            }
        } catch let error as FaceStickerError {
            #expect(!error.description.contains("\n"), "\(error)")
        }
    }

    @Test(arguments: inputs("sequence"))
    func sequencePattern(_ input: String) throws {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: input)), as: UTF8.self)
        _ = ImageSequence.isPattern(text)
        do {
            // As the harness checks: each frame's name reads back, and the ffmpeg form parses the same.
            let pattern = try ImageSequence.Pattern(text)
            for number in [0, 1, 9, 10, 99, 12_345, Int(Int32.max)] {
                #expect(!pattern.name(frame: number).contains("/"))
                #expect(pattern.frame(named: pattern.name(frame: number)) == number)
            }
            let again = try ImageSequence.Pattern(pattern.ffmpeg(in: nil))
            #expect(again.folder == pattern.folder && again.prefix == pattern.prefix && again.width == pattern.width
                && again.suffix == pattern.suffix)
        } catch FaceStickerError.invalidArgument(let message) {
            #expect(message.description.hasPrefix(text + ": "), "\(message)")
        }
    }

    /// `bytes` with the PNG signature in front and every complete chunk's CRC
    /// recomputed (fuzz/Sources/FuzzSupport/PNGChunks.swift).
    static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        var out = bytes
        guard out.count >= 8 else { return PNGBytes.signature + out }
        out.replaceSubrange(0..<8, with: PNGBytes.signature)
        var offset = 8
        while offset + 12 <= out.count {
            let length = out[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            guard end + 4 <= out.count else { break }
            out.replaceSubrange(end..<end + 4, with: PNGBytes.bigEndian(PNGBytes.crc32(Array(out[(offset + 4)..<end]))))
            offset = end + 4
        }
        return out
    }
}
