@testable import FaceSticker
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// The capture state machine against the scripted driver: every step from
/// open to close, and each failure on the way.
@Suite struct V4L2CameraTests {
    /// A 4x3 picture whose every pixel differs, to check pixels land where they belong.
    static let pattern: RGBAImage = {
        var image = RGBAImage(width: 4, height: 3)
        for y in 0..<3 { for x in 0..<4 { image[x, y] = (UInt8(x * 60), UInt8(y * 100), UInt8(200 - x * 10 - y), 255) } }
        return image
    }()

    /// The pattern as the scripted camera's YUYV reaches I420: luma as sent, each chroma
    /// sample the rounded mean of the two rows' (the odd last row's as it is).
    static let frame: YUVFrame = {
        let rows = (0..<3).map { ScriptedV4L2.yuyv(pattern, row: $0) }
        var frame = YUVFrame(width: 4, height: 3, y: 0)
        for y in 0..<3 { for x in 0..<4 { frame.data[y * 4 + x] = rows[y][2 * x] } }
        for cy in 0..<2 {
            for cx in 0..<2 {
                let top = rows[2 * cy], bottom = rows[min(2 * cy + 1, 2)]
                frame.data[frame.uOffset + cy * 2 + cx] = UInt8((Int(top[4 * cx + 1]) + Int(bottom[4 * cx + 1]) + 1) / 2)
                frame.data[frame.vOffset + cy * 2 + cx] = UInt8((Int(top[4 * cx + 3]) + Int(bottom[4 * cx + 3]) + 1) / 2)
            }
        }
        return frame
    }()

    func streamingCamera(_ fake: ScriptedV4L2) throws -> V4L2Camera {
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        try camera.start(width: 4, height: 3)
        return camera
    }

