@testable import FaceSticker
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `--virtual-camera` against the scripted V4L2 fake: the exact calls, the
/// format negotiated, the frames written, and each way a device can say no.
@Suite struct VirtualCameraTests {
    static func loopback() -> ScriptedV4L2 {
        let fake = ScriptedV4L2()
        fake.devices = ["/dev/video9"]
        fake.capability = V4L2Capability(driver: "v4l2 loopback", card: "FaceSticker", busInfo: "platform:v4l2loopback-000",
                                         capabilities: V4L2Capability.videoOutput | V4L2Capability.streaming)
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
        #expect(fake.log == ["open", "QUERYCAP", "S_FMT output YU12 176x144",
                             "write \(size)", "write \(size)", "write \(size)", "close"])
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
        #expect(fake.log == ["open", "QUERYCAP", "S_FMT output YU12 4x2", "S_FMT output YUYV 4x2", "write 16", "close"])
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

    @Test func aCameraIsNotAnOutputDevice() throws {
        let fake = ScriptedV4L2()
        #expect {
            try VirtualCamera(path: "/dev/video0", width: 176, height: 144, system: fake)
        } throws: { error in
            "\(error)".hasPrefix("/dev/video0: not a video output device") && "\(error)".contains("modprobe v4l2loopback")
        }
        #expect(fake.openFds.isEmpty)
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
