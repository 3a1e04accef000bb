@testable import FaceSticker
import Foundation
import Testing

/// The checks that need the library itself rather than the CLI, run by
/// scripts/vm/guest.sh inside the real-driver guest (FACESTICKER_GUEST=1), where
/// vivid gives /dev/video0 and /dev/video1 and v4l2loopback /dev/video10-12.
/// Skipped anywhere else; `RealDriverTests` asserts that they passed there.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FACESTICKER_GUEST"] == "1",
                "runs only inside the real-driver guest (scripts/vm/guest.sh; RealDriverTests boots it)"))
struct RealDriverGuestTests {
    /// The live preview's `c` key (`LiveCameraKeys.nextCamera` over `VideoDevices.paths()`, as
    /// LiveCommand wires it): vivid's first camera, then its second, then, passing over the
    /// loopbacks that nothing feeds, the first again; frames flow after every switch.
    @Test func theCameraKeySwitchesBetweenTheTwoVividCameras() throws {
        let devices = VideoDevices.paths()
        #expect(devices.contains("/dev/video0") && devices.contains("/dev/video1"))
        let source = try CameraSource(path: "/dev/video0", width: 640, height: 480)
        defer { source.close() }
        #expect(try source.next() != nil)
        #expect(try LiveCameraKeys.nextCamera(source, devices: devices, size: (640, 480)) == "camera: /dev/video1")
        #expect(source.name == "/dev/video1")
        let frame = try #require(try source.next())
        #expect(frame.width == 640 && frame.height == 480)
        #expect(try LiveCameraKeys.nextCamera(source, devices: devices, size: (640, 480)) == "camera: /dev/video0")
        #expect(source.name == "/dev/video0")
        #expect(try source.next() != nil)
    }
}
