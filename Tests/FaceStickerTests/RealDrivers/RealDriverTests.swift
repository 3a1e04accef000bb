import FaceSticker
import Foundation
import Testing

/// The camera path on real kernel drivers: one QEMU boot (TCG) of Debian 12's own kernel with
/// vivid (two capture devices) and v4l2loopback 0.12.7 built from Debian's source (three
/// devices), running scripts/vm/guest.sh there; these tests assert on what each check left.
/// Serialized: only one test waits for the boot, so the rest of the suite goes on beside it.
/// Skipped, with the reason, where the guest cannot be built or started (RealDriverGuest).
@Suite(.serialized) struct RealDriverTests {
    /// The detector options guest.sh gives selfie: cheap enough for the emulated CPU.
    static let detect = ["--detector", "yunet", "--input-size", "320", "--verifier", "none", "--rotations", "none"]

    @Test func devicesDescribesBothVividCamerasAndTheLoopbacks() throws {
        let guest = try RealDriverGuest.booted()
        let text = try guest.check("devices")
        #expect(text.status == 0, "\(text.stderr)")
        for (path, card) in [("/dev/video0", "vivid"), ("/dev/video1", "vivid"), ("/dev/video12", "FaceSticker")] {
            #expect(text.stdout.contains("\(path): \(card)"), "\(text.stdout.prefix(2000))")
        }
        let json = try guest.check("devices-json")
        #expect(json.status == 0, "\(json.stderr)")
        let objects = try json.stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        let byPath = Dictionary(objects.map { ($0["path"] as? String ?? "", $0) }) { first, _ in first }
        let vivid = try #require(byPath["/dev/video0"])
        #expect(vivid["kind"] as? String == "camera")
        // vivid lists 83 formats: all of them, none cut at a bound.
        let formats = try #require(vivid["formats"] as? [[String: Any]])
        #expect(formats.count > 64)
        #expect(vivid["formatsTruncated"] as? Bool == false)
        let controls = try #require(vivid["controls"] as? [[String: Any]])
        let brightness = try #require(controls.first { $0["name"] as? String == "brightness" })
        // selfie --set brightness=200 ran before: the driver kept it.
        #expect(brightness["type"] as? String == "integer")
        #expect(brightness["value"] as? Int == 200, "\(brightness)")
        // The virtual camera nothing writes to yet: an output device, listed as one.
        let loopback = try #require(byPath["/dev/video12"])
        #expect(loopback["kind"] as? String == "output", "\(loopback)")
    }

    @Test(arguments: [("selfie-vivid-640", "selfie-vivid-640.png", 640, 480),
                      ("selfie-vivid-720", "selfie-vivid-720.jpg", 1280, 720)])
    func selfieFromVivid(check name: String, picture: String, width: Int, height: Int) throws {
        let guest = try RealDriverGuest.booted()
        let check = try guest.check(name)
        #expect(check.status == 0, "\(check.stderr)")
        let image = try ImageFile.read(path: guest.path(picture))
        #expect(image.width == width && image.height == height)
        #expect(check.stdout.contains(picture))
    }

    @Test func aControlOutOfRangeAndAnInactiveOneAreOneLineEach() throws {
        let guest = try RealDriverGuest.booted()
        let range = try guest.check("set-out-of-range")
        #expect(range.status == 1)
        #expect(range.stderrLines == ["facesticker: /dev/video0: --set brightness=999: outside 0...255"])
        let inactive = try guest.check("set-inactive")
        #expect(inactive.status == 0, "\(inactive.stderr)")
        #expect(inactive.stderrLines.filter { $0.contains("gain") }.count == 1)
        #expect(inactive.stderr.contains("inactive"))
        #expect(!inactive.stderr.contains("libv4l2"))
    }

