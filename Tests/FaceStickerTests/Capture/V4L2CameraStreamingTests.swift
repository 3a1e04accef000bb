@testable import FaceSticker
#if canImport(Glibc)
import Glibc
#endif
import Testing

extension V4L2CameraTests {
    // MARK: Failures while streaming

    @Test func aCameraThatStopsDeliveringTimesOut() throws {
        let fake = ScriptedV4L2()
        fake.steps = [.frame(Self.pattern), .timeout]
        let camera = try streamingCamera(fake)
        camera.frameTimeoutMs = 1500
        _ = try camera.readFrame()
        #expect(throws: FaceStickerError.unreadable(
            path: "/dev/video0", reason: "no frame in 1.5 s: the camera stopped delivering frames")) {
            try camera.readFrame()
        }
        camera.close()
        #expect(fake.isClean)
    }

    @Test func aSpuriousWakeIsRetried() throws {
        let fake = ScriptedV4L2()
        fake.steps = [.again, .again, .frame(Self.pattern)]
        let camera = try streamingCamera(fake)
        #expect(try camera.readFrame() == Self.frame)
    }

    @Test func damagedFramesAreSkippedThenGivenUpOn() throws {
        let fake = ScriptedV4L2()
        fake.steps = [.damaged, .dequeueError(EIO), .frame(Self.pattern)]
        fake.endless = .damaged
        let camera = try streamingCamera(fake)
        camera.maxDamagedFrames = 5
        #expect(try camera.readFrame() == Self.frame)
        #expect(throws: FaceStickerError.unreadable(path: "/dev/video0", reason: "the camera delivered 6 damaged frames in a row")) {
            try camera.readFrame()
        }
        #expect(fake.queued.count == 4, "damaged buffers went back to the driver")
    }

    @Test(arguments: [
        (ScriptedV4L2.Step.pollError(ENODEV), "/dev/video0: the camera was disconnected"),
        (.pollError(EIO), "/dev/video0: the camera reported an error while streaming"),
        (.dequeueError(ENODEV), "/dev/video0: the camera was disconnected"),
    ])
    func anUnpluggedCameraSaysSo(step: ScriptedV4L2.Step, message: String) throws {
        let fake = ScriptedV4L2()
        fake.steps = [step]
        let camera = try streamingCamera(fake)
        do {
            _ = try camera.readFrame()
            Issue.record("read a frame from an unplugged camera")
        } catch {
            #expect("\(error)" == message)
        }
        camera.close()
        #expect(fake.isClean)
    }

    /// ENODEV: unplugged; EIO: the queue's fatal error, as vivid's "Inject Fatal Streaming Error" gives it.
    @Test(arguments: [(ENODEV, "the camera was disconnected"), (EIO, "the camera reported an error while streaming")])
    func aFailedRequeueIsReported(code: Int32, reason: String) throws {
        let fake = ScriptedV4L2()
        fake.steps = [.frame(Self.pattern)]
        let camera = try streamingCamera(fake)
        fake.failures[.queueBuffer] = code
        #expect(throws: FaceStickerError.unreadable(path: "/dev/video0", reason: reason)) {
            try camera.readFrame()
        }
    }

    @Test func readingNeedsStreaming() throws {
        let fake = ScriptedV4L2()
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        #expect(throws: FaceStickerError.invalidArgument("/dev/video0: not streaming")) { try camera.readFrame() }
        camera.close()
        #expect(throws: FaceStickerError.self) { try camera.start(width: 4, height: 3) }
    }

    @Test func stopAndCloseAreIdempotentAndDeinitCleansUp() throws {
        let fake = ScriptedV4L2()
        var camera: V4L2Camera? = try streamingCamera(fake)
        camera?.stop()
        camera?.stop()
        #expect(camera?.state == .open)
        try camera?.start(width: 4, height: 3)
        camera = nil
        #expect(fake.isClean)
        #expect(fake.log.suffix(2) == ["REQBUFS 0", "close"])
    }

    // MARK: Formats

    @Test func listsFormatsAndSizes() throws {
        let fake = ScriptedV4L2()
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        #expect(try camera.formats().map(\.fourcc) == [.mjpeg, .yuyv])
        #expect(try camera.frameSizes(for: .mjpeg) == [.discrete(width: 1280, height: 720), .discrete(width: 640, height: 480)])
        #expect(try camera.frameSizes(for: FourCC("GREY")).isEmpty)
    }

    @Test func fourCCsPackLittleEndian() {
        #expect(FourCC("YUYV").rawValue == 0x5659_5559)
        #expect(FourCC.rgb24.description == "RGB3")
        #expect(FourCC(rawValue: 0x0000_3147).description == "G1??")
        #expect(FourCC("AB").description == "AB  ")
    }
}
