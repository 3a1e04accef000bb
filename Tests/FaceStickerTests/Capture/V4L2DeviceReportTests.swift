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
        #expect(report.kind == .camera && !report.formatsTruncated)
        #expect(fake.isClean)
    }

    /// vivid lists 83 formats with libv4l2's; a driver that lists more than the bound is cut there and says so.
    @Test(arguments: [83, V4L2Camera.formatLimit, V4L2Camera.formatLimit + 1, 1000])
    func listsEveryFormatUpToTheBoundAndSaysWhenItStops(count: Int) {
        let fake = ScriptedV4L2()
        fake.formats = (0..<count).map { V4L2FormatDescription(fourcc: FourCC(rawValue: UInt32($0)), description: "format \($0)") }
        let report = V4L2DeviceReport.probe(path: "/dev/video0", system: fake)
        let truncated = count > V4L2Camera.formatLimit
        #expect(report.formats.count == min(count, V4L2Camera.formatLimit))
        #expect(report.formatsTruncated == truncated)
        #expect(report.lines.contains("    (the first 256 formats; the driver lists more)") == truncated)
    }

    @Test func aLoopbackOutputIsListedAsAVirtualCamera() {
        let fake = VirtualCameraTests.exclusiveLoopback()
        fake.sizes = [FourCC("YU12"): [.stepwise(minWidth: 2, maxWidth: 8192, widthStep: 1, minHeight: 2, maxHeight: 8192,
                                                 heightStep: 1)]]
        let report = V4L2DeviceReport.probe(path: "/dev/video9", system: fake)
        #expect(report.problem == nil)
        #expect(report.kind == .output)
        #expect(report.lines == [
            "/dev/video9: FaceSticker (driver v4l2 loopback, platform:v4l2loopback-000)",
            "  a virtual camera (v4l2loopback output): a live run can write to it",
            "  output formats:",
            "    YU12 YU12: 2x2 to 8192x8192 in steps of 1x1",
            "    YUYV YUYV: sizes not listed",
        ])
        #expect(fake.openFds.isEmpty)
        #expect(fake.log.contains("ENUM_FMT output"))
    }

    @Test func anOutputWhoseFormatsCannotBeListedSaysWhy() {
        let fake = VirtualCameraTests.loopback()
        fake.failingCalls["ENUM_FMT output"] = EIO
        let report = V4L2DeviceReport.probe(path: "/dev/video9", system: fake)
        #expect(report.kind == nil)
        #expect(report.problem == "cannot list formats: Input/output error")
        #expect(fake.openFds.isEmpty)
    }

    @Test func aLoopbackNobodyWritesToAndThatLostItsOutputSaysSo() {
        let fake = VirtualCameraTests.exclusiveLoopback()
        fake.loopback?.readyForOutput = false
        let report = V4L2DeviceReport.probe(path: "/dev/video9", system: fake)
        #expect(report.kind == nil)
        #expect(report.problem == "nothing is writing to this v4l2loopback device yet (start the program that feeds it first)")
    }

    /// `devices --json` spells control types as the README's schema does; the text keeps v4l2-ctl's short names.
    @Test(arguments: [
        (V4L2Control.Kind.integer, "integer", "int"), (.boolean, "boolean", "bool"), (.menu, "menu", "menu"),
        (.integerMenu, "integer-menu", "intmenu"), (.button, "button", "button"), (.integer64, "integer64", "int64"),
        (.string, "string", "string"), (.bitmask, "bitmask", "bitmask"), (.other(99), "unknown", "type 99"),
    ])
    func controlTypesHaveTheirSchemaNames(kind: V4L2Control.Kind, json: String, text: String) {
        #expect(kind.jsonName == json)
        #expect(kind.name == text)
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
