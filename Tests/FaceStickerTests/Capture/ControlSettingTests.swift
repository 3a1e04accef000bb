@testable import FaceSticker
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `--set NAME=VALUE`: parsing, name resolution, value checks, and what the
/// driver does with it (refusals, quiet no-ops), through the scripted driver.
@Suite struct ControlSettingTests {
    @Test(arguments: [
        ("brightness=10", "brightness", "10"),
        ("Exposure Time, Absolute=300", "Exposure Time, Absolute", "300"),
        ("zoom=a=b", "zoom", "a=b"),
    ])
    func parsesNameEqualsValue(text: String, name: String, value: String) throws {
        #expect(try ControlSetting(parsing: text) == ControlSetting(name: name, value: value))
    }

    @Test(arguments: ["brightness", "=3", "brightness=", ""])
    func refusesMalformedSettings(text: String) {
        #expect(throws: FaceStickerError.invalidArgument("\(setting: .controls): \"\(text)\" is not CONTROL=VALUE (e.g. brightness=10)")) {
            try ControlSetting(parsing: text)
        }
    }

    @Test(arguments: [
        ("Exposure Time, Absolute", "exposure_time_absolute"),
        ("White Balance Temperature, Auto", "white_balance_temperature_auto"),
        ("  Brightness ", "brightness"),
        ("Focus (absolute)", "focus_absolute"),
    ])
    func keysAreV4L2CtlStyle(name: String, key: String) {
        #expect(V4L2Control.key(for: name) == key)
    }

    @Test(arguments: [
        ("brightness", "brightness"), ("BRIGHTNESS", "brightness"), ("exposure", "exposure_time_absolute"),
        ("zoom", "zoom_absolute"), ("focus", "focus_absolute"), ("auto-exposure", "auto_exposure"),
    ])
    func shortNamesFindTheAbsoluteControl(name: String, key: String) throws {
        let camera = try V4L2Camera(path: "/dev/video0", system: CameraControls.camera())
        #expect(try camera.control(named: name).key == key)
    }

    @Test func unknownAndAmbiguousNamesListTheChoices() throws {
        let camera = try V4L2Camera(path: "/dev/video0", system: CameraControls.camera())
        do {
            _ = try camera.control(named: "gamma")
            Issue.record("found gamma")
        } catch {
            #expect("\(error)".hasPrefix("/dev/video0: no control \"gamma\" (this camera has: brightness, "))
            #expect(!"\(error)".contains("hidden"), "disabled controls are left out")
            #expect(!"\(error)".contains("camera_controls"), "class headings are left out")
        }
        let fake = CameraControls.camera()
        fake.controls.removeAll { $0 == CameraControls.exposure }
        let other = try V4L2Camera(path: "/dev/video0", system: fake)
        #expect(try other.control(named: "exposure").key == "exposure_dynamic_framerate", "one prefix match is enough")
        fake.controls.append(V4L2Control(id: 0x009a_0999, name: "Exposure Metering", kind: .integer))
        #expect(throws: FaceStickerError.invalidArgument(
            "/dev/video0: control \"exposure\" is ambiguous (exposure_dynamic_framerate, exposure_metering)")) {
            try other.control(named: "exposure")
        }
    }

    @Test func menusAreFilledAndGapsSkipped() throws {
        let camera = try V4L2Camera(path: "/dev/video0", system: CameraControls.camera())
        let menu = try camera.control(named: "auto_exposure").menu
        #expect(menu == [.init(value: 1, label: "Manual Mode"), .init(value: 3, label: "Aperture Priority Mode")])
    }

    @Test(arguments: [
        ("brightness=-20", "brightness", -20),
        ("focus_automatic_continuous=off", "focus_automatic_continuous", 0),
        ("focus_automatic_continuous=ON", "focus_automatic_continuous", 1),
        ("auto_exposure=manual mode", "auto_exposure", 1),
        ("auto_exposure=1", "auto_exposure", 1),
        ("zoom=250", "zoom_absolute", 250),
    ])
    func setsAndReadsBack(text: String, key: String, value: Int) throws {
        let fake = CameraControls.camera()
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        let change = try camera.apply(ControlSetting(parsing: text))
        #expect(change.control.key == key)
        #expect(change.requested == value && change.actual == value && change.took)
        #expect(change.summary == "\(key) = \(value)")
        #expect(fake.values[change.control.id] == Int32(value))
    }

    @Test(arguments: [
        ("brightness=100", "/dev/video0: controls brightness=100: outside -64...64"),
        ("brightness=bright", "/dev/video0: controls brightness=bright: not a number (it takes -64...64)"),
        ("auto_exposure=2", "/dev/video0: controls auto_exposure=2: not a menu entry (it takes 1: Manual Mode, 3: Aperture Priority Mode)"),
        ("auto_exposure=sport", "/dev/video0: controls auto_exposure=sport: not a number or a menu entry (it takes 1: Manual Mode, 3: Aperture Priority Mode)"),
        ("sensor_temperature=5", "/dev/video0: controls sensor_temperature=5: the control is read-only"),
        ("pixel_rate=5", "/dev/video0: controls pixel_rate=5: a int64 control cannot be set this way"),
    ])
    func badValuesAreCaughtBeforeTheDriver(text: String, message: String) throws {
        let fake = CameraControls.camera()
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        do {
            _ = try camera.apply(ControlSetting(parsing: text))
            Issue.record("accepted \(text)")
        } catch {
            #expect("\(error)" == message)
        }
        #expect(!fake.log.contains { $0.hasPrefix("S_CTRL") })
    }

    @Test(arguments: [
        (EACCES, "/dev/video0: the driver refused to set brightness: it is inactive or locked (an automatic mode may govern it)"),
        (EINVAL, "/dev/video0: the driver refused brightness=10 (range -64...64)"),
        (EBUSY, "/dev/video0: the driver refused to set brightness now: device busy"),
        (EIO, "/dev/video0: cannot set brightness: Input/output error"),
    ])
    func aRefusalIsOneClearLine(code: Int32, message: String) throws {
        let fake = CameraControls.camera()
        fake.failures[.setControl] = code
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        do {
            _ = try camera.apply(ControlSetting(name: "brightness", value: "10"))
            Issue.record("the refusal was not reported")
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aControlTheDriverIgnoresIsReported() throws {
        let fake = CameraControls.camera()
        fake.ignored = [CameraControls.zoom.id]
        let camera = try V4L2Camera(path: "/dev/video0", system: fake)
        let change = try camera.apply(ControlSetting(name: "zoom", value: "300"))
        #expect(!change.took)
        #expect(change.actual == 100)
        #expect(change.summary == "warning: zoom_absolute: asked 300, the camera kept 100")
    }

    @Test func anInactiveControlWarnsEvenWhenStored() throws {
        let camera = try V4L2Camera(path: "/dev/video0", system: CameraControls.camera())
        let change = try camera.apply(ControlSetting(name: "exposure", value: "300"))
        #expect(change.took)
        #expect(change.summary.hasPrefix("warning: exposure_time_absolute = 300, but the control is inactive"))
    }
}
