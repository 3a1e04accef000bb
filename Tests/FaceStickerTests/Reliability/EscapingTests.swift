import FaceSticker
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 23, class 5: what reaches the terminal is escaped, everywhere. A file
/// name (or a manifest's text) with control bytes reaches no line raw: every
/// line for a person goes through one rule (`\\`, `\xNN` for a byte, `\u{NN}`
/// for a C1 control or a separator), JSON stays JSON, and a name that is not
/// UTF-8 is read and shown escaped instead of being "no such file".
@Suite struct EscapingTests {
    /// A hostile piece of a file name: its text and how every line shows it.
    struct Hostile: Sendable, CustomTestStringConvertible {
        let label: String
        let raw: String
        let shown: String
        var testDescription: String { label }
    }

    static let controls: [Hostile] = [
        Hostile(label: "ESC", raw: "\u{1B}[2J", shown: "\\x1b[2J"),
        Hostile(label: "CR", raw: "\rfake", shown: "\\x0dfake"),
        Hostile(label: "LF", raw: "\nfacesticker: fake line", shown: "\\x0afacesticker: fake line"),
        Hostile(label: "BEL", raw: "\u{07}", shown: "\\x07"),
        Hostile(label: "OSC title", raw: "\u{1B}]0;pwned\u{07}", shown: "\\x1b]0;pwned\\x07"),
        Hostile(label: "C1 CSI", raw: "\u{9B}31m", shown: "\\u{9b}31m"),
        Hostile(label: "C1 NEL", raw: "\u{85}", shown: "\\u{85}"),
        Hostile(label: "DEL", raw: "\u{7F}", shown: "\\x7f"),
    ]

    /// Each kind of line that shows a name the user chose.
    enum Line: String, CaseIterable, Sendable {
        case photoSummary, detectResult, skipNote, videoSummary, progress, liveStart, tuneNote, selfieResult,
             stickersList
    }

    static let haar = ["--detector", "haar"]

    /// Every control of `controls` in one name.
    static let everyControl = Hostile(label: "every control", raw: controls.map(\.raw).joined(separator: "-"),
                                      shown: controls.map(\.shown).joined(separator: "-"))

    /// Each control alone in the photo's summary line, and every kind of line with all of them in
    /// one name: every line goes through the one escaping (`Console`), so each control is proven
    /// on its own once and each line kind against all of them, one CLI run each instead of the
    /// 72 runs of the whole cross product.
    static let escapingCases: [(Line, Hostile)] = controls.map { (Line.photoSummary, $0) }
        + Line.allCases.map { ($0, everyControl) }

