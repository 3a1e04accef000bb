@testable import FaceSticker
import Testing

/// The real libv4l2 path: errors here, a capture where a camera exists.
@Suite struct RealCameraTests {
    static let devices = VideoDevices.paths()

    @Test func devNullIsNotACamera() {
        #expect(throws: FaceStickerError.unreadable(path: "/dev/null", reason: "not a V4L2 video device")) {
            try V4L2Camera(path: "/dev/null")
        }
    }

    @Test func aMissingDeviceIsNamed() {
        #expect(throws: FaceStickerError.unreadable(path: "/dev/video-missing", reason: "no such device")) {
            try V4L2Camera(path: "/dev/video-missing")
        }
    }

    @Test func aRegularFileIsNotACamera() {
        #expect(throws: FaceStickerError.unreadable(path: Fixtures.astronaut, reason: "not a V4L2 video device")) {
            try V4L2Camera(path: Fixtures.astronaut)
        }
    }

    /// libv4l2 prints lines of its own to stderr (`libv4l2: error setting pixformat: Device or
    /// resource busy` before ours for a busy camera) unless its log file is set: the first
    /// `V4L2()` points it elsewhere, so a failure is our one line.
    @Test func libv4l2LogsAwayFromStderr() {
        _ = V4L2()
        #expect(V4L2.logIsQuiet)
    }

    @Test(.enabled(if: !devices.isEmpty, "no /dev/video* device on this machine"))
    func capturesFromTheFirstCamera() throws {
        // The first node that captures (a UVC camera's second node is metadata).
        let path = try #require(Self.devices.first { V4L2DeviceReport.probe(path: $0).problem == nil })
        let source = try CameraSource(path: path, width: 320, height: 240)
        defer { source.close() }
        let frame = try #require(try source.next())
        #expect(frame.width > 0 && frame.height > 0)
        #expect(try source.camera.formats().isEmpty == false)
        #expect(source.summary.hasPrefix("\(path) "), "\(source.summary)")
    }
}
