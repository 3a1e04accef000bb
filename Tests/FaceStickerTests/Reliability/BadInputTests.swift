import FaceSticker
import Foundation
import Testing

/// Issue 7: whatever a user feeds the CLI, it answers with one clear line,
/// exit status 1, no crash and no hang, the input untouched and no partial
/// output left behind. Every command is run as a user runs it.
@Suite(Fixtures.needsYuNet) struct BadInputTests {
    /// More than any run here needs (about 150 MB): a run above it allocated
    /// what a header or a count asked for instead of refusing it.
    static let memoryBound = 1 << 30

    @Test(arguments: BadInputs.all)
    func failsWithOneLineAndLeavesEverythingAsItWas(_ input: BadInput) throws {
        let ws = try Workspace()
        let call = try input.make(ws)
        let before = ws.snapshot()
        let run = try CLIRun(call.arguments, environment: call.environment, directory: ws.root)
        try #require(!run.hung, "still running after the deadline: \(call.arguments)")
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0): \(run.stderr.prefix(2000))")
        #expect(run.status == call.status)
        #expect(run.stderrLines.count == 1, "stderr: \(run.stderr.prefix(2000))")
        let line = run.stderrLines.first ?? ""
        #expect(line.hasPrefix("facesticker: "), "\(line)")
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) },
                "control characters on stderr: \(line.debugDescription)")
        for mention in call.mentions {
            #expect(line.lowercased().contains(mention.lowercased()), "\"\(line)\" should mention \"\(mention)\"")
        }
        #expect(run.stdout.isEmpty, "stdout: \(run.stdout.prefix(500))")
        #expect(ws.snapshot() == before, "files changed, added or removed: \(changes(before, ws.snapshot()))")
        #expect(run.peakBytes < Self.memoryBound, "peak memory \(run.peakBytes >> 20) MiB")
    }

    /// Root may write into a folder without write permission, so this runs
    /// only as another user; the /proc cases above cover every user.
    @Test(.enabled(if: geteuid() != 0, "running as root, who can write into a read-only folder"),
          arguments: ["photo", "video", "selfie"])
    func readOnlyOutputFolderIsRefused(command: String) throws {
        let ws = try Workspace()
        let locked = try ws.folder("locked")
        let arguments: [String]
        switch command {
        case "photo": arguments = try BadInputs.photoCall(ws, [try ws.photo(), "-o", locked + "/out.png"])
        case "video": arguments = try BadInputs.videoCall(ws, [try ws.video(), "-o", locked + "/out.mp4"])
        default: arguments = try BadInputs.selfieCall(ws, ["--source", try ws.photo(), "-o", locked + "/out.png"])
        }
        chmod(locked, 0o555)
        defer { chmod(locked, 0o755) }
        let before = ws.snapshot()
        let run = try CLIRun(arguments, directory: ws.root)
        #expect(!run.hung && run.signal == nil)
        #expect(run.status == 1)
        #expect(run.stderrLines.count == 1 && run.stderr.contains(locked), "\(run.stderr)")
        #expect(ws.snapshot() == before)
    }

    /// A sticker PNG without an alpha channel is a picture like any other: it
    /// covers the face, opaque.
    @Test func stickerWithoutAlphaWorks() throws {
        let ws = try Workspace()
        let sticker = try ws.opaqueSticker()
        let header = try Data(contentsOf: URL(fileURLWithPath: sticker))
        try #require(header.count > 25 && header[25] == 2, "the sticker is written as RGB, colour type 2")
        let out = ws.path("out.png")
        let run = try CLIRun(["photo", "--sticker", sticker] + BadInputs.haar + [try ws.photo(), "-o", out],
                                 directory: ws.root)
        #expect(run.status == 0, "\(run.stderr)")
        let image = try ImageFile.read(path: out)
        let face = Fixtures.astronautFace
        let centre = image[Int(face.center.x), Int(face.center.y)]
        #expect(centre.0 == 255 && centre.1 == 0 && centre.2 == 255 && centre.3 == 255,
                "the face's centre is the sticker's opaque magenta: \(centre)")
    }

    /// What differs between two snapshots, for the failure message.
    private func changes(_ a: [String: Workspace.Entry], _ b: [String: Workspace.Entry]) -> [String] {
        Set(a.keys).union(b.keys).sorted().filter { a[$0] != b[$0] }
    }
}