    @Test(arguments: escapingCases)
    func aNameWithControlBytesIsShownEscaped(line: Line, hostile: Hostile) throws {
        let ws = try Workspace()
        let sticker = try ws.opaqueSticker()
        let name = "a" + hostile.raw + "b"
        let shownName = "a" + hostile.shown + "b"
        var environment: [String: String] = [:]
        let expected: String
        let run: CLIRun
        switch line {
        case .photoSummary:
            let photo = try ws.photo(name + ".png")
            run = try CLIRun(["photo", "--sticker", sticker] + Self.haar + [photo], directory: ws.root)
            expected = ", detector haar; wrote \(ws.root)/\(shownName)-stickered.png\n"
            #expect(FileManager.default.fileExists(atPath: ws.path(name + "-stickered.png")))
        case .detectResult:
            let photo = try ws.photo(name + ".png")
            run = try CLIRun(["detect"] + Self.haar + [photo], directory: ws.root)
            expected = "\(ws.root)/\(shownName).png "
        case .skipNote:
            let photo = try ws.photo(name + ".png")
            let first = try CLIRun(["photo", "-q", "--sticker", sticker] + Self.haar + [photo], directory: ws.root)
            try #require(first.status == 0, "\(first.stderr)")
            run = try CLIRun(["photo", "--skip-existing", "--sticker", sticker] + Self.haar + [photo], directory: ws.root)
            expected = "photo: \(ws.root)/\(shownName)-stickered.png is already there; skipped (--skip-existing)"
        case .videoSummary:
            let video = try Self.shortVideo(ws, name + ".mp4")
            run = try CLIRun(["video", "--preset", "ultrafast", "--sticker", sticker] + Self.haar + [video],
                             directory: ws.root)
            expected = "\(ws.root)/\(shownName).mp4 -> \(ws.root)/\(shownName)-stickered.mp4: "
            #expect(FileManager.default.fileExists(atPath: ws.path(name + "-stickered.mp4")))
        case .progress:
            // stderr on a terminal: script(1) gives the run a pseudo-terminal and copies what it shows.
            let video = try Self.shortVideo(ws, name + ".mp4")
            environment["NAME"] = video
            environment["STICKER"] = sticker
            run = try CLIRun(shell: #"exec script -qfec '"$FS" video --preset ultrafast --sticker "$STICKER" --detector haar "$NAME"' /dev/null"#,
                             environment: environment, directory: ws.root)
            expected = "\r\u{1B}[K\(ws.root)/\(shownName).mp4: "
        case .liveStart:
            let folder = try ws.folder(name)
            _ = try ws.photo(name + "/1.png")
            run = try CLIRun(["live", "--source", folder, "--y4m", ws.path("out.y4m"), "--fast", "--sticker", sticker]
                + Self.haar, directory: ws.root)
            expected = "live: \(ws.root)/\(shownName) 512x512 at 30.000 fps -> Y4M \(ws.path("out.y4m")); Ctrl-C stops"
        case .tuneNote:
            _ = try ws.photo("ds/images/photo.png")
            _ = try ws.write("ds/wider_face_gt.txt", text: "photo.png\n1\n178 58 94 117 0 0 0 0 0 0\n")
            run = try CLIRun(["tune", "--evaluate", "--dataset", ws.path("ds"), "-o", ws.path(name + ".json")] + Self.haar,
                             directory: ws.root)
            expected = "tune: wrote the best setting to \(ws.root)/\(shownName).json"
            #expect(FileManager.default.fileExists(atPath: ws.path(name + ".json")))
        case .selfieResult:
            run = try CLIRun(["selfie", "--sticker", sticker, "--source", try ws.photo(), "-o", ws.path(name + ".png")]
                + Self.haar, directory: ws.root)
            expected = "\(ws.root)/\(shownName).png"
            #expect(run.stdoutLines == [expected], "\(run.stdout.debugDescription)")
        case .stickersList:
            // A manifest's description and credits are text from a file, like a name.
            _ = try ws.folder("stickers/art")
            _ = try ws.opaqueSticker("stickers/art/s.png")
            let text = JSONText.string("d " + hostile.raw)
            let credit = JSONText.string("c " + hostile.raw)
            let layer = #"{"art": "art/s.png", "anchor": "eyes", "measure": "eye-distance", "size": 2}"#
            _ = try ws.write("stickers/stickers.json", text: #"{"credits": [\#(credit)], "stickers": "#
                + #"[{"name": "s", "description": \#(text), "layers": [\#(layer)]}]}"#)
            environment["FACESTICKER_STICKERS"] = ws.path("stickers")
            run = try CLIRun(["stickers"], environment: environment, directory: ws.root)
            expected = "c " + hostile.shown
            #expect(run.stdoutLines.first == "s  eyes  d " + hostile.shown, "\(run.stdout.debugDescription)")
        }
        #expect(run.status == 0, "\(run.stderr.debugDescription)")
        let everything = line == .progress
            ? run.output.replacingOccurrences(of: "\r\u{1B}[K", with: "").replacingOccurrences(of: "\r\n", with: "\n")
            : run.output
        #expect(!everything.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) },
                "a control reached the terminal: \(run.output.debugDescription)")
        #expect(run.output.contains(expected), "\(expected.debugDescription) not in \(run.output.debugDescription)")
        #expect(!(run.stdoutLines + run.stderrLines).contains { $0.hasPrefix("facesticker: fake") || $0.hasPrefix("fake") },
                "a forged line: \(run.output.debugDescription)")
    }

    /// Scripts can read the result lines back: every backslash is escaped, so
    /// a name spelling `\x1b` is told from a name holding ESC.
    @Test func detectLinesAreUnambiguous() throws {
        let ws = try Workspace()
        let spelt = try ws.photo("a\\x1b.png")
        let real = try ws.photo("a\u{1B}.png")
        let run = try CLIRun(["detect"] + Self.haar + [spelt, real], directory: ws.root)
        #expect(run.status == 0, "\(run.stderr)")
        let paths = run.stdoutLines.map { $0.split(separator: " ").dropLast(5).joined(separator: " ") }
        #expect(paths == ["\(ws.root)/a\\\\x1b.png", "\(ws.root)/a\\x1b.png"], "\(run.stdout)")
        #expect(paths.map(Self.unescape) == [Array(spelt.utf8), Array(real.utf8)])
    }

    /// JSON is a machine format: its strings decode to the exact name, whatever it holds (every
    /// control in one name, then the separators and overrides).
    @Test(arguments: [everyControl, Hostile(label: "separators and overrides", raw: "\u{2028}\u{202E}\u{2066}", shown: "\\u{2028}\\u{202e}\\u{2066}")])
    func jsonGivesTheExactNameAndNoControl(hostile: Hostile) throws {
        let ws = try Workspace()
        let photo = try ws.photo("j" + hostile.raw + ".png")
        let run = try CLIRun(["photo", "-q", "--json", "--sticker", try ws.opaqueSticker()] + Self.haar + [photo],
                             directory: ws.root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) })
        let object = try JSONSerialization.jsonObject(with: Data(run.stdoutLines.first?.utf8 ?? "".utf8)) as? [String: Any]
        #expect(object?["input"] as? String == photo, "\(run.stdout)")
        // On stderr the same name is escaped by the one rule.
        let detect = try CLIRun(["detect"] + Self.haar + [photo], directory: ws.root)
        #expect(detect.stdout.hasPrefix("\(ws.root)/j\(hostile.shown).png "), "\(detect.stdout.debugDescription)")
    }

    /// An error line and the --json error field say the same, escaped once.
    @Test(arguments: controls)
    func errorLinesAreEscapedByTheSameRule(hostile: Hostile) throws {
        let ws = try Workspace()
        let missing = ws.path("m" + hostile.raw + ".png")
        let run = try CLIRun(["photo", "--json", "--sticker", try ws.opaqueSticker()] + Self.haar + [missing],
                             directory: ws.root)
        #expect(run.status == 1)
        let line = "facesticker: \(ws.root)/m\(hostile.shown).png: no such file"
        #expect(run.stderrLines == [line], "\(run.stderr.debugDescription)")
        let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        #expect("facesticker: " + (object?["error"] as? String ?? "") == line)
        #expect(ws.snapshot().keys.sorted() == ["sticker.png"])
    }

    // MARK: Helpers

    /// A 5-frame clip of carphone, named `name` in the workspace.
    static func shortVideo(_ ws: Workspace, _ name: String) throws -> String {
        let path = ws.path(name)
        try MediaTools.ffmpegOnce(["-i", Fixtures.carphone, "-frames:v", "5", "-an", "-c:v", "libx264", "-preset", "ultrafast", path])
        return path
    }

    /// A shell word that expands to `bytes` (printf with octal escapes; no NUL, no trailing LF).
    static func word(_ bytes: [UInt8]) -> String {
        "\"$(printf '" + bytes.map { String(format: "\\%03o", $0) }.joined() + "')\""
    }

    /// The bytes an escaped line stands for: `\\`, `\xNN` and `\u{N}` decoded.
    static func unescape(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var rest = Substring(text)
        while let first = rest.first {
            rest = rest.dropFirst()
            guard first == "\\", let kind = rest.first else {
                out += Array(String(first).utf8)
                continue
            }
            rest = rest.dropFirst()
            switch kind {
            case "x":
                out.append(UInt8(rest.prefix(2), radix: 16) ?? 0)
                rest = rest.dropFirst(2)
            case "u":
                let digits = rest.dropFirst().prefix { $0 != "}" }
                out += Array(String(Unicode.Scalar(UInt32(digits, radix: 16) ?? 0).map(Character.init) ?? "?").utf8)
                rest = rest.dropFirst(digits.count + 2)
            default:
                out += Array(String(kind).utf8)
            }
        }
        return out
    }

    static func cPath(_ folder: String, _ name: [UInt8]) -> [CChar] {
        (Array(folder.utf8) + (name.isEmpty ? [] : [0x2F] + name)).map { CChar(bitPattern: $0) } + [0]
    }

    /// Writes `bytes` to `folder/name`, the name given as raw bytes (open(2), no String).
    static func rawWrite(_ bytes: [UInt8], to folder: String, _ name: [UInt8]) throws {
        let fd = open(cPath(folder, name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw Workspace.Missing(what: "a file named in raw bytes under \(folder)") }
        defer { close(fd) }
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { throw Workspace.Missing(what: "a whole file named in raw bytes") }
    }

    static func rawCopy(_ source: String, to folder: String, _ name: [UInt8]) throws {
        try rawWrite(Array(try Data(contentsOf: URL(fileURLWithPath: source))), to: folder, name)
    }

    static func rawFolder(_ folder: String, _ name: [UInt8]) throws {
        guard mkdir(cPath(folder, name), 0o755) == 0 else { throw Workspace.Missing(what: "a folder named in raw bytes") }
    }

    /// The names in `folder/name` as bytes (readdir), without `.` and `..`.
    static func rawList(_ folder: String, _ name: [UInt8]) -> [[UInt8]] {
        guard let directory = opendir(cPath(folder, name)) else { return [] }
        defer { closedir(directory) }
        var names: [[UInt8]] = []
        while let entry = readdir(directory) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if bytes != [0x2E], bytes != [0x2E, 0x2E] { names.append(bytes) }
        }
        return names
    }

    static func rawRead(_ folder: String, _ name: [UInt8]) -> [UInt8] {
        let fd = open(cPath(folder, name), O_RDONLY)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        return Array(buffer.prefix(max(count, 0)))
    }

    /// Removes a workspace holding names Foundation cannot spell.
    static func removeTree(_ path: String) {
        _ = try? CLIRun(program: "/bin/rm", ["-rf", path], deadline: 60)
    }
}
