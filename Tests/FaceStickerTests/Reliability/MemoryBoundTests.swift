import FaceSticker
import Foundation
import Testing

/// Issue 15, class 3: memory is bounded by what a user would expect. Each
/// case measures the peak resident memory of a child run (wait4's rusage).
@Suite struct MemoryBoundTests {
    static let haar = BadInputs.haar

    /// A sticker manifest in `stickers/` whose sticker `many` has `layers`
    /// layers, all of `art.png` (written `side` x `side`).
    static func manifest(_ ws: Workspace, layers: Int, side: Int = 64) throws -> [String: String] {
        _ = try ws.folder("stickers")
        try ImageFile.write(RGBAImage(width: side, height: side, fill: (200, 30, 30, 160)), to: ws.path("stickers/art.png"))
        let layer = #"{"art": "art.png", "anchor": "face", "size": 1}"#
        _ = try ws.write("stickers/stickers.json", text: #"{"stickers": [{"name": "many", "layers": ["#
            + Array(repeating: layer, count: layers).joined(separator: ", ") + "]}]}")
        return ["FACESTICKER_STICKERS": ws.path("stickers")]
    }

    /// A PNG whose header says 16000x16000 (the issue's 249 KB file decoded to 5.3 GB):
    /// refused from its header, before a byte is decoded.
    @Test(arguments: ["photo", "video", "selfie"])
    func hugeStickerArtIsRefusedFromItsHeader(command: String) throws {
        let ws = try Workspace()
        let art = try ws.forgedPNG("huge.png", width: 16_000, height: 16_000)
        let arguments: [String]
        switch command {
        case "photo": arguments = ["photo", "--sticker", art] + Self.haar + [try ws.photo(), "-o", ws.path("out.png")]
        case "video": arguments = ["video", "-q", "--sticker", art] + Self.haar + [try ws.video(), "-o", ws.path("out.mp4")]
        default: arguments = ["selfie", "--sticker", art] + Self.haar + ["--source", try ws.photo(), "-o", ws.path("out.png")]
        }
        let run = try CLIRun(arguments, directory: ws.root, deadline: 120)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines.count == 1 && run.stderr.contains(art) && run.stderr.contains("16000x16000")
                && run.stderr.contains("at most 4096"), "\(run.stderr)")
        #expect(run.peakBytes < 300 << 20, "peak \(run.peakBytes >> 20) MiB")
    }

    /// A real picture one pixel too wide is refused too (the bound is the size, not the header trick).
    @Test func artOnePixelTooWideIsRefused() throws {
        let ws = try Workspace()
        let art = ws.path("wide.png")
        try ImageFile.write(RGBAImage(width: Sticker.maxArtSide + 1, height: 4, fill: (1, 2, 3, 255)), to: art)
        let run = try CLIRun(["photo", "--sticker", art] + Self.haar + [try ws.photo(), "-o", ws.path("out.png")],
                                 directory: ws.root, deadline: 120)
        #expect(run.status == 1)
        #expect(run.stderr.contains("4097x4") && run.stderr.contains("at most 4096"), "\(run.stderr)")
    }

    /// The issue's manifest of 2000 layers (9.5 GB): at most 16 layers a sticker.
    @Test(arguments: [17, 2000])
    func tooManyLayersAreRefused(layers: Int) throws {
        let ws = try Workspace()
        let env = try Self.manifest(ws, layers: layers)
        let run = try CLIRun(["photo", "--sticker", "many"] + Self.haar + [try ws.photo(), "-o", ws.path("out.png")],
                                 environment: env, directory: ws.root, deadline: 120)
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1 && run.stderr.contains("stickers[0].layers") && run.stderr.contains("at most 16"),
                "\(run.stderr)")
        #expect(run.peakBytes < 300 << 20, "peak \(run.peakBytes >> 20) MiB")
    }

    /// 16 layers of one 2048 px picture, and the same picture named twice more:
    /// decoded and prepared once (about 85 MB), not 18 times (1.5 GB).
    @Test func layersShareTheirDecodedArt() throws {
        let ws = try Workspace()
        let env = try Self.manifest(ws, layers: 16, side: 2048)
        let art = ws.path("stickers/art.png")
        let run = try CLIRun(["photo", "--sticker", "many", "--sticker", art, "--sticker", art] + Self.haar
                                 + [try ws.photo(), "-o", ws.path("out.png")], environment: env, directory: ws.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.peakBytes < 600 << 20, "peak \(run.peakBytes >> 20) MiB")
    }

    /// A burst of 12 large frames holds one frame at a time, not 12 (the issue: 35 MB more per 4K frame).
    @Test func aBurstKeepsOnlyTheBestFrameSoFar() throws {
        let ws = try Workspace()
        _ = try ws.folder("frames")
        let first = ws.path("frames/00.png")
        try ImageFile.write(RGBAImage(width: 2560, height: 1440, fill: (90, 120, 150, 255)), to: first)
        for i in 1..<12 {
            guard link(first, ws.path(String(format: "frames/%02d.png", i))) == 0 else { throw Workspace.Missing(what: "hard links") }
        }
        func peak(burst: Int) throws -> Int {
            let run = try CLIRun(["selfie", "--sticker", try ws.opaqueSticker()] + Self.haar
                                     + ["--source", ws.path("frames"), "--burst", "\(burst)", "-o", ws.path("out-\(burst).png")],
                                     directory: ws.root)
            #expect(run.status == 0, "\(run.stderr)")
            return run.peakBytes
        }
        let one = try peak(burst: 1), twelve = try peak(burst: 12)
        // Keeping every frame would add 11 x 14.7 MB = 162 MB.
        #expect(twelve - one < 60 << 20, "burst 1: \(one >> 20) MiB, burst 12: \(twelve >> 20) MiB")
    }
}
