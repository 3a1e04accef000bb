import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, class 6 (messages tell the truth) and class 7's unlistable folder: an input
/// that is no regular file is named for what it is, a codec's complaint is one warning
/// naming the user's file, a file-system failure is one line with strerror's reason
/// (never a Foundation dump), and a folder that cannot be listed fails alone.
@Suite struct TruthfulMessageTests {
    static let haar = ["--detector", "haar"]

    // MARK: Inputs that are not regular files

    /// What stands where a file should be, and how the error names it.
    enum NotAFile: String, CaseIterable, CustomTestStringConvertible {
        case fifo, zero, urandom, folder

        var testDescription: String { rawValue }

        var problem: String {
            switch self {
            case .fifo: return "a FIFO (named pipe), not a file; give a regular file"
            case .zero, .urandom: return "a device, not a file"
            case .folder: return "a folder, not a file"
            }
        }

        /// Makes it at `name` in `ws`.
        func make(_ ws: Workspace, _ name: String) throws -> String {
            switch self {
            case .fifo: return try ws.fifo(name)
            case .folder: return try ws.folder(name)
            case .zero, .urandom:
                let path = ws.path(name)
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/" + rawValue)
                return path
            }
        }
    }

    /// Each file a command reads, given as something else: the run, and the role the error names.
    enum Reader: String, CaseIterable, CustomTestStringConvertible {
        case manifest, model, configModel, config, sticker, groundTruth, tracksIn

        var testDescription: String { rawValue }

        /// The file's name, the arguments and environment of a run reading it, and the
        /// words the error puts before the problem.
        func call(_ ws: Workspace, _ file: (String) throws -> String) throws -> (args: [String], env: [String: String], role: String) {
            switch self {
            case .manifest:
                _ = try file("pack/stickers.json")
                return (["photo", "-q", "--sticker", try ws.opaqueSticker()] + haar + [try ws.photo(), "-o", ws.path("out.png")],
                        ["FACESTICKER_STICKERS": ws.path("pack")], "sticker manifest: ")
            case .model:
                return (["detect", "-q", "--detector", "yunet", "--model", try file("model.onnx"), try ws.photo()], [:], "model: ")
            case .configModel:
                let model = try file("model.onnx")
                let config = try ws.write("config.json", text: #"{"detector": "yunet", "model": "\#(model)"}"#)
                return (["detect", "-q", "--config", config, try ws.photo()], [:], "model: ")
            case .config:
                return (["detect", "-q", "--config", try file("config.json"), try ws.photo()], [:], "config: ")
            case .sticker:
                return (["photo", "-q", "--sticker", try file("art.png")] + haar + [try ws.photo(), "-o", ws.path("out.png")], [:], "")
            case .groundTruth:
                _ = try ws.photo("ds/images/photo.png")
                _ = try file("ds/wider_face_gt.txt")
                return (["tune", "-q", "--evaluate"] + haar + ["--dataset", ws.path("ds")], [:], "ground truth: ")
            case .tracksIn:
                return (["video", "-q", try ws.video(), "-o", ws.path("out.mp4"), "--tracks-in", try file("tracks.json")],
                        [:], "tracks file: ")
            }
        }
    }

    /// A stickers.json, --model or config "model" (and --config, --sticker, ground truth,
    /// --tracks-in) that is a FIFO, a link to /dev/zero or /dev/urandom, or a folder is
    /// named for what it is, not "no such file", and nothing blocks or is written.
    @Test(arguments: Reader.allCases, NotAFile.allCases)
    func anInputThatIsNoFileIsNamedForWhatItIs(reader: Reader, kind: NotAFile) throws {
        let ws = try Workspace()
        var path = ""
        let call = try reader.call(ws) { name in
            path = try kind.make(ws, name)
            return path
        }
        let before = ws.snapshot()
        let run = try CLIRun(call.args, environment: call.env, directory: ws.root, deadline: 120)
        #expect(!run.hung)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderrLines == ["facesticker: \(path): \(call.role)\(kind.problem)"], "\(run.stderr)")
        #expect(ws.snapshot() == before)
    }

    // MARK: The codec's own words

