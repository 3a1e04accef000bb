@testable import FaceSticker
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `--virtual-camera` against the scripted V4L2 fake: the exact calls, the
/// format negotiated, the frames written, and each way a device can say no;
/// and v4l2loopback 0.12.7's capabilities as writers come and go (`ScriptedV4L2.Loopback`).
@Suite struct VirtualCameraTests {
    /// A v4l2loopback device as 0.12.7 answers: any size up to 8192x8192, sizeimage rounded up to a page.
    static func loopback() -> ScriptedV4L2 {
        let fake = ScriptedV4L2()
        fake.devices = ["/dev/video9"]
        fake.capability = V4L2Capability(driver: "v4l2 loopback", card: "FaceSticker", busInfo: "platform:v4l2loopback-000",
                                         capabilities: V4L2Capability.videoOutput | V4L2Capability.streaming)
        fake.maxSize = (8192, 8192)
        return fake
    }

    /// The same, loaded with exclusive_caps=1: its capabilities follow its writers.
    static func exclusiveLoopback() -> ScriptedV4L2 {
        let fake = loopback()
        fake.loopback = ScriptedV4L2.Loopback()
        return fake
    }

    static func frame(_ width: Int, _ height: Int, seed: Int = 0) -> YUVFrame {
        var frame = YUVFrame(width: width, height: height, y: 16)
        for i in 0..<frame.data.count { frame.data[i] = UInt8(truncatingIfNeeded: i * 7 + seed) }
        return frame
    }

