import Foundation
import Testing

/// Issue 15, class 1: no output of any command lands on a file the run reads
/// (input, sticker art or manifest, config, model, dataset image) or on another
/// output. Each is refused before anything is made: exit 2, one line naming
/// both roles, the workspace unchanged.
@Suite struct OverwriteTests {
    struct Case: Sendable, CustomStringConvertible {
        let what: String
        /// The arguments, and the words the line must hold (both roles).
        let make: @Sendable (Workspace) throws -> (arguments: [String], mentions: [String], environment: [String: String])
        var description: String { what }
        init(_ what: String, _ make: @escaping @Sendable (Workspace) throws -> ([String], [String], [String: String])) {
            self.what = what
            self.make = make
        }
    }

    /// A manifest in `stickers/` whose sticker `hearteyes` layers `heart.png`.
    static func manifest(_ ws: Workspace) throws -> [String: String] {
        _ = try ws.folder("stickers")
        _ = try ws.opaqueSticker("stickers/heart.png")
        _ = try ws.write("stickers/stickers.json", text: #"""
            {"stickers": [{"name": "hearteyes", "layers": [{"art": "heart.png", "anchor": "eyes", "size": 2}]}]}
            """#)
        return ["FACESTICKER_STICKERS": ws.path("stickers")]
    }

    static let haar = BadInputs.haar

    static let cases: [Case] = [
        Case("video --tracks on the input video") { ws in
            let clip = try ws.video("b.mp4")
            return (try BadInputs.videoCall(ws, [clip, "-o", ws.path("o.mp4"), "--tracks", clip]),
                    ["--tracks", "input video", clip], [:])
        },
        Case("video --tracks on the -o file") { ws in
            let out = ws.path("o.mp4")
            return (try BadInputs.videoCall(ws, [try ws.video(), "-o", out, "--tracks", out]), ["--tracks", "-o", out], [:])
        },
        Case("video --tracks on the sticker picture in use") { ws in
            let sticker = try ws.opaqueSticker("in-use.png")
            return (["video", "-q", "--sticker", sticker] + haar + [try ws.video(), "-o", ws.path("o.mp4"), "--tracks", sticker],
                    ["--tracks", "sticker picture", sticker], [:])
        },
        Case("video: one input's default output is another input") { ws in
            let a = try ws.video("a.mp4"), b = try ws.video("a-stickered.mp4")
            return (try BadInputs.videoCall(ws, [a, b]), ["output", "input video", b], [:])
        },
        Case("video --tracks a hard link to the input video") { ws in
            let clip = try ws.video()
            let alias = ws.path("alias.json")
            guard link(clip, alias) == 0 else { throw Workspace.Missing(what: "a hard link") }
            return (try BadInputs.videoCall(ws, [clip, "-o", ws.path("o.mp4"), "--tracks", alias]),
                    ["--tracks", "input video", alias], [:])
        },
        Case("video -o on installed sticker art") { ws in
            let env = try manifest(ws)
            let art = ws.path("stickers/heart.png")
            return (["video", "-q", "--sticker", "hearteyes"] + haar + [try ws.video(), "-o", art],
                    ["-o", "art of sticker hearteyes", art], env)
        },
        Case("photo -o on installed sticker art") { ws in
            let env = try manifest(ws)
            let art = ws.path("stickers/heart.png")
            return (["photo", "--sticker", "hearteyes"] + haar + [try ws.photo(), "-o", art],
                    ["-o", "art of sticker hearteyes", art], env)
        },
        Case("photo -o through a symbolic link to the sticker picture") { ws in
            let sticker = try ws.opaqueSticker()
            let link = ws.path("link.png")
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: sticker)
            return (["photo", "--sticker", sticker] + haar + [try ws.photo(), "-o", link], ["-o", "sticker picture"], [:])
        },
        Case("photo -o on the detector config") { ws in
            let config = try ws.write("config.png", text: #"{"detector": "haar"}"#)
            return (["photo", "--sticker", try ws.opaqueSticker(), "--config", config, try ws.photo(), "-o", config],
                    ["-o", "detector config", config], [:])
        },
        Case("selfie -o on a photo of the --source folder") { ws in
            _ = try ws.photo("album/one.png")
            _ = try ws.photo("album/two.png")
            let out = ws.path("album/two.png")
            return (try BadInputs.selfieCall(ws, ["--source", ws.path("album"), "-o", out]),
                    ["-o", "source folder", out], [:])
        },
        Case("selfie -o on the sticker picture") { ws in
            let sticker = try ws.opaqueSticker("x.png")
            return (["selfie", "--sticker", sticker] + haar + ["--source", try ws.photo(), "-o", sticker],
                    ["-o", "sticker picture", sticker], [:])
        },
        Case("tune --sheet on a dataset image") { ws in
            let folder = try BadInputs.dataset(ws)
            let image = ws.path("ds/images/photo.png")
            return (BadInputs.tuneCall(["--dataset", folder, "--sheet", image]), ["--sheet", "dataset image", image], [:])
        },
        Case("tune --plot on the -o config") { ws in
            let folder = try BadInputs.dataset(ws)
            let out = ws.path("best.png")
            return (BadInputs.tuneCall(["--dataset", folder, "-o", out, "--plot", out]), ["--plot", "-o", out], [:])
        },
        Case("tune -o on the ground truth") { ws in
            let folder = try BadInputs.dataset(ws)
            let truth = ws.path("ds/wider_face_gt.txt")
            return (BadInputs.tuneCall(["--dataset", folder, "-o", truth]), ["-o", "ground truth", truth], [:])
        },
    ]

    @Test(arguments: cases)
    func refusedBeforeAnythingIsWritten(_ item: Case) throws {
        let ws = try Workspace()
        let (arguments, mentions, environment) = try item.make(ws)
        let before = ws.snapshot()
        let run = try CLIRun(arguments, environment: environment, directory: ws.root, deadline: 120)
        try #require(!run.hung)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        for mention in mentions {
            #expect(run.stderr.contains(mention), "\"\(run.stderr)\" should mention \"\(mention)\"")
        }
        #expect(ws.snapshot() == before, "files changed, added or removed")
    }

    /// A run refused for any reason leaves no --out-dir behind.
    @Test func aRefusedRunCreatesNoOutDir() throws {
        let ws = try Workspace()
        let outDir = ws.path("made/later")
        let run = try CLIRun(["video", "-q", "--sticker", ws.path("missing.png")] + Self.haar
                                 + [try ws.video(), "--out-dir", outDir], directory: ws.root, deadline: 120)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.path("made")))
    }
}