    /// A loopback fed by ffmpeg with a face, in YUYV and in MJPEG (libv4l2 decodes it): the
    /// sticker in the saved selfie sits where `photo` puts it on the same picture here.
    @Test(arguments: [("selfie-loop-yuyv", "640x480"), ("selfie-loop-mjpeg", "1280x720")])
    func selfieFromALoopbackHasTheStickerOnTheFace(check name: String, size: String) throws {
        let guest = try RealDriverGuest.booted()
        let check = try guest.check(name)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("1 face(s)"), "\(check.stderr)")
        try Self.expectStickerAsOnTheHost(guest.path("\(name).png"), face: guest.path("face-\(size).png"))
    }

    @Test func liveFromVividRunsAtTheRateTheCameraGranted() throws {
        let guest = try RealDriverGuest.booted()
        let check = try guest.check("live-vivid")
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.contains("frames in"), "\(check.stderr)")
    }

    /// live --virtual-camera twice in a row on one loopback (no module reload between), read
    /// by ffmpeg in the guest: frames of the size asked, I420, with the sticker on the face.
    @Test(arguments: ["640x480", "1280x720"])
    func theVirtualCameraFeedsAConsumer(size: String) throws {
        let guest = try RealDriverGuest.booted()
        let live = try guest.check("vcam-\(size)")
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stderr.contains("/dev/video12 gets YU12 \(size)"), "\(live.stderr)")
        let consumer = guest.text("consumer-\(size).err")
        #expect(guest.text("consumer-\(size).status").hasPrefix("0"), "\(consumer.suffix(1500))")
        #expect(consumer.contains("yuv420p") && consumer.contains(size), "\(consumer.suffix(1500))")
        for frame in 1...8 {
            let image = try ImageFile.read(path: guest.path("vcam-\(size)-\(frame).png"))
            #expect("\(image.width)x\(image.height)" == size)
        }
        try Self.expectStickerAsOnTheHost(guest.path("vcam-\(size)-8.png"), face: guest.path("face-\(size).png"))
    }

    @Test func theCameraKeySwitchesCameras() throws {
        let guest = try RealDriverGuest.booted()
        let check = try guest.check("camera-switch")
        #expect(check.status == 0, "\(check.stdout.suffix(3000))")
        #expect(check.stdout.contains("1 test in 1 suite passed"), "\(check.stdout.suffix(3000))")
    }

    /// The camera disconnected, a fatal streaming error (vivid's own buttons, pressed while live
    /// streams), and the program feeding a loopback killed: one line and exit 1, within 10 s.
    @Test(arguments: [("disconnect", "the camera was disconnected"),
                      ("streaming-error", "/dev/video0"),
                      ("writer-stops", "no frame in")])
    func aCameraThatFailsEndsLiveWithOneLine(check name: String, says: String) throws {
        let guest = try RealDriverGuest.booted()
        let check = try guest.check(name)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.linesAfterStart.count == 1, "\(check.stderr)")
        #expect(check.linesAfterStart.first?.hasPrefix("facesticker: ") == true)
        #expect(check.stderr.contains(says), "\(check.stderr)")
        let after = try #require(check.secondsAfterFault)
        #expect(after < 10, "exit \(after) s after the fault")
    }

    /// The guest's picture `picture` has the sticker where `photo` puts it on `face` here: in the
    /// pixels the sticker changes on the host, the guest's picture is much nearer the stickered
    /// picture than the plain one.
    static func expectStickerAsOnTheHost(_ picture: String, face: String,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let dir = try TemporaryDirectory()
        let expected = dir.path("expected.png")
        let run = try CLIRun(["photo", face, "-o", expected] + detect)
        #expect(run.status == 0, "\(run.stderr)", sourceLocation: sourceLocation)
        let got = try ImageFile.read(path: picture)
        let stickered = try ImageFile.read(path: expected), plain = try ImageFile.read(path: face)
        try #require(got.width == plain.width && got.height == plain.height, sourceLocation: sourceLocation)
        var changed = 0, toStickered = 0, toPlain = 0
        for i in Swift.stride(from: 0, to: plain.pixels.count, by: 4) {
            func distance(_ a: RGBAImage, _ b: RGBAImage) -> Int {
                (0..<3).reduce(0) { $0 + abs(Int(a.pixels[i + $1]) - Int(b.pixels[i + $1])) }
            }
            guard distance(stickered, plain) > 90 else { continue }
            changed += 1
            toStickered += distance(got, stickered)
            toPlain += distance(got, plain)
        }
        #expect(changed > 500, "the host's photo changed only \(changed) pixels", sourceLocation: sourceLocation)
        let near = toStickered / max(changed, 1), far = toPlain / max(changed, 1)
        #expect(toStickered * 3 < toPlain,
                "in the \(changed) sticker pixels: \(near) from the stickered photo, \(far) from the plain one",
                sourceLocation: sourceLocation)
    }
}
