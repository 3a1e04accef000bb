import FaceSticker
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension EscapingTests {
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
}