    @Test func walksOpenNegotiateMapStreamDequeueRequeueStopClose() throws {
        let fake = ScriptedV4L2()
        fake.steps = [.frame(Self.pattern), .frame(Self.pattern)]
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        #expect(camera.state == .open)
        let format = try camera.start(width: 4, height: 3)
        #expect(format == V4L2PixelFormat(width: 4, height: 3, fourcc: .yuyv, bytesPerLine: 8, imageSize: 24))
        #expect(camera.state == .streaming)
        #expect(try camera.readFrame() == Self.frame)
        #expect(try camera.readFrame() == Self.frame)
        camera.close()
        #expect(camera.state == .closed)
        #expect(fake.log == [
            "open", "QUERYCAP", "ENUM_FMT", "ENUM_FMT", "ENUM_FMT",
            // YUYV's sizes (one, then the end), then MJPEG's (two, then the end): is 4x3 another format's only?
            "ENUM_FRAMESIZES", "ENUM_FRAMESIZES", "ENUM_FRAMESIZES", "ENUM_FRAMESIZES", "ENUM_FRAMESIZES",
            // No interval listed for 4x3 and no rate asked: the driver keeps its own (no S_PARM).
            "S_FMT", "ENUM_FRAMEINTERVALS", "G_PARM", "REQBUFS 4",
            "QUERYBUF 0", "mmap 0", "QUERYBUF 1", "mmap 1", "QUERYBUF 2", "mmap 2", "QUERYBUF 3", "mmap 3",
            "QBUF 0", "QBUF 1", "QBUF 2", "QBUF 3", "STREAMON",
            "poll", "DQBUF", "QBUF 0", "poll", "DQBUF", "QBUF 1",
            "STREAMOFF", "munmap 0", "munmap 1", "munmap 2", "munmap 3", "REQBUFS 0", "close",
        ])
        #expect(fake.isClean)
    }

    @Test func requeuesSoFramesKeepComingPastTheBufferCount() throws {
        let fake = ScriptedV4L2()
        fake.endless = .frame(Self.pattern)
        let camera = try streamingCamera(fake)
        for _ in 0..<20 { #expect(try camera.readFrame() == Self.frame) }
        #expect(fake.queued.count == 4, "every buffer is back with the driver")
    }

    @Test func asksForYUYVWhereOfferedElseRGB24() throws {
        let fake = ScriptedV4L2()
        _ = try streamingCamera(fake)
        #expect(fake.asked?.fourcc == .yuyv)
        let mjpegOnly = ScriptedV4L2()
        mjpegOnly.formats = [V4L2FormatDescription(fourcc: .mjpeg, description: "Motion-JPEG", compressed: true)]
        _ = try streamingCamera(mjpegOnly)
        #expect(mjpegOnly.asked?.fourcc == .rgb24, "libv4l2 converts MJPEG to RGB24")
        let unlisted = ScriptedV4L2()
        unlisted.failures[.enumerateFormat] = EIO
        _ = try streamingCamera(unlisted)
        #expect(unlisted.asked?.fourcc == .rgb24, "formats that cannot be listed: what libv4l2 always gives")
    }

    /// A webcam that sends 1280x720 only as MJPEG (the fake's default list: YUYV 640x480; MJPEG
    /// 1280x720 and 640x480) is asked for RGB24 at 1280x720, so libv4l2 decodes the MJPEG picture
    /// of that size; YUYV would get the nearest smaller one. At 640x480 it streams YUYV.
    @Test(arguments: [(1280, 720, FourCC.rgb24), (640, 480, .yuyv)])
    func aSizeOnlyAnotherFormatHasIsAskedAsRGB24(width: Int, height: Int, fourcc: FourCC) throws {
        let fake = ScriptedV4L2()
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        try camera.start(width: width, height: height)
        #expect(fake.asked?.fourcc == fourcc)
        #expect(fake.asked?.width == width && fake.asked?.height == height)
    }

    @Test func rgb24FramesAreConvertedWithBT601() throws {
        let fake = ScriptedV4L2()
        fake.delivers = .rgb24
        fake.steps = [.frame(Self.pattern)]
        let camera = try streamingCamera(fake)
        #expect(try camera.readFrame() == YUVConversion.frame(Self.pattern, matrix: .bt601))
    }

    @Test(arguments: [(FourCC.rgb24, 0), (.rgb24, 4), (.yuyv, 0), (.yuyv, 8)])
    func convertsEachPackedFormatHonouringRowPadding(fourcc: FourCC, padding: Int) throws {
        let fake = ScriptedV4L2()
        fake.delivers = fourcc
        fake.rowPadding = padding
        // Grey levels survive both formats (to within their rounding).
        var grey = RGBAImage(width: 6, height: 2)
        for y in 0..<2 { for x in 0..<6 { let v = UInt8(x * 40 + y * 15); grey[x, y] = (v, v, v, 255) } }
        fake.steps = [.frame(grey)]
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        try camera.start(width: 6, height: 2)
        let frame = YUVConversion.rgba(try camera.readFrame(), matrix: .bt601)
        #expect(frame.width == 6 && frame.height == 2)
        for y in 0..<2 {
            for x in 0..<6 {
                let got = frame[x, y], want = grey[x, y]
                #expect(abs(Int(got.0) - Int(want.0)) <= 1 && abs(Int(got.1) - Int(want.1)) <= 1
                        && abs(Int(got.2) - Int(want.2)) <= 1 && got.3 == 255, "pixel \(x),\(y) (tolerance 1)")
            }
        }
    }

    @Test func theDriverMayChooseTheSize() throws {
        let fake = ScriptedV4L2()
        fake.maxSize = (640, 480)
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        let format = try camera.start(width: 1920, height: 1080)
        #expect(format.width == 640 && format.height == 480)
        #expect(camera.format == format)
    }

    // MARK: Failures on the way in

    @Test(arguments: [
        (ScriptedV4L2.Operation.open, EBUSY, "/dev/video0: device is busy (another program is using the camera)"),
        (.open, EACCES, "/dev/video0: permission denied (is your user in the video group?)"),
        (.queryCapability, ENOTTY, "/dev/video0: not a V4L2 video device"),
    ])
    func openFailuresGiveOneLineAndLeakNothing(operation: ScriptedV4L2.Operation, code: Int32, message: String) {
        let fake = ScriptedV4L2()
        fake.failures[operation] = code
        #expect(throws: FaceStickerError.self) { try V4L2Camera(path: "/dev/video0", system: fake) }
        do {
            _ = try V4L2Camera(path: "/dev/video0", system: fake)
        } catch {
            #expect("\(error)" == message)
        }
        #expect(fake.isClean)
    }

    @Test func aMissingDeviceIsNamed() {
        let fake = ScriptedV4L2()
        #expect(throws: FaceStickerError.unreadable(path: "/dev/video7", reason: "no such device")) {
            try V4L2Camera(path: "/dev/video7", system: fake)
        }
    }

    @Test(arguments: [
        (V4L2Capability.metadataCapture | V4L2Capability.streaming, "a metadata node"),
        (V4L2Capability.videoOutput | V4L2Capability.streaming, "an output device"),
        (V4L2Capability.videoCaptureMultiplanar | V4L2Capability.streaming, "multi-planar"),
        (V4L2Capability.videoCapture, "does not support streaming"),
    ])
    func aDeviceThatCannotCaptureIsRefused(capabilities: UInt32, mention: String) {
        let fake = ScriptedV4L2()
        fake.capability.capabilities = capabilities
        do {
            _ = try V4L2Camera(path: "/dev/video0", system: fake)
            Issue.record("opened a device that cannot capture")
        } catch {
            #expect("\(error)".hasPrefix("/dev/video0: "))
            #expect("\(error)".contains(mention))
        }
        #expect(fake.isClean, "the fd is closed again")
    }

    @Test(arguments: [
        (ScriptedV4L2.Operation.setFormat, EINVAL, "the driver refused the format 4x3 YUYV"),
        (.setFormat, EBUSY, "device is busy"),
        (.requestBuffers, EBUSY, "device is busy"),
        (.requestBuffers, EINVAL, "does not support mmap streaming"),
        (.queryBuffer, EINVAL, "cannot map capture buffers"),
        (.map, ENOMEM, "not enough memory"),
        (.queueBuffer, EIO, "cannot queue capture buffers"),
        (.streamOn, ENOSPC, "not enough USB bandwidth to stream 4x3"),
        (.streamOn, EBUSY, "device is busy"),
        (.setFrameInterval, EIO, "cannot set the frame rate: Input/output error"),
    ])
    func startFailuresUndoEverything(operation: ScriptedV4L2.Operation, code: Int32, mention: String) throws {
        let fake = ScriptedV4L2()
        fake.intervals[ScriptedV4L2.intervalKey(.yuyv, 4, 3)] = [.discrete(V4L2Fraction(numerator: 1, denominator: 30))]
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        fake.failures[operation] = code
        do {
            try camera.start(width: 4, height: 3)
            Issue.record("start succeeded")
        } catch {
            #expect("\(error)".hasPrefix("/dev/video0: "))
            #expect("\(error)".contains(mention), "\(error)")
        }
        #expect(camera.state == .open)
        #expect(fake.mapped.isEmpty && !fake.streaming)
        // Once the fault clears, the same camera can start.
        fake.failures = [:]
        fake.steps = [.frame(Self.pattern)]
        try camera.start(width: 4, height: 3)
        #expect(try camera.readFrame() == Self.frame)
        camera.close()
        #expect(fake.isClean)
    }

    /// A busy camera (another program streams it) fails at S_FMT, where libv4l2 would print
    /// its own line (it logs away from stderr: `RealCameraTests`): the error is one line, as
    /// the CLI prints it after `facesticker: `.
    @Test func aBusyCameraIsOneLine() throws {
        let fake = ScriptedV4L2()
        fake.failures[.setFormat] = EBUSY
        #expect(throws: FaceStickerError.unreadable(path: "/dev/video0",
                                                    reason: "device is busy (another program is using the camera)")) {
            try CameraSource(path: "/dev/video0", system: fake)
        }
        #expect(fake.isClean)
    }

    @Test func aFailedMapUnmapsTheBuffersMappedBeforeIt() throws {
        let fake = ScriptedV4L2()
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        fake.failingCalls["mmap 2"] = ENOMEM
        #expect(throws: FaceStickerError.self) { try camera.start(width: 4, height: 3) }
        #expect(fake.log.suffix(6) == ["QUERYBUF 2", "mmap 2", "STREAMOFF", "munmap 0", "munmap 1", "REQBUFS 0"])
        #expect(fake.mapped.isEmpty && fake.buffersGranted == 0)
    }

    @Test func tooFewBuffersIsAnError() throws {
        let fake = ScriptedV4L2()
        fake.grantedBuffers = 1
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        #expect(throws: FaceStickerError.unreadable(path: "/dev/video0", reason: "the driver granted 1 capture buffer(s), 2 needed")) {
            try camera.start(width: 4, height: 3)
        }
        #expect(fake.mapped.isEmpty && fake.buffersGranted == 0)
    }

    @Test func anUnconvertibleFormatIsAnError() throws {
        let fake = ScriptedV4L2()
        fake.delivers = .mjpeg
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        #expect(throws: FaceStickerError.self) { try camera.start(width: 4, height: 3) }
        #expect(fake.buffersGranted == 0)
    }

    // MARK: Frame rate

    static func fraction(_ numerator: Int, _ denominator: Int) -> V4L2Fraction {
        V4L2Fraction(numerator: numerator, denominator: denominator)
    }

    /// After S_FMT the camera asks (S_PARM) for the fastest interval the driver lists for the
    /// format and size, or the one nearest the asked rate, and reads back what it granted.
    /// vivid starts at 5 fps though it lists up to 60.
    @Test(arguments: [
        ([V4L2FrameInterval.discrete(fraction(1, 5)), .discrete(fraction(1, 30)), .discrete(fraction(1, 60))], nil,
         fraction(1, 60)),
        ([.discrete(fraction(1, 30)), .discrete(fraction(1, 15))], 25.0, fraction(1, 30)),
        ([.discrete(fraction(1, 30)), .discrete(fraction(1, 15))], 20.0, fraction(1, 15)),
        ([.discrete(fraction(1001, 30000)), .discrete(fraction(1, 60))], 30.0, fraction(1001, 30000)),
        ([.stepwise(min: fraction(1, 60), max: fraction(1, 1), step: fraction(1, 1000))], nil, fraction(1, 60)),
        ([.stepwise(min: fraction(1, 60), max: fraction(1, 1), step: fraction(1, 1000))], 24.0, fraction(1000, 24000)),
        ([.stepwise(min: fraction(1, 60), max: fraction(1, 1), step: fraction(1, 1000))], 120.0, fraction(1, 60)),
        ([], 24.0, fraction(1000, 24000)),
    ] as [([V4L2FrameInterval], Double?, V4L2Fraction)])
    func asksForTheFastestListedRateOrTheNearestAsked(listed: [V4L2FrameInterval], fps: Double?, asked: V4L2Fraction) throws {
        let fake = ScriptedV4L2()
        fake.interval = 1.0 / 5
        fake.intervals = [ScriptedV4L2.intervalKey(.yuyv, 640, 480): listed]
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        try camera.start(width: 640, height: 480, fps: fps)
        #expect(fake.askedInterval == asked)
        #expect(camera.frameInterval == asked.seconds, "what G_PARM reads back")
        #expect(fake.log.firstIndex(of: "S_FMT") ?? 0 < fake.log.firstIndex(of: "S_PARM \(asked)") ?? -1,
                "asked for the negotiated format")
    }

    /// A driver that lists no intervals and is asked for no rate, or cannot set one (ENOTTY,
    /// EINVAL), streams at its own rate without a word.
    @Test(arguments: [(ScriptedV4L2.Operation.enumerateFrameInterval, ENOTTY), (.setFrameInterval, ENOTTY),
                      (.setFrameInterval, EINVAL)])
    func aDriverThatCannotSetTheRateKeepsItsOwn(operation: ScriptedV4L2.Operation, code: Int32) throws {
        let fake = ScriptedV4L2()
        fake.interval = 1.0 / 5
        fake.failures[operation] = code
        fake.steps = [.frame(Self.pattern)]
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        try camera.start(width: 640, height: 480)
        #expect(camera.frameInterval == 1.0 / 5)
        #expect(camera.state == .streaming)
        #expect(try camera.readFrame().width == 640)
        if operation == .enumerateFrameInterval { #expect(!fake.log.contains { $0.hasPrefix("S_PARM") }) }
    }

    @Test func theRateTheDriverGrantedIsTheOneReported() throws {
        let fake = ScriptedV4L2()
        fake.grants = Self.fraction(1, 25)
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        try camera.start(width: 640, height: 480, fps: 30)
        #expect(fake.askedInterval == Self.fraction(1, 30))
        #expect(camera.frameInterval == 1.0 / 25, "the rate the driver granted, not the one asked")
    }

    /// Webcams give 720p at 30 fps only in MJPEG: a camera listing YUYV 1280x720 at 10 fps and
    /// MJPEG 1280x720 at 30 is asked for RGB24 (libv4l2 decodes the MJPEG), unless the rate
    /// asked is one YUYV reaches; at 640x480, where YUYV is as fast, YUYV.
    @Test(arguments: [(1280, 720, nil, FourCC.rgb24, fraction(1, 30)), (1280, 720, 30.0, .rgb24, fraction(1, 30)),
                      (1280, 720, 15.0, .rgb24, fraction(1, 30)), (1280, 720, 10.0, .yuyv, fraction(1, 10)),
                      (640, 480, nil, .yuyv, fraction(1, 30)), (640, 480, 30.0, .yuyv, fraction(1, 30))]
          as [(Int, Int, Double?, FourCC, V4L2Fraction)])
    func aFormatTooSlowForTheRateGivesWayToMJPEG(width: Int, height: Int, fps: Double?, fourcc: FourCC,
                                                 interval: V4L2Fraction) throws {
        let fake = ScriptedV4L2()
        fake.sizes[.yuyv] = [.discrete(width: 1280, height: 720), .discrete(width: 640, height: 480)]
        fake.intervals = [
            ScriptedV4L2.intervalKey(.yuyv, 1280, 720): [.discrete(Self.fraction(1, 10)), .discrete(Self.fraction(1, 5))],
            ScriptedV4L2.intervalKey(.yuyv, 640, 480): [.discrete(Self.fraction(1, 30))],
            ScriptedV4L2.intervalKey(.mjpeg, 1280, 720): [.discrete(Self.fraction(1, 30))],
            ScriptedV4L2.intervalKey(.mjpeg, 640, 480): [.discrete(Self.fraction(1, 30))],
        ]
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        try camera.start(width: width, height: height, fps: fps)
        #expect(fake.asked?.fourcc == fourcc)
        #expect(fake.askedInterval == interval)
        #expect(camera.frameInterval == interval.seconds)
    }

    /// What live and selfie print about the camera: size, format and the granted rate.
    @Test func theSourceSaysWhatStreamsAndAtWhatRate() throws {
        let fake = ScriptedV4L2()
        fake.devices = ["/dev/null"]
        fake.intervals[ScriptedV4L2.intervalKey(.yuyv, 640, 480)] = [.discrete(Self.fraction(1, 60)),
                                                                     .discrete(Self.fraction(1, 24))]
        // `live --fps 24` on a camera: FrameSources hands the rate on.
        let source = try FrameSources.open("/dev/null", rate: FrameRate(whole: 24), system: fake)
        #expect((source as? CameraSource)?.summary == "/dev/null 640x480 YUYV at 24 fps")
        #expect(source.frameRate.value == 24)
        source.close()
        let best = try CameraSource(path: "/dev/null", system: fake)
        #expect(best.summary == "/dev/null 640x480 YUYV at 60 fps")
        #expect(best.defaultWarmUp == 60, "a second of frames at the granted rate")
        best.close()
        let ntsc = ScriptedV4L2()
        ntsc.intervals = [ScriptedV4L2.intervalKey(.mjpeg, 1280, 720): [.discrete(Self.fraction(1001, 30000))]]
        #expect(try CameraSource(path: "/dev/video0", width: 1280, height: 720, system: ntsc).summary
                == "/dev/video0 1280x720 RGB24 (converted by libv4l2) at 29.97 fps")
        let silent = ScriptedV4L2()
        silent.interval = nil
        silent.intervals = [:]
        #expect(try CameraSource(path: "/dev/video0", system: silent).summary == "/dev/video0 640x480 YUYV at an unreported rate")
    }
}
