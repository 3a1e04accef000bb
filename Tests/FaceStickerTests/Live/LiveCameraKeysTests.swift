@testable import FaceSticker
import Foundation
import Testing

/// The preview's camera keys against the scripted V4L2 fake: c switches to
/// the next camera, +/- zoom through zoom_absolute (digitally without it),
/// [ ] change exposure with automatic exposure turned off first.
@Suite struct LiveCameraKeysTests {
    static let grey: RGBAImage = RGBAImage(width: 64, height: 48, fill: (128, 128, 128, 255))

    static func camera(_ fake: ScriptedV4L2, path: String = "/dev/video0") throws -> CameraSource {
        fake.endless = .frame(grey)
        return try CameraSource(path: path, width: 64, height: 48, system: fake)
    }

    @Test func plusAndMinusStepTheCamerasZoom() throws {
        let fake = CameraControls.camera()
        let source = try Self.camera(fake)
        #expect(try LiveCameraKeys.zoom(source, direction: 1) == "zoom: zoom_absolute = 150")
        #expect(fake.values[CameraControls.zoom.id] == 150, "one eighth of 100...500 a step")
        #expect(fake.log.contains("S_CTRL \(CameraControls.zoom.id)=150"))
        #expect(try LiveCameraKeys.zoom(source, direction: -1) == "zoom: zoom_absolute = 100")
        #expect(try LiveCameraKeys.zoom(source, direction: -1) == "zoom: zoom_absolute = 100", "held at the minimum")
        source.close()
        #expect(fake.isClean)
    }

    @Test func withoutAZoomControlThereIsNoCameraZoom() throws {
        let fake = ScriptedV4L2()
        let source = try Self.camera(fake)
        #expect(try LiveCameraKeys.zoom(source, direction: 1) == nil, "the preview zooms digitally instead")
        #expect(!fake.log.contains { $0.hasPrefix("S_CTRL") })
    }

    @Test func exposureTurnsAutoExposureOffThenSteps() throws {
        let fake = CameraControls.camera()
        let source = try Self.camera(fake)
        let line = try LiveCameraKeys.exposure(source, direction: 1)
        let sets = fake.log.filter { $0.hasPrefix("S_CTRL") }
        #expect(sets == ["S_CTRL \(CameraControls.autoExposure.id)=1", "S_CTRL \(CameraControls.exposure.id)=505"],
                "manual mode first, then one step (2044/8) up from 250")
        #expect(line.hasPrefix("exposure: ") && line.contains("exposure_time_absolute"), "\(line)")
        _ = try LiveCameraKeys.exposure(source, direction: -1)
        #expect(fake.values[CameraControls.exposure.id] == 250)
        #expect(fake.log.filter { $0 == "S_CTRL \(CameraControls.autoExposure.id)=1" }.count == 1, "manual already")
    }

    @Test func aCameraWithoutExposureSaysSo() throws {
        let fake = ScriptedV4L2()
        let source = try Self.camera(fake)
        #expect(try LiveCameraKeys.exposure(source, direction: 1) == "exposure: /dev/video0 has no exposure control")
    }

    @Test func cSwitchesToTheNextCameraAndClosesTheFirst() throws {
        let fake = ScriptedV4L2()
        fake.devices = ["/dev/video0", "/dev/video2"]
        let source = try Self.camera(fake)
        _ = try source.next()
        let line = try LiveCameraKeys.nextCamera(source, devices: ["/dev/video0", "/dev/video1", "/dev/video2"],
                                                 size: (64, 48), system: fake)
        #expect(line == "camera: /dev/video2", "video1 does not open: passed over")
        #expect(LiveCameraKeys.camera(source)?.path == "/dev/video2")
        #expect(try source.next() != nil, "frames keep coming from the new camera")
        // The first camera was stopped and closed before the next one opened (USB bandwidth).
        let off = fake.log.firstIndex(of: "STREAMOFF") ?? -1, secondOpen = fake.log.lastIndex(of: "open") ?? -1
        #expect(off >= 0 && off < secondOpen, "\(fake.log)")
        #expect(fake.openFds.count == 1)
        #expect(fake.askedInterval == V4L2Fraction(seconds: 1.0 / 30), "asked for the rate the run counts frames by")
        // And round again, back to the first.
        #expect(try LiveCameraKeys.nextCamera(source, devices: ["/dev/video0", "/dev/video2"], size: (64, 48),
                                              system: fake) == "camera: /dev/video0")
    }

    @Test func whenNoOtherCameraStartsTheFirstComesBack() throws {
        let fake = ScriptedV4L2()
        let source = try Self.camera(fake)
        let line = try LiveCameraKeys.nextCamera(source, devices: ["/dev/video0", "/dev/video4"], size: (64, 48), system: fake)
        #expect(line == "camera: no other camera could start (/dev/video4: no such device)")
        #expect(LiveCameraKeys.camera(source)?.path == "/dev/video0")
        #expect(try source.next() != nil)
    }

    @Test func theOnlyCameraStays() throws {
        let fake = ScriptedV4L2()
        let source = try Self.camera(fake)
        #expect(try LiveCameraKeys.nextCamera(source, devices: ["/dev/video0"], size: (64, 48), system: fake)
                == "camera: /dev/video0 is the only camera")
    }

    @Test func aFileIsNotACamera() throws {
        let source = try VideoFileSource(path: LiveFixtures.carphone)
        #expect(try LiveCameraKeys.nextCamera(source, devices: ["/dev/video0"], size: (64, 48)) == "camera: the source is a file, not a camera")
        #expect(try LiveCameraKeys.zoom(source, direction: 1) == nil)
    }
}
