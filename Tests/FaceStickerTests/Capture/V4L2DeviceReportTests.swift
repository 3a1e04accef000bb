@testable import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// What `facesticker devices` prints about a device, from the scripted driver and the real one.
@Suite struct V4L2DeviceReportTests {
    @Test func listsDriverFormatsSizesAndControls() {
        let fake = CameraControls.camera()
        fake.values[CameraControls.brightness.id] = 12
        let report = V4L2DeviceReport.probe(path: "/dev/video0", system: fake)
        #expect(report.problem == nil)
        let lines = report.lines
        #expect(lines.first == "/dev/video0: Scripted Camera (driver scripted, test:1)")
        #expect(lines.contains("    MJPG Motion-JPEG (compressed): 1280x720 640x480"))
        #expect(lines.contains("    YUYV YUYV 4:2:2: 640x480"))
        #expect(lines.contains("    brightness (int) -64...64, default 0, now 12"))
        #expect(lines.contains("    exposure_time_absolute (int) 3...2047, default 250, now 250 [inactive]"))
        #expect(lines.contains("    focus_absolute (int) 0...250 step 5, default 0, now 0"))
        #expect(lines.contains("    auto_exposure (menu) 0...3, default 3, now 3: 1 Manual Mode, 3 Aperture Priority Mode"))
        #expect(lines.contains("    pixel_rate (int64) [read-only]"))
        #expect(fake.isClean)
    }

    @Test func aNodeThatIsNotACameraShowsItsCardAndWhy() {
        let fake = ScriptedV4L2()
        fake.capability.capabilities = V4L2Capability.metadataCapture | V4L2Capability.streaming
        let report = V4L2DeviceReport.probe(path: "/dev/video0", system: fake)
        #expect(report.lines == ["/dev/video0: Scripted Camera (driver scripted, test:1): not a video capture device "
                                 + "(a metadata node; the camera's picture is on another /dev/video node)"])
        #expect(fake.isClean)
    }

    @Test func aBusyCameraIsStillDescribed() {
        // Another program streaming makes S_FMT and REQBUFS fail, not the queries.
        let fake = ScriptedV4L2()
        fake.failures[.setFormat] = EBUSY
        fake.failures[.requestBuffers] = EBUSY
        #expect(V4L2DeviceReport.probe(path: "/dev/video0", system: fake).problem == nil)
    }

    @Test func theRealDriverSaysDevNullIsNotACamera() {
        let report = V4L2DeviceReport.probe(path: "/dev/null")
        #expect(report.lines == ["/dev/null: not a V4L2 video device"])
    }

    @Test func findsVideoNodesInNumericOrder() throws {
        let dir = try TemporaryDirectory()
        for name in ["video10", "video2", "video0", "videos", "vbi0"] { _ = try dir.write(name, "") }
        #expect(VideoDevices.paths(in: dir.url.path) == ["video0", "video2", "video10"].map { dir.path($0) })
    }
}
