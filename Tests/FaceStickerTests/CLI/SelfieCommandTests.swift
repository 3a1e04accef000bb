import FaceSticker
import Foundation
import Testing

/// `facesticker selfie` run as a user runs it, from files standing in for a camera.
@Suite(Fixtures.needsYuNet) struct SelfieCommandTests {
    static let sunglasses = Fixtures.sunglasses
    static let carphone = Fixtures.carphone

    @Test func fromAPhotoWritesAStickeredPNG() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("me.png")
        let run = try CLIRun(["selfie", "--source", Fixtures.astronaut, "--sticker", Self.sunglasses, "--burst", "2",
                              "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdoutLines == [out])
        #expect(run.stderr.contains("kept frame 1 of 2 (1 face(s)"))
        let written = try ImageFile.read(path: out)
        let original = try ImageFile.read(path: Fixtures.astronaut)
        #expect(written.width == 512 && written.height == 512)
        #expect(written != original, "the sticker was drawn")
        // Outside the face the picture is untouched (PNG is lossless).
        #expect(written[10, 500] == original[10, 500])
    }

    @Test func fromAVideoWithAFilterWritesAJPEG() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("car.jpg")
        let run = try CLIRun(["selfie", "--source", Self.carphone, "--skip", "30", "--burst", "4", "--filter", "mono",
                              "--sticker", Self.sunglasses, "-o", out])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("of 4 (1 face(s)"))
        let image = try ImageFile.read(path: out)
        #expect(image.width == 176 && image.height == 144)
        let (r, g, b, _) = image[5, 5]
        #expect(abs(Int(r) - Int(g)) <= 6 && abs(Int(g) - Int(b)) <= 6, "mono, to within JPEG's colour error (6)")
    }

    @Test func theDefaultNameIsTimestampedAndNeverOverwrites() throws {
        let dir = try TemporaryDirectory()
        let arguments = ["selfie", "--source", Fixtures.astronaut, "--burst", "1", "--sticker", Self.sunglasses,
                         "-o", dir.url.path]
        let first = try CLIRun(arguments), second = try CLIRun(arguments)
        #expect(first.status == 0 && second.status == 0)
        let names = dir.contents()
        #expect(names.count == 2, "\(names)")
        #expect(names.allSatisfy { $0.range(of: #"^selfie-\d{8}-\d{6}(-2)?\.png$"#, options: .regularExpression) != nil })
        #expect(Set(first.stdoutLines + second.stdoutLines) == Set(names.map { dir.path($0) }))
    }

    @Test func mirroringIsOffForFilesUnlessAsked() throws {
        let dir = try TemporaryDirectory()
        let plain = dir.path("plain.png"), mirrored = dir.path("mirrored.png")
        let common = ["selfie", "--source", Fixtures.astronaut, "--burst", "1", "--sticker", Self.sunglasses]
        #expect(try CLIRun(common + ["-o", plain]).status == 0)
        let run = try CLIRun(common + ["--mirror", "-o", mirrored])
        #expect(run.status == 0 && run.stderr.contains(", mirrored;"))
        let a = try ImageFile.read(path: plain), b = try ImageFile.read(path: mirrored)
        #expect(a[3, 500] == b[508, 500], "the untouched corner moved to the other side")
    }

    @Test func aPhotoWithoutAFaceIsStillWritten() throws {
        let dir = try TemporaryDirectory()
        let blank = dir.path("blank.png")
        try ImageFile.write(TestImages.checkerboard(width: 320, height: 240, cell: 16), to: blank)
        let out = dir.path("out.png")
        let run = try CLIRun(["selfie", "--source", blank, "--sticker", Self.sunglasses, "-o", out])
        #expect(run.status == 0)
        #expect(run.stderr.contains("no face found"))
        #expect(try ImageFile.read(path: out) == ImageFile.read(path: blank))
    }

    /// No display named, or one named that cannot be reached (highgui would abort the
    /// process on it, so a probe must catch that first): a note, then a headless selfie.
    @Test(arguments: [
        ("", "selfie: --preview: no display ($DISPLAY and $WAYLAND_DISPLAY are unset); carrying on without a preview"),
        (":97", "selfie: --preview: cannot open a window ($DISPLAY is :97); carrying on without a preview"),
    ])
    func previewWithoutAUsableDisplayCarriesOnHeadless(display: String, note: String) throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("headless.png")
        let run = try CLIRun(["selfie", "--preview", "--source", Fixtures.astronaut, "--burst", "1",
                              "--sticker", Self.sunglasses, "-o", out],
                             environment: ["DISPLAY": display, "WAYLAND_DISPLAY": "", "QT_QPA_PLATFORM": ""])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderrLines.first == note)
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func previewRunsInAnOffscreenWindowUntilTheVideoEnds() throws {
        // Qt's offscreen platform gives highgui a window without a display; no key is
        // pressed, so the preview shows the last 20 frames, captures nothing and ends with the file.
        let dir = try TemporaryDirectory()
        let run = try CLIRun(["selfie", "--preview", "--source", Self.carphone, "--skip", "100",
                              "--sticker", Self.sunglasses, "-o", dir.url.path],
                             environment: ["DISPLAY": "", "QT_QPA_PLATFORM": "offscreen"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("selfie: preview closed, 0 picture(s) taken"))
        #expect(dir.contents().isEmpty)
    }

    @Test(arguments: [
        (["--device", "/dev/null"], "facesticker: /dev/null: not a V4L2 video device"),
        (["--device", "/nonexistent/video9"], "facesticker: /nonexistent/video9: no such device"),
        (["--source", "/nonexistent/clip.mp4"], "facesticker: /nonexistent/clip.mp4: no such file"),
        (["--source", "/dev/null"], "facesticker: /dev/null: not a V4L2 video device"),
        (["--source", "PHOTO", "--skip", "-1"], "facesticker: --skip: -1 is outside 0...100000"),
        (["--source", "PHOTO", "--burst", "0"], "facesticker: --burst: 0 is outside 1...100"),
        (["--source", "PHOTO", "--size", "640"], "facesticker: --size: \"640\" is not WxH with sides 16...8192 (e.g. 1280x720)"),
        (["--source", "PHOTO", "--mirror", "--no-mirror"], "facesticker: selfie: --mirror and --no-mirror together"),
        (["--source", "PHOTO", "--device", "/dev/video0"], "facesticker: selfie: --device and --source together (one source at a time)"),
        (["--source", "PHOTO", "--set", "brightness=10"], "facesticker: selfie: --set needs a camera, and PHOTO is a file"),
        (["--source", "PHOTO", "--set", "brightness"], "facesticker: --set: \"brightness\" is not CONTROL=VALUE (e.g. brightness=10)"),
        (["--source", "PHOTO", "-o", "OUT.gif"], "facesticker: OUT.gif: cannot write: unknown image type (use .png, .jpg or .jpeg)"),
        (["--source", "PHOTO", "--filter", "blur"], "facesticker: --filter: unknown filter \"blur\" (blur is an effect: --sticker blur)"),
        (["--source", "PHOTO", "extra"], "facesticker: selfie: unexpected argument extra (use --source PATH for a file)"),
    ])
    func badInputGivesOneLineAndExitOne(arguments: [String], message: String) throws {
        let dir = try TemporaryDirectory()
        let photo = dir.path("photo.png")
        try FileManager.default.copyItem(atPath: Fixtures.astronaut, toPath: photo)
        let fill = { (text: String) in
            text.replacingOccurrences(of: "PHOTO", with: photo).replacingOccurrences(of: "OUT", with: dir.path("out"))
        }
        let run = try CLIRun(["selfie", "--sticker", Self.sunglasses] + arguments.map(fill))
        // The command line's problems (an option, an argument) are usage errors, exit 2;
        // a device or file that cannot be used is bad input, exit 1.
        #expect(run.status == (message.hasPrefix("facesticker: --") || message.hasPrefix("facesticker: selfie: ") ? 2 : 1))
        #expect(run.stderrLines.count == 1, "\(run.stderr)")
        #expect(run.stderr.hasPrefix(fill(message)), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(dir.contents() == ["photo.png"], "nothing written, the source untouched")
    }

    @Test(.enabled(if: VideoDevices.paths().isEmpty, "this machine has a camera"))
    func withoutACameraItSaysSo() throws {
        let run = try CLIRun(["selfie"])
        #expect(run.status == 1)
        #expect(run.stderrLines == ["facesticker: selfie: no camera found (no /dev/video* on this machine); "
                                    + "use --source FILE for a video, photo or folder"])
    }

    @Test func helpListsEveryOption() throws {
        let run = try CLIRun(["help", "selfie"])
        for option in ["--device", "--source", "--size", "--skip", "--countdown", "--burst", "--no-mirror", "--sticker",
                       "--filter", "--detector", "--config", "--set", "-o", "--preview"] {
            #expect(run.stdout.contains(option), "\(option)")
        }
    }
}
