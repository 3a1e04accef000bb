import FaceSticker
import Foundation
import Testing

/// The camera path on real kernel drivers: one QEMU boot (TCG) of Debian 12's own kernel with
/// vivid (two capture devices) and v4l2loopback 0.12.7 built from Debian's source (three
/// devices), running scripts/vm/guest.sh there; these tests assert on what each check left.
/// Serialized: only one test waits for the boot (`make test` runs this suite last, alone).
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
        let byPath = Dictionary(objects.map { ($0["device"] as? String ?? "", $0) }) { first, _ in first }
        let vivid = try #require(byPath["/dev/video0"])
        #expect(vivid["kind"] as? String == "camera")
        // vivid lists 83 formats: all of them, none cut at a bound.
        let formats = try #require(vivid["formats"] as? [[String: Any]])
        #expect(formats.count > 64)
        #expect(vivid["formatsTruncated"] as? Bool == false)
        let controls = try #require(vivid["controls"] as? [[String: Any]])
        let brightness = try #require(controls.first { $0["key"] as? String == "brightness" })
        // selfie --set brightness=200 ran before: the driver kept it.
        #expect(brightness["name"] as? String == "Brightness")
        #expect(brightness["type"] as? String == "integer")
        #expect(brightness["value"] as? Int == 200, "\(brightness)")
        // The virtual camera nothing writes to yet: an output device, listed as one.
        let loopback = try #require(byPath["/dev/video12"])
        #expect(loopback["kind"] as? String == "output", "\(loopback)")
    }

    // The checks of one kind are looped over, not parameterised: a test the guest could not
    // run is then one skip (or, under CI, one failure), never cases reported as passed (issue #41).
    @Test func selfieFromVivid() throws {
        let guest = try RealDriverGuest.booted()
        for (name, picture, width, height) in [("selfie-vivid-640", "selfie-vivid-640.png", 640, 480),
                                               ("selfie-vivid-720", "selfie-vivid-720.jpg", 1280, 720)] {
            let check = try guest.check(name)
            #expect(check.status == 0, "\(name): \(check.stderr)")
            let image = try ImageFile.read(path: guest.path(picture))
            #expect(image.width == width && image.height == height, "\(name)")
            #expect(check.stdout.contains(picture), "\(name)")
        }
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
    @Test func selfieFromALoopbackHasTheStickerOnTheFace() throws {
        let guest = try RealDriverGuest.booted()
        for (name, size) in [("selfie-loop-yuyv", "640x480"), ("selfie-loop-mjpeg", "1280x720")] {
            let check = try guest.check(name)
            #expect(check.status == 0, "\(name): \(check.stderr)")
            #expect(check.stderr.contains("1 face(s)"), "\(name): \(check.stderr)")
            try Self.expectStickerAsOnTheHost(guest.path("\(name).png"), face: guest.path("face-\(size).png"))
        }
    }

    @Test func liveFromVividRunsAtTheRateTheCameraGranted() throws {
        let guest = try RealDriverGuest.booted()
        let check = try guest.check("live-vivid")
        #expect(check.status == 0, "\(check.stderr)")
        // vivid starts at 5 fps; its fastest interval at 640x480 is 1/25 s. The rate asked for
        // and granted is asserted, not the speed the emulated CPU reaches.
        #expect(check.stderr.contains("live: camera /dev/video0 640x480 YUYV at 25 fps"), "\(check.stderr)")
        #expect(check.stderr.contains("frames in"), "\(check.stderr)")
    }

    /// live --virtual-camera twice in a row on one loopback (no module reload between), read
    /// by ffmpeg in the guest: frames of the size asked, I420, with the sticker on the face.
    @Test func theVirtualCameraFeedsAConsumer() throws {
        let guest = try RealDriverGuest.booted()
        for size in ["640x480", "1280x720"] { try Self.virtualCamera(guest, size: size) }
    }

    static func virtualCamera(_ guest: RealDriverGuest, size: String) throws {
        let live = try guest.check("vcam-\(size)")
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stderr.contains("/dev/video12 gets YU12 \(size)"), "\(live.stderr)")
        let consumer = guest.text("consumer-\(size).err")
        #expect(guest.text("consumer-\(size).status").hasPrefix("0"), "\(consumer.suffix(1500))")
        #expect(consumer.contains("yuv420p") && consumer.contains(size), "\(consumer.suffix(1500))")
        // guest.sh starts reading once the emulated detector (one answer in several frames) has
        // confirmed the face, however long that takes. From the first frame with the sticker
        // on, every frame has it: the hold spans detection rounds, not a count of frames (item 6).
        let host = try HostSticker(face: guest.path("face-\(size).png"))
        let frames = try (1...Self.consumerFrames).map { try host.agrees(guest.path("vcam-\(size)-\($0).png")) }
        let first = try #require(frames.firstIndex { $0.0 }, "no frame has the sticker: \(frames.map(\.1))")
        for (agrees, note) in frames[first...] { #expect(agrees, "\(note)") }
    }

    /// A moving face into the virtual camera on this slow machine (issue #42): the run ends
    /// well, says when the first sticker went out, its stats name the mesh's rate, and the
    /// consumer got 40 frames of the size asked from then on, each one the run sent
    /// (`.build/vm/results/vcam-clip-N.png`; looked at for one pair of sunglasses on his eyes
    /// on each: the note of #42), and the optical flow carried the face.
    @Test func theVirtualCameraFollowsAMovingFace() throws {
        let guest = try RealDriverGuest.booted()
        let live = try guest.check("vcam-clip")
        #expect(live.status == 0, "\(live.stderr)")
        #expect(live.stderr.contains("live: first sticker on frame "), "\(live.stderr)")
        #expect(live.stderr.contains(", mesh "), "\(live.stderr)")
        // The flow ran (its rate, not how fast: 2.8/s on one host, 0.5/s on a slower one).
        #expect(live.stderr.range(of: #"flow (0\.[1-9]|[1-9][0-9]*\.[0-9])/s"#, options: .regularExpression) != nil, "\(live.stderr)")
        #expect(guest.text("consumer-clip.status").hasPrefix("0"), "\(guest.text("consumer-clip.err").suffix(1500))")
        for index in [1, 40] {
            let frame = try ImageFile.read(path: guest.path("vcam-clip-\(index).png"))
            #expect(frame.width == 640 && frame.height == 480)
        }
    }

    /// Frames the guest's consumer reads from the virtual camera (guest.sh: 4 a second, 6 s).
    static let consumerFrames = 24

    /// Wrong devices, each one line naming what it is: a loopback nothing writes to yet, read as
    /// a camera; a camera given as the virtual camera; a loopback another run writes to; a
    /// camera another run streams from (without libv4l2's own line before ours).
    @Test func aWrongDeviceIsOneLineSayingWhatItIs() throws {
        let guest = try RealDriverGuest.booted()
        for (name, starts) in [
            ("no-writer", "facesticker: /dev/video12: nothing is writing to this v4l2loopback device yet"),
            ("not-loopback", "facesticker: /dev/video0: a video capture device (a camera), not a v4l2loopback output"),
            ("busy-loopback", "facesticker: /dev/video12: the device is busy (another program is writing to it)"),
            ("busy-camera", "facesticker: /dev/video0: device is busy (another program is using the camera)"),
        ] {
            let check = try guest.check(name)
            #expect(check.status == 1, "\(name): \(check.stderr)")
            let errors = check.stderrLines.filter { !$0.hasPrefix("live: ") && !$0.hasPrefix("selfie: ") && !$0.hasPrefix("detector: ") }
            #expect(errors.count == 1, "\(name): \(check.stderr)")
            #expect(errors.first?.hasPrefix(starts) == true, "\(name): \(check.stderr)")
        }
    }

    @Test func theCameraKeySwitchesCameras() throws {
        let guest = try RealDriverGuest.booted()
        let check = try guest.check("camera-switch")
        let output = check.stdout + check.stderr
        #expect(check.status == 0, "\(output.suffix(3000))")
        #expect(output.contains("1 test in 1 suite passed"), "\(output.suffix(3000))")
    }

    /// The camera disconnected, a fatal streaming error (vivid's own buttons, pressed while live
    /// streams), and the program feeding a loopback killed: one line and exit 1. How soon is not
    /// asserted (a busy machine slows the guest); guest.sh's log says it (1 to 4 s here), and a
    /// run that never ends is stopped by its guard there with Ctrl-C, exit 0, which fails here.
    @Test func aCameraThatFailsEndsLiveWithOneLine() throws {
        let guest = try RealDriverGuest.booted()
        for (name, says) in [("disconnect", "the camera was disconnected"),
                             ("streaming-error", "the camera reported an error while streaming"),
                             ("writer-stops", "no frame in")] {
            let check = try guest.check(name)
            #expect(check.status == 1, "\(name): \(check.stderr)")
            #expect(check.linesAfterStart.count == 1, "\(name): \(check.stderr)")
            #expect(check.linesAfterStart.first?.hasPrefix("facesticker: ") == true, "\(name)")
            #expect(check.stderr.contains(says), "\(name): \(check.stderr)")
        }
    }

    /// What `photo` makes of `face` here, to compare the guest's pictures of it with: in the
    /// pixels the sticker changes on the host, a guest picture with the sticker in the same
    /// place is much nearer the stickered picture than the plain one.
    struct HostSticker {
        let plain: RGBAImage
        let stickered: RGBAImage
        /// The byte offsets of the pixels the sticker changes.
        let changed: [Int]

        init(face: String) throws {
            let dir = try TemporaryDirectory()
            let expected = dir.path("expected.png")
            let run = try CLIRun(["photo", face, "-o", expected] + RealDriverTests.detect)
            try #require(run.status == 0, "\(run.stderr)")
            let plain = try ImageFile.read(path: face), stickered = try ImageFile.read(path: expected)
            changed = Swift.stride(from: 0, to: plain.pixels.count, by: 4).filter {
                Self.distance(stickered, plain, at: $0) > 90
            }
            self.plain = plain
            self.stickered = stickered
        }

        private static func distance(_ a: RGBAImage, _ b: RGBAImage, at i: Int) -> Int {
            (0..<3).reduce(0) { $0 + abs(Int(a.pixels[i + $1]) - Int(b.pixels[i + $1])) }
        }

        /// Whether `picture` has the sticker where the host put it; the note says by how much.
        func agrees(_ picture: String) throws -> (Bool, String) {
            let got = try ImageFile.read(path: picture)
            guard got.width == plain.width, got.height == plain.height else {
                return (false, "\(picture) is \(got.width)x\(got.height), not \(plain.width)x\(plain.height)")
            }
            let toStickered = changed.reduce(0) { $0 + Self.distance(got, stickered, at: $1) }
            let toPlain = changed.reduce(0) { $0 + Self.distance(got, plain, at: $1) }
            let near = toStickered / max(changed.count, 1), far = toPlain / max(changed.count, 1)
            return (changed.count > 500 && toStickered * 3 < toPlain,
                    "\(picture): in the \(changed.count) sticker pixels, \(near) from the stickered photo, \(far) from the plain one")
        }
    }

    static func expectStickerAsOnTheHost(_ picture: String, face: String,
                                         sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (agrees, note) = try HostSticker(face: face).agrees(picture)
        #expect(agrees, "\(note)", sourceLocation: sourceLocation)
    }
}