    @Test func negotiatesYU12AndWritesEachFrameWhole() throws {
        let fake = Self.loopback()
        let camera = try VirtualCamera(path: "/dev/video9", width: 176, height: 144, system: fake)
        #expect(camera.format.fourcc == FourCC("YU12"))
        #expect(camera.format.width == 176 && camera.format.height == 144)
        let frames = [Self.frame(176, 144, seed: 1), Self.frame(176, 144, seed: 2), Self.frame(176, 144, seed: 3)]
        for frame in frames { try camera.write(frame) }
        try camera.finish()
        let size = YUVFrame.byteCount(width: 176, height: 144)
        #expect(fake.log == ["open", "QUERYCAP", "S_FMT output YU12 176x144", "STREAMON output",
                             "write \(size)", "write \(size)", "write \(size)", "STREAMOFF output", "close"])
        #expect(fake.written == frames.map(\.data), "each frame's planes, unchanged, one write each")
        #expect(fake.openFds.isEmpty)
    }

    @Test func fallsBackToYUYVAndPacksTheChroma() throws {
        let fake = Self.loopback()
        fake.outputFormats = [.yuyv]
        let camera = try VirtualCamera(path: "/dev/video9", width: 4, height: 2, system: fake)
        #expect(camera.format.fourcc == .yuyv)
        var frame = YUVFrame(width: 4, height: 2, y: 0)
        frame.data = [10, 11, 12, 13, 20, 21, 22, 23, /* U */ 100, 101, /* V */ 200, 201]
        try camera.write(frame)
        try camera.finish()
        #expect(fake.log == ["open", "QUERYCAP", "S_FMT output YU12 4x2", "S_FMT output YUYV 4x2", "STREAMON output",
                             "write 16", "STREAMOFF output", "close"])
        #expect(fake.written == [[10, 100, 11, 200, 12, 101, 13, 201, 20, 100, 21, 200, 22, 101, 23, 201]])
    }

    @Test func aDeviceThatAnswersWithAnotherCodeIsNotWrittenInIt() throws {
        let fake = Self.loopback()
        fake.outputSubstitutes = [FourCC("YU12"): FourCC("NV12")]
        let camera = try VirtualCamera(path: "/dev/video9", width: 8, height: 8, system: fake)
        #expect(camera.format.fourcc == .yuyv, "NV12 is not what we write: YUYV is asked next")
    }

    @Test func aDeviceThatRefusesEveryFormatIsAClearError() throws {
        let fake = Self.loopback()
        fake.outputFormats = []
        #expect {
            try VirtualCamera(path: "/dev/video9", width: 176, height: 144, system: fake)
        } throws: { error in
            "\(error)" == "/dev/video9: the device refused the format 176x144 (YU12 refused, YUYV refused)"
        }
        #expect(fake.openFds.isEmpty, "closed again")
    }

    @Test func aDeviceThatChangesTheSizeIsAClearError() throws {
        let fake = Self.loopback()
        fake.maxSize = (640, 480)
        #expect {
            try VirtualCamera(path: "/dev/video9", width: 1280, height: 720, system: fake)
        } throws: { error in
            "\(error)".contains("the device took 640x480 instead of 1280x720")
        }
        #expect(fake.openFds.isEmpty)
    }

    /// v4l2loopback rounds sizeimage up to a whole page (640x480 YU12: 462848 for 460800); a
    /// frame is still exactly one write(2) of the frame's own bytes.
    @Test(arguments: [(640, 480), (1280, 720), (1920, 1080), (176, 144)])
    func takesASizeimageRoundedUpToAPage(width: Int, height: Int) throws {
        let fake = Self.loopback()
        let camera = try VirtualCamera(path: "/dev/video9", width: width, height: height, system: fake)
        let size = YUVFrame.byteCount(width: width, height: height)
        #expect(camera.format.fourcc == FourCC("YU12"))
        #expect(camera.format.imageSize == (size + 4095) / 4096 * 4096)
        if (width, height) == (640, 480) { #expect(camera.format.imageSize == 462_848) }
        let frame = Self.frame(width, height, seed: 5)
        try camera.write(frame)
        try camera.finish()
        #expect(fake.written == [frame.data], "one write of exactly one frame")
        #expect(camera.framesWritten == 1)
    }

    @Test func aSizeimageTooSmallForAFrameTriesYUYVNext() throws {
        let fake = Self.loopback()
        fake.outputImageSizes[FourCC("YU12")] = 4096
        let camera = try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
        #expect(camera.format.fourcc == .yuyv)
        try camera.write(Self.frame(640, 480))
        try camera.finish()
        #expect(fake.written.map(\.count) == [2 * 640 * 480])
    }

    @Test func sizeimagesTooSmallForEveryFormatAreOneLineNamingEach() throws {
        let fake = Self.loopback()
        fake.outputImageSizes = [FourCC("YU12"): 4096, .yuyv: 8192]
        #expect {
            try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
        } throws: { error in
            "\(error)" == "/dev/video9: the device refused the format 640x480 (YU12 answered with a 4096-byte buffer "
                + "for a 460800-byte frame, YUYV answered with a 8192-byte buffer for a 614400-byte frame)"
        }
        #expect(fake.openFds.isEmpty)
    }

    /// A driver that does not stream output (older v4l2loopback, others) still takes write(2).
    @Test(arguments: [EINVAL, ENOTTY])
    func aDriverThatCannotStreamOutputIsWrittenAllTheSame(code: Int32) throws {
        let fake = Self.loopback()
        fake.failingCalls["STREAMON output"] = code
        let camera = try VirtualCamera(path: "/dev/video9", width: 176, height: 144, system: fake)
        try camera.write(Self.frame(176, 144))
        try camera.finish()
        #expect(fake.written.count == 1)
        #expect(!fake.log.contains("STREAMOFF output"), "nothing to stop")
        #expect(fake.log.last == "close")
    }

    @Test func aStreamonFailureIsOneLine() throws {
        let fake = Self.loopback()
        fake.failingCalls["STREAMON output"] = EIO
        #expect {
            try VirtualCamera(path: "/dev/video9", width: 176, height: 144, system: fake)
        } throws: { error in
            "\(error)" == "/dev/video9: cannot start streaming: Input/output error"
        }
        #expect(fake.openFds.isEmpty)
    }

    /// v4l2loopback 0.12.7, exclusive_caps=1: a writer that only write(2)s leaves the device with
    /// neither output nor capture once it closes; STREAMON makes the writer one that gives the
    /// output side back, so a second run works without reloading the module.
    @Test func aSecondRunOnTheSameLoopbackWorks() throws {
        let fake = Self.exclusiveLoopback()
        for run in 1...2 {
            let camera = try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
            try camera.write(Self.frame(640, 480, seed: run))
            try camera.finish()
        }
        #expect(fake.written.count == 2)
        #expect(fake.loopback?.readyForOutput == true, "an output device again")

        // What ffmpeg (and this program before) did: S_FMT and write(2) only.
        let fd = try fake.openOutput("/dev/video9")
        _ = try fake.setOutputFormat(fd, V4L2PixelFormat(width: 640, height: 480, fourcc: FourCC("YU12")))
        _ = try [UInt8](repeating: 0, count: 460_800).withUnsafeBytes { bytes throws(V4L2SystemError) in try fake.write(fd, bytes) }
        fake.close(fd)
        #expect {
            try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
        } throws: { error in
            "\(error)".hasPrefix("/dev/video9: this v4l2loopback device lost its output side") && "\(error)".contains("modprobe -r")
        }
        fake.loopback?.reload()
        _ = try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
    }

    /// Another program writing to the loopback: one line that says so, not how to load the module.
    @Test(arguments: ["writer", "open", "S_FMT"])
    func aBusyLoopbackSaysAnotherProgramIsWritingToIt(how: String) throws {
        let fake = Self.exclusiveLoopback()
        var first: VirtualCamera?
        switch how {
        case "writer": first = try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
        case "open": fake.failures[.open] = EBUSY
        default: fake.failures[.setFormat] = EBUSY
        }
        #expect {
            try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
        } throws: { error in
            "\(error)" == "/dev/video9: the device is busy (another program is writing to it)"
        }
        try first?.finish()
        #expect(fake.openFds.isEmpty)
    }

    @Test func aCaptureDeviceIsNotAVirtualCamera() throws {
        let fake = ScriptedV4L2()
        fake.capability.driver = "vivid"
        #expect {
            try VirtualCamera(path: "/dev/video0", width: 176, height: 144, system: fake)
        } throws: { error in
            "\(error)".hasPrefix("/dev/video0: a video capture device (a camera), not a v4l2loopback output")
                && "\(error)".contains("modprobe v4l2loopback")
        }
        #expect(fake.openFds.isEmpty)
    }

    @Test func aNodeThatIsNeitherIsNotAnOutputDevice() throws {
        let fake = ScriptedV4L2()
        fake.capability.capabilities = V4L2Capability.metadataCapture | V4L2Capability.streaming
        #expect {
            try VirtualCamera(path: "/dev/video0", width: 176, height: 144, system: fake)
        } throws: { error in
            "\(error)".hasPrefix("/dev/video0: not a video output device") && "\(error)".contains("modprobe v4l2loopback")
        }
        #expect(fake.openFds.isEmpty)
    }

    /// `selfie --device` / `live --device` on a loopback: nothing to read until a writer feeds it,
    /// then a camera, until the writer closes.
    @Test func aLoopbackIsACameraOnlyWhileSomethingWritesToIt() throws {
        let fake = Self.exclusiveLoopback()
        #expect {
            try V4L2Camera(path: "/dev/video9", system: fake)
        } throws: { error in
            "\(error)" == "/dev/video9: nothing is writing to this v4l2loopback device yet (start the program that feeds it first)"
        }
        let writer = try VirtualCamera(path: "/dev/video9", width: 640, height: 480, system: fake)
        let camera = try V4L2Camera(path: "/dev/video9", system: fake)
        #expect(camera.capability.canCapture)
        camera.close()
        try writer.finish()
        #expect(throws: FaceStickerError.self) { try V4L2Camera(path: "/dev/video9", system: fake) }
    }

    @Test func aMissingDeviceSaysHowToLoadTheModule() throws {
        #expect {
            try VirtualCamera(path: "/dev/video7", width: 176, height: 144, system: Self.loopback())
        } throws: { error in
            "\(error)".hasPrefix("/dev/video7: no such device") && "\(error)".contains("modprobe v4l2loopback")
        }
    }

    @Test(Fixtures.needsYuNet, arguments: [ENODEV, EIO])
    func aDeviceThatDisappearsStopsTheRunWithOneLine(code: Int32) throws {
        let fake = Self.loopback()
        fake.failWritesAfter = (frames: 10, code: code)
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        let camera = try VirtualCamera(path: "/dev/video9", width: source.width, height: source.height, system: fake)
        #expect {
            _ = try LiveFixtures.run(source, sinks: [camera], options: LiveFixtures.options(paced: false))
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("/dev/video9: ") && !text.contains("\n")
                && (code == ENODEV ? text.contains("the device disappeared") : text.contains("cannot write a frame"))
        }
        #expect(fake.written.count == 10)
        #expect(fake.openFds.isEmpty, "the device is closed")
    }

    @Test(Fixtures.needsYuNet) func theLiveLoopFeedsTheVirtualCameraEveryFrame() throws {
        let fake = Self.loopback()
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        let camera = try VirtualCamera(path: "/dev/video9", width: source.width, height: source.height, system: fake)
        let summary = try LiveFixtures.run(source, sinks: [camera], options: LiveFixtures.options(paced: false))
        #expect(summary.framesOut == 120)
        #expect(fake.written.count == 120)
        #expect(fake.log.first == "open" && fake.log.last == "close")
    }
}
