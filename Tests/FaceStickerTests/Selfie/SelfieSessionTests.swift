@testable import FaceSticker
import Foundation
import Testing

/// The selfie pipeline end to end from files and from the scripted camera.
@Suite(Fixtures.needsYuNet) struct SelfieSessionTests {
    @Test func fromAStillPhoto() throws {
        let source = try StillImageSource(path: Fixtures.astronaut)
        let session = SelfieSession(source: source, detector: try Fixtures.detector(.yunet), options: SelfieOptions(burst: 3))
        #expect(!session.mirrored, "files are not mirrored by default")
        let shot = try session.capture()
        #expect(shot.scores.count == 3)
        #expect(shot.index == 0, "identical frames: the first wins")
        #expect(shot.faces.count == 1)
        let box = try #require(shot.faces.first?.box)
        #expect(box.iou(Fixtures.astronautFace) > 0.5)
    }

    @Test func mirroringFlipsThePictureAndTheFaces() throws {
        let image = try ImageFile.read(path: Fixtures.astronaut)
        let session = SelfieSession(source: StillImageSource(image: image, name: "astronaut"),
                                    detector: try Fixtures.detector(.yunet), options: SelfieOptions(burst: 1, mirror: true))
        let shot = try session.capture()
        #expect(shot.image == image.mirrored())
        let box = try #require(shot.faces.first?.box)
        let expected = Rect(x: 512 - Fixtures.astronautFace.maxX, y: Fixtures.astronautFace.y,
                            width: Fixtures.astronautFace.width, height: Fixtures.astronautFace.height)
        #expect(box.iou(expected) > 0.5)
    }

    @Test func fromAVideoFileSkippingWarmUpFrames() throws {
        let source = try VideoFileSource(path: Fixtures.carphone)
        defer { source.close() }
        let session = SelfieSession(source: source, detector: try Fixtures.detector(.yunet),
                                    options: SelfieOptions(warmUp: 20, burst: 6))
        let shot = try session.capture()
        #expect(session.framesRead == 26)
        #expect(shot.scores.count == 6)
        #expect(shot.image.width == 176 && shot.image.height == 144)
        #expect(!shot.faces.isEmpty, "the man in the car is found")
        let best = shot.scores[shot.index].value
        #expect(shot.scores.allSatisfy { $0.value <= best })
    }

    @Test func aShortVideoEndsTheBurstEarlyAndTooMuchSkippingIsAnError() throws {
        let path = Fixtures.carphone
        let short = SelfieSession(source: try VideoFileSource(path: path), detector: try Fixtures.detector(.yunet),
                                  options: SelfieOptions(warmUp: 117, burst: 10))
        #expect(try short.capture().scores.count == 3, "120 frames: 117 skipped, 3 left")
        let none = SelfieSession(source: try VideoFileSource(path: path), detector: try Fixtures.detector(.yunet),
                                 options: SelfieOptions(warmUp: 500))
        #expect(throws: FaceStickerError.unreadable(
            path: path, reason: "the source ended after 120 frame(s), before the capture (skipping 500; lower \(setting: .skip))")) {
            try none.capture()
        }
    }

    @Test func aCameraWarmsUpForASecondAndIsMirrored() throws {
        let fake = ScriptedV4L2()
        let image = try ImageFile.read(path: Fixtures.astronaut)
        fake.maxSize = (512, 512)
        fake.interval = 1.0 / 15
        // An MJPEG-only camera: libv4l2 gives RGB24.
        fake.formats = [V4L2FormatDescription(fourcc: .mjpeg, description: "Motion-JPEG", compressed: true)]
        fake.endless = .frame(image)
        let source = try CameraSource(path: "/dev/video0", width: 512, height: 512, system: fake)
        #expect(source.defaultWarmUp == 15)
        let session = SelfieSession(source: source, detector: try Fixtures.detector(.yunet), options: SelfieOptions(burst: 2))
        #expect(session.mirrored)
        let shot = try session.capture()
        #expect(session.framesRead == 17)
        // The camera's frames are YUV (BT.601): the picture is its RGB24 frames', through I420.
        let captured = YUVConversion.rgba(YUVConversion.frame(image, matrix: .bt601), matrix: .bt601)
        #expect(shot.image == captured.mirrored())
        #expect(shot.faces.count == 1)
        source.close()
        #expect(fake.isClean)
    }

    @Test func aCameraThatStallsDuringWarmUpFailsWithinItsTimeOut() throws {
        let fake = ScriptedV4L2()
        fake.steps = Array(repeating: .frame(RGBAImage(width: 4, height: 3)), count: 5)
        let source = try CameraSource(path: "/dev/video0", width: 4, height: 3, system: fake)
        let session = SelfieSession(source: source, detector: try Fixtures.detector(.haar), options: SelfieOptions())
        #expect(throws: FaceStickerError.unreadable(
            path: "/dev/video0", reason: "no frame in 3.0 s: the camera stopped delivering frames")) {
            try session.capture()
        }
    }

    @Test func controlsAreSetBeforeStreaming() throws {
        let fake = CameraControls.camera()
        let source = try CameraSource(path: "/dev/video0", controls: [ControlSetting(name: "brightness", value: "7")],
                                      system: fake)
        #expect(source.controlChanges.map(\.summary) == ["brightness = 7"])
        let set = try #require(fake.log.firstIndex { $0.hasPrefix("S_CTRL") })
        let streamOn = try #require(fake.log.firstIndex(of: "STREAMON"))
        #expect(set < streamOn)
    }

    @Test func countdownTicksEachSecond() throws {
        let source = StillImageSource(image: RGBAImage(width: 8, height: 8), name: "grey")
        let session = SelfieSession(source: source, detector: try Fixtures.detector(.haar),
                                    options: SelfieOptions(countdown: 2, burst: 1))
        var ticks: [Int] = []
        session.onCountdown = { ticks.append($0) }
        let shot = try session.capture()
        #expect(ticks == [2, 1])
        #expect(shot.faces.isEmpty)
    }
}
