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

    // MARK: Names that are not UTF-8

    /// Byte sequences no UTF-8 decoder accepts.
    static let invalid: [(String, [UInt8])] = [
        ("ff fe", [0xFF, 0xFE]),
        ("a lone continuation byte", [0x80]),
        ("a cut two-byte sequence", [0xC3]),
        ("an overlong slash", [0xC0, 0xAF]),
        ("an encoded surrogate", [0xED, 0xA0, 0x80]),
        ("Latin-1 e-acute", [0xE9]),
        ("beyond U+10FFFF", [0xF5, 0x80, 0x80, 0x80]),
    ]

    /// Each way a name reaches the CLI, read and shown escaped instead of "no such file".
    enum Reader: String, CaseIterable, Sendable {
        case photo, photoJSON, detect, video, imageSequence, sticker, config, recursiveFolder, liveSource, newOutput
    }

    /// Every sequence of `invalid` in one name, a `-` between two (so that none completes another).
    static let everyInvalid = ("every sequence", Array(invalid.map(\.1).joined(separator: [0x2D])))

    /// Each sequence alone through the photo command, and every reader with all of them in one
    /// name: one decoding and one escaping serve every reader, so each sequence is proven on its
    /// own once and each reader against all of them, one run each instead of the 70 of the cross product.
    static let notUTF8Cases: [(Reader, (String, [UInt8]))] = invalid.map { (Reader.photo, $0) }
        + Reader.allCases.map { ($0, everyInvalid) }

    @Test(arguments: notUTF8Cases)
    func aNameThatIsNotUTF8IsReadAndShownEscaped(reader: Reader, sequence: (String, [UInt8])) throws {
        let ws = try Workspace()
        defer { Self.removeTree(ws.root) }
        let bad = sequence.1
        // Shown as \xNN byte by byte; the ASCII separators as themselves.
        let spelt = bad.map { $0 < 0x80 ? String(UnicodeScalar($0)) : "\\x" + String(format: "%02x", $0) }.joined()
        let tmp = try ws.folder("tmp")
        let sticker = try ws.opaqueSticker()
        let base = #"exec "$0" "$@" "#
        let name = Array("p".utf8) + bad
        let run: CLIRun
        switch reader {
        case .photo, .photoJSON:
            try Self.rawCopy(Fixtures.astronaut, to: ws.root, name + Array(".png".utf8))
            let json = reader == .photoJSON ? ["--json"] : []
            run = try CLIRun(shell: base + Self.word(name + Array(".png".utf8)),
                             ["photo", "--sticker", sticker] + Self.haar + json, environment: ["TMPDIR": tmp], directory: ws.root)
            #expect(FileManager.default.fileExists(atPath: ws.path("p\(spelt)-stickered.png")), "\(ws.snapshot().keys)")
            if reader == .photoJSON {
                let object = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
                #expect(object?["input"] as? String == "p\(spelt).png", "\(run.stdout)")
                #expect(object?["output"] as? String == "p\(spelt)-stickered.png", "\(run.stdout)")
            } else {
                let output = "p" + spelt.replacingOccurrences(of: "\\", with: "\\\\") + "-stickered.png"
                #expect(run.stderrLines.count == 1 && run.stderr.hasSuffix("; wrote \(output)\n"), "\(run.stderr)")
            }
        case .detect:
            try Self.rawCopy(Fixtures.astronaut, to: ws.root, name + Array(".png".utf8))
            run = try CLIRun(shell: base + Self.word(name + Array(".png".utf8)), ["detect"] + Self.haar,
                             environment: ["TMPDIR": tmp], directory: ws.root)
            #expect(run.stdoutLines.count == 1 && run.stdout.hasPrefix("p\(spelt).png "), "\(run.stdout)")
            #expect(run.stdoutLines.first.map { Self.unescape(String($0.prefix { $0 != " " })) } == name + Array(".png".utf8))
        case .video:
            let clip = try Self.shortVideo(ws, "clip.mp4")
            try Self.rawCopy(clip, to: ws.root, name + Array(".mp4".utf8))
            run = try CLIRun(shell: base + Self.word(name + Array(".mp4".utf8)),
                             ["video", "-q", "--preset", "ultrafast", "--sticker", sticker] + Self.haar,
                             environment: ["TMPDIR": tmp], directory: ws.root)
            #expect(FileManager.default.fileExists(atPath: ws.path("p\(spelt)-stickered.mp4")), "\(ws.snapshot().keys)")
        case .imageSequence:
            // The pictures' folder is the name; the video is named after it, beside it.
            let frames = try ws.folder("frames")
            try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-frames:v", "3", frames + "/%04d.png"])
            try #require(rename(Self.cPath(ws.root, Array("frames".utf8)), Self.cPath(ws.root, name)) == 0)
            run = try CLIRun(shell: base + Self.word(name) + "/%04d.png",
                             ["video", "-q", "--preset", "ultrafast", "--sticker", sticker] + Self.haar,
                             environment: ["TMPDIR": tmp], directory: ws.root)
            #expect(FileManager.default.fileExists(atPath: ws.path("p\(spelt)-stickered.mp4")), "\(ws.snapshot().keys)")
        case .sticker:
            try Self.rawCopy(sticker, to: ws.root, name + Array(".png".utf8))
            run = try CLIRun(shell: #"exec "$0" photo --sticker "# + Self.word(name + Array(".png".utf8)) + #" "$@""#,
                             Self.haar + ["-o", "out.png", try ws.photo()], environment: ["TMPDIR": tmp], directory: ws.root)
            #expect(run.stderr.contains("wrote out.png"), "\(run.stderr)")
        case .config:
            try Self.rawWrite(Array(#"{"detector": "haar"}"#.utf8), to: ws.root, name + Array(".json".utf8))
            run = try CLIRun(shell: #"exec "$0" detect -v --config "# + Self.word(name + Array(".json".utf8)) + #" "$@""#,
                             [try ws.photo()], environment: ["TMPDIR": tmp], directory: ws.root)
            #expect(run.stderr.contains("detector: haar"), "\(run.stderr)")
        case .recursiveFolder:
            // A sub-folder and a photo in it, both named in bytes that are not UTF-8.
            let folder = try ws.folder("tree")
            try Self.rawFolder(ws.root + "/tree", name)
            try Self.rawCopy(Fixtures.astronaut, to: ws.root + "/tree", name + [0x2F] + name + Array(".png".utf8))
            run = try CLIRun(["photo", "-r", "--sticker", sticker] + Self.haar + [folder], environment: ["TMPDIR": tmp],
                             directory: ws.root)
            #expect(run.stderr.contains("wrote \(folder)/p\(spelt)/p\(spelt.replacingOccurrences(of: "\\", with: "\\\\"))-stickered.png"),
                    "\(run.stderr)")
            // Written into the folder itself, named with the bytes spelt.
            #expect(Self.rawList(ws.root + "/tree", name).sorted { $0.lexicographicallyPrecedes($1) }
                == [name + Array(".png".utf8), Array("p\(spelt)-stickered.png".utf8)].sorted { $0.lexicographicallyPrecedes($1) })
        case .liveSource:
            let folder = try ws.folder("frames")
            _ = try ws.photo("frames/1.png")
            try Self.rawCopy(Fixtures.astronaut, to: folder, name + Array(".png".utf8))
            run = try CLIRun(["live", "-q", "--source", folder, "--y4m", ws.path("out.y4m"), "--fast", "--sticker", sticker]
                + Self.haar, environment: ["TMPDIR": tmp], directory: ws.root)
            // Both frames: the header, then two 512x512 I420 frames with their FRAME lines.
            let size = (try? FileManager.default.attributesOfItem(atPath: ws.path("out.y4m"))[.size] as? Int) ?? 0
            #expect(size > 2 * 512 * 512 * 3 / 2, "out.y4m holds \(size) bytes")
        case .newOutput:
            run = try CLIRun(shell: #"exec "$0" "$@" -o "# + Self.word(name + Array(".png".utf8)),
                             ["photo", "--sticker", sticker] + Self.haar + [try ws.photo()], environment: ["TMPDIR": tmp],
                             directory: ws.root)
            #expect(FileManager.default.fileExists(atPath: ws.path("p\(spelt).png")), "\(ws.snapshot().keys)")
        }
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.output.unicodeScalars.contains { $0 == "\u{FFFD}" || ($0.value < 0x20 && $0 != "\n") },
                "\(run.output.debugDescription)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "the run's links are left in TMPDIR")
    }

    /// An existing file named in bytes that are not UTF-8 is not replaced
    /// through its link (which would lose the output): one line, nothing written.
    @Test func anExistingOutputThatIsNotUTF8IsRefused() throws {
        let ws = try Workspace()
        defer { Self.removeTree(ws.root) }
        let name: [UInt8] = [0x6F, 0xFF] + Array(".png".utf8)
        try Self.rawWrite(Array("keep".utf8), to: ws.root, name)
        let run = try CLIRun(shell: #"exec "$0" "$@" -o "# + Self.word(name),
                             ["photo", "--sticker", try ws.opaqueSticker()] + Self.haar + [try ws.photo()], directory: ws.root)
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: o\\xff.png: cannot write: -o: the file exists and its name is not UTF-8, "
            + "which facesticker cannot replace; give another name (nothing was written)"], "\(run.stderr)")
        #expect(Self.rawList(ws.root, []).contains(name))
        #expect(Self.rawRead(ws.root, name) == Array("keep".utf8))
    }

    /// A missing name is named, escaped; the same name given twice as input and output is a clash.
    @Test func aMissingOrClashingNameThatIsNotUTF8IsNamed() throws {
        let ws = try Workspace()
        defer { Self.removeTree(ws.root) }
        let name: [UInt8] = [0x71, 0xFF] + Array(".png".utf8)
        let missing = try CLIRun(shell: #"exec "$0" detect --detector haar "# + Self.word(name), directory: ws.root)
        #expect(missing.status == 1)
        #expect(missing.stderrLines == ["facesticker: q\\\\xff.png: no such file"], "\(missing.stderr)")
        try Self.rawCopy(Fixtures.astronaut, to: ws.root, name)
        let clash = try CLIRun(shell: #"exec "$0" "$@" "# + Self.word(name) + " -o " + Self.word(name),
                               ["photo", "--sticker", try ws.opaqueSticker()] + Self.haar, directory: ws.root)
        #expect(clash.status == 2)
        #expect(clash.stderrLines == ["facesticker: -o q\\xff.png would overwrite the input photo q\\xff.png; "
            + "choose another name (nothing was written)"], "\(clash.stderr)")
    }

    /// A signal during a run still removes the run's links.
    @Test func aSignalRemovesTheLinks() throws {
        let ws = try Workspace()
        defer { Self.removeTree(ws.root) }
        let tmp = try ws.folder("tmp")
        let name: [UInt8] = [0x76, 0xFF] + Array(".mp4".utf8)
        // Five times the clip: long enough that the run is still going when it is stopped.
        let long = ws.path("long.mp4")
        try MediaTools.ffmpegOnce(["-stream_loop", "4", "-i", Fixtures.carphone, "-c:v", "libx264", "-preset", "ultrafast", long])
        try Self.rawCopy(long, to: ws.root, name)
        func linked() -> Bool { !((try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? []).isEmpty }
        // Waits for the link to exist (the run has started), then freezes the run (SIGSTOP) so
        // that it cannot finish before the SIGTERM: no timing. A run that finished between the
        // two (a busy test machine) is started again.
        for attempt in 1...3 {
            let running = try CLIRun.Running(program: "/bin/sh", ["-c", #"exec "$0" video -y --preset ultrafast --detector haar "#
                + Self.word(name), Fixtures.cli], environment: ["TMPDIR": tmp], directory: ws.root)
            let started = Date()
            while !linked(), Date().timeIntervalSince(started) < 240, running.wait(seconds: 0.05) == nil {}
            try #require(linked(), "no link was made: \(running.stderr)")
            kill(running.pid, SIGSTOP)
            guard Self.stopped(running.pid), linked() else {
                _ = running.finish(deadline: 120)
                try #require(attempt < 3, "the run finished before it could be stopped, three times")
                continue
            }
            kill(running.pid, SIGTERM)
            kill(running.pid, SIGCONT)
            let run = running.finish(deadline: 120)
            #expect(run.status == 128 + SIGTERM, "\(run.stderr)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).isEmpty, "the run's links are left in TMPDIR")
            return
        }
    }

    /// Whether process `pid` is stopped (state T in /proc), waiting until it is or has ended.
    static func stopped(_ pid: pid_t) -> Bool {
        for _ in 0..<2000 {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return false }
            let state = stat[stat.index(after: close)...].split(separator: " ").first
            if state == "T" || state == "t" { return true }
            if state == "Z" || state == "X" { return false }
            usleep(1000)
        }
        return false
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