    /// The fixture JPEG cut in half: libjpeg decodes it, grey below the cut.
    static func halfJPEG() throws -> [UInt8] {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.jpeg)))
        return Array(bytes.prefix(bytes.count / 2))
    }

    /// The fixture JPEG with three stray bytes after its first segment.
    static func strayBytesJPEG() throws -> [UInt8] {
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.jpeg)))
        let first = 4 + (Int(bytes[4]) << 8 | Int(bytes[5]))
        bytes.insert(contentsOf: [0, 1, 2], at: first)
        return bytes
    }

    /// A damaged JPEG libjpeg decodes past: where it is read, and the warning's words.
    struct Damaged: CustomTestStringConvertible, Sendable {
        let testDescription: String
        let bytes: @Sendable () throws -> [UInt8]
        let words: String
        let stdin: Bool
        let command: String
    }

    static let damaged: [Damaged] = [
        Damaged(testDescription: "half a JPEG, photo", bytes: halfJPEG, words: "Premature end of JPEG file", stdin: false,
                command: "photo"),
        Damaged(testDescription: "half a JPEG on stdin, photo", bytes: halfJPEG, words: "Premature end of JPEG file",
                stdin: true, command: "photo"),
        Damaged(testDescription: "half a JPEG, detect", bytes: halfJPEG, words: "Premature end of JPEG file", stdin: false,
                command: "detect"),
        Damaged(testDescription: "stray bytes, photo", bytes: strayBytesJPEG,
                words: "Corrupt JPEG data: 3 extraneous bytes before marker", stdin: false, command: "photo"),
        Damaged(testDescription: "stray bytes on stdin, detect", bytes: strayBytesJPEG,
                words: "Corrupt JPEG data: 3 extraneous bytes before marker", stdin: true, command: "detect"),
        Damaged(testDescription: "half a JPEG as the sticker", bytes: halfJPEG, words: "Premature end of JPEG file",
                stdin: false, command: "sticker"),
    ]

    /// libjpeg's lines never reach stderr raw: a JPEG it decodes past damage in is the
    /// normal result with one warning naming the user's file (or standard input).
    @Test(arguments: damaged)
    func aDamagedJPEGIsOneWarningNamingTheFile(damaged: Damaged) throws {
        let ws = try Workspace()
        let jpeg = try ws.write("damaged.jpg", try damaged.bytes())
        let out = ws.path("out.png")
        let input = damaged.stdin ? "-" : jpeg
        let args: [String]
        switch damaged.command {
        case "detect": args = ["detect", "-q"] + Self.haar + [input]
        case "sticker": args = ["photo", "-q", "--sticker", jpeg] + Self.haar + [try ws.photo(), "-o", out]
        default: args = ["photo", "-q", "--sticker", try ws.opaqueSticker()] + Self.haar + [input, "-o", out]
        }
        let run = try CLIRun(args, stdin: damaged.stdin ? Data(try damaged.bytes()) : nil, directory: ws.root, deadline: 120)
        #expect(run.status == 0, "a result, face or none: \(run.stderr)")
        let name = damaged.stdin ? "- (standard input)" : jpeg
        try #require(run.stderrLines.count == 1, "one line and no raw libjpeg line: \(run.stderr)")
        let line = run.stderrLines[0]
        #expect(line.hasPrefix("facesticker: warning: \(name): damaged JPEG (") && line.contains(damaged.words)
                && line.hasSuffix("); decoded what was readable"), "\(line)")
        if damaged.command != "detect" { #expect(FileManager.default.fileExists(atPath: out)) }
    }

    /// A JPEG libjpeg cannot decode is one error with libjpeg's reason; a sound one says nothing.
    @Test(arguments: [false, true])
    func anUndecodableJPEGGivesLibjpegsReasonAndASoundOneNoWord(stdin: Bool) throws {
        let ws = try Workspace()
        let bogus: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDB, 0x00, 0x03, 0x00] + [UInt8](repeating: 0x17, count: 300)
        let path = try ws.write("bogus.jpg", bogus)
        let run = try CLIRun(["detect", "-q"] + Self.haar + [stdin ? "-" : path], stdin: stdin ? Data(bogus) : nil,
                             directory: ws.root, deadline: 120)
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(stdin ? "- (standard input)" : path): not a readable image "
            + "(damaged JPEG: Bogus marker length)"], "\(run.stderr)")
        let sound = try CLIRun(["detect", "-q"] + Self.haar + [stdin ? "-" : Fixtures.jpeg],
                               stdin: stdin ? try Data(contentsOf: URL(fileURLWithPath: Fixtures.jpeg)) : nil,
                               directory: ws.root, deadline: 120)
        #expect(sound.status == 0 && sound.stderr.isEmpty, "\(sound.stderr)")
    }

    // MARK: File-system failures

    /// Standard input or output through a temporary folder that is missing or is a
    /// file: one line naming TMPDIR and the reason, no NSCocoaErrorDomain dump, no stutter.
    @Test(arguments: [("photo", false, "missing"), ("photo", true, "missing"), ("detect", false, "missing"),
                      ("photo", false, "a file"), ("photo", true, "a file")])
    func aBadTemporaryFolderIsNamed(command: String, toStdout: Bool, what: String) throws {
        let ws = try Workspace()
        let tmp = what == "missing" ? "/nonexistent/tmp" : try ws.write("tmpfile", text: "x")
        let photo = try ws.photo()
        let args = command == "detect" ? ["detect", "-q"] + Self.haar + ["-"]
            : ["photo", "-q", "--sticker", try ws.opaqueSticker()] + Self.haar
                + (toStdout ? [photo, "-o", "-"] : ["-", "-o", ws.path("out.png")])
        let before = ws.snapshot()
        let run = try CLIRun(args, environment: ["TMPDIR": tmp],
                             stdin: toStdout ? nil : try Data(contentsOf: URL(fileURLWithPath: photo)), directory: ws.root)
        let reason = "the temporary folder \(tmp) (TMPDIR): " + (what == "missing" ? "No such file or directory" : "not a folder")
        #expect(run.status == 1)
        #expect(run.stderrLines == [toStdout ? "facesticker: - (standard output): cannot write: \(reason)"
                                             : "facesticker: - (standard input): cannot be read: \(reason)"], "\(run.stderr)")
        #expect(run.stdoutData.isEmpty && ws.snapshot() == before)
    }

    /// A tmpfs of 16 KiB (root and mount needed): every write onto it fails for want of space.
    final class FullDisk {
        let folder: TemporaryDirectory
        var path: String { folder.url.path }

        init() throws {
            folder = try TemporaryDirectory()
            let run = try CLIRun(program: "/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", folder.url.path])
            guard run.status == 0 else { throw Workspace.Missing(what: "a tmpfs mount: \(run.stderr)") }
        }

        deinit { _ = try? CLIRun(program: "/bin/umount", [folder.url.path]) }

        /// Whether this machine lets the tests mount one.
        static let available: Bool = geteuid() == 0 && (try? FullDisk()) != nil
    }

    /// A full disk is "No space left on device" naming the user's file (never "libpng:
    /// Write Error" or "cannot write JPEG"), or naming TMPDIR for standard input and output;
    /// nothing is left on the disk.
    @Test(.enabled(if: FullDisk.available, "needs root and a tmpfs mount"),
          arguments: ["batch", "jpeg", "stdin", "stdout"])
    func aFullDiskSaysNoSpaceLeft(through: String) throws {
        let ws = try Workspace()
        let disk = try FullDisk()
        let photo = try ws.photo("a.png"), other = try ws.photo("b.png")
        let base = ["photo", "-q", "--sticker", try ws.opaqueSticker()] + Self.haar
        let noSpace = "No space left on device"
        let run: CLIRun
        let expected: [String]
        switch through {
        case "batch":
            run = try CLIRun(base + [photo, other, "--out-dir", disk.path], directory: ws.root)
            expected = ["a", "b"].map { "facesticker: \(disk.path)/\($0)-stickered.png: cannot write: \(noSpace)" }
        case "jpeg":
            run = try CLIRun(base + [photo, "-o", disk.path + "/x.jpg"], directory: ws.root)
            expected = ["facesticker: \(disk.path)/x.jpg: cannot write: \(noSpace)"]
        case "stdin":
            run = try CLIRun(base + ["-", "-o", ws.path("out.png")], environment: ["TMPDIR": disk.path],
                             stdin: try Data(contentsOf: URL(fileURLWithPath: photo)), directory: ws.root)
            expected = ["facesticker: - (standard input): cannot be read: the temporary folder \(disk.path) (TMPDIR): \(noSpace)"]
        default:
            run = try CLIRun(base + [photo, "-o", "-"], environment: ["TMPDIR": disk.path], directory: ws.root)
            expected = ["facesticker: - (standard output): cannot write: the temporary folder \(disk.path) (TMPDIR): \(noSpace)"]
        }
        #expect(run.status == 1)
        #expect(run.stderrLines == expected, "\(run.stderr)")
        #expect(disk.folder.contents().isEmpty, "no temporary file is left")
        #expect(!FileManager.default.fileExists(atPath: ws.path("out.png")))
    }

    // MARK: Files that cannot be opened

    /// Whether a file of mode 000 can be made unreadable to the CLI: as root, it runs
    /// without the capabilities that bypass file modes (setpriv drops them).
    static let canDropPermissions: Bool = {
        guard geteuid() == 0 else { return true }
        let run = try? CLIRun(program: "/usr/bin/setpriv", ["--bounding-set", "-dac_override,-dac_read_search", "/bin/true"])
        return run?.status == 0
    }()

    /// The CLI as a user whom file modes bind.
    static func unprivileged(_ arguments: [String], directory: String) throws -> CLIRun {
        guard geteuid() == 0 else { return try CLIRun(arguments, directory: directory, deadline: 120) }
        return try CLIRun(program: "/usr/bin/setpriv", ["--bounding-set", "-dac_override,-dac_read_search", Fixtures.cli] + arguments,
                          directory: directory, deadline: 120)
    }

    /// A file that exists but cannot be opened says why ("Permission denied"), whatever reads it.
    @Test(.enabled(if: canDropPermissions, "running as root without setpriv to drop the capabilities that bypass file modes"),
          arguments: ["photo", "detect JPEG", "sticker", "model", "config", "ground truth", "tracks-in"])
    func anUnreadableFileSaysPermissionDenied(what: String) throws {
        let ws = try Workspace()
        let photo = try ws.photo()
        var locked = ""
        let args: [String]
        var role = ""
        switch what {
        case "photo":
            locked = try ws.photo("locked.png")
            args = ["photo", "-q", "--sticker", try ws.opaqueSticker()] + Self.haar + [locked, "-o", ws.path("out.png")]
        case "detect JPEG":
            locked = try ws.write("locked.jpg", Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.jpeg))))
            args = ["detect", "-q"] + Self.haar + [locked]
        case "sticker":
            locked = try ws.opaqueSticker("locked.png")
            args = ["photo", "-q", "--sticker", locked] + Self.haar + [photo, "-o", ws.path("out.png")]
        case "model":
            locked = try ws.write("locked.onnx", text: "a model")
            args = ["detect", "-q", "--detector", "yunet", "--model", locked, photo]
            role = "model: "
        case "config":
            locked = try ws.write("locked.json", text: #"{"detector": "haar"}"#)
            args = ["detect", "-q", "--config", locked, photo]
            role = "config: "
        case "ground truth":
            _ = try ws.photo("ds/images/photo.png")
            locked = try ws.write("ds/wider_face_gt.txt", text: "photo.png\n1\n178 58 94 117 0 0 0 0 0 0\n")
            args = ["tune", "-q", "--evaluate"] + Self.haar + ["--dataset", ws.path("ds")]
            role = "ground truth: "
        default:
            locked = try ws.write("locked.json", text: #"{"frames": []}"#)
            args = ["video", "-q", try ws.video(), "-o", ws.path("out.mp4"), "--tracks-in", locked]
            role = "tracks file: "
        }
        #expect(chmod(locked, 0) == 0)
        defer { chmod(locked, 0o644) }
        let run = try Self.unprivileged(args, directory: ws.root)
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(locked): \(role)cannot be opened: Permission denied"], "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ws.path("out.png")) && !FileManager.default.fileExists(atPath: ws.path("out.mp4")))
    }

    // MARK: Class 7: a folder that cannot be listed

    /// One unlistable folder in a batch gets its one error line; every other input is
    /// still done, and the run exits 1 at the end.
    @Test(.enabled(if: canDropPermissions, "running as root without setpriv to drop the capabilities that bypass file modes"),
          arguments: ["photo -r, a sub-folder", "photo, a folder beside a photo", "video, the only input"])
    func anUnlistableFolderFailsAlone(shape: String) throws {
        let ws = try Workspace()
        let sticker = try ws.opaqueSticker()
        _ = try ws.photo("tree/top.png")
        _ = try ws.photo("tree/ok/a.png")
        _ = try ws.photo("tree/locked/b.png")
        let other = try ws.photo("other.png")
        let locked = ws.path(shape.hasPrefix("photo -r") ? "tree/locked" : "tree")
        let out = ws.path("out")
        let args: [String]
        let done: [String]
        switch shape {
        case "photo -r, a sub-folder":
            args = ["photo", "-q", "-r", ws.path("tree"), "--out-dir", out, "--sticker", sticker] + Self.haar
            done = ["ok", "ok/a-stickered.png", "top-stickered.png"]
        case "photo, a folder beside a photo":
            args = ["photo", "-q", ws.path("tree"), other, "--out-dir", out, "--sticker", sticker] + Self.haar
            done = ["other-stickered.png"]
        default:
            args = ["video", "-q", ws.path("tree"), "--out-dir", out]
            done = []
        }
        #expect(chmod(locked, 0) == 0)
        defer { chmod(locked, 0o755) }
        let run = try Self.unprivileged(args, directory: ws.root)
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: \(locked): cannot list the folder: Permission denied"], "\(run.stderr)")
        let written = (FileManager.default.subpaths(atPath: out) ?? []).sorted()
        #expect(written == done, "\(written)")
    }
}
