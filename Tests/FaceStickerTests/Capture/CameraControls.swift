@testable import FaceSticker

/// Controls as a typical UVC webcam lists them, for the scripted driver.
enum CameraControls {
    static let brightness = V4L2Control(id: 0x0098_0900, name: "Brightness", kind: .integer, minimum: -64, maximum: 64,
                                        defaultValue: 0)
    static let autoExposure = V4L2Control(id: 0x009a_0901, name: "Auto Exposure", kind: .menu, minimum: 0, maximum: 3,
                                          defaultValue: 3)
    static let exposure = V4L2Control(id: 0x009a_0902, name: "Exposure Time, Absolute", kind: .integer, minimum: 3,
                                       maximum: 2047, defaultValue: 250, inactive: true)
    static let exposureDynamic = V4L2Control(id: 0x009a_0903, name: "Exposure, Dynamic Framerate", kind: .boolean,
                                             minimum: 0, maximum: 1)
    static let focusAuto = V4L2Control(id: 0x009a_090c, name: "Focus, Automatic Continuous", kind: .boolean,
                                       minimum: 0, maximum: 1, defaultValue: 1)
    static let focus = V4L2Control(id: 0x009a_090a, name: "Focus, Absolute", kind: .integer, minimum: 0, maximum: 250,
                                   step: 5, defaultValue: 0)
    static let zoom = V4L2Control(id: 0x009a_090d, name: "Zoom, Absolute", kind: .integer, minimum: 100, maximum: 500,
                                  defaultValue: 100)
    static let pixelRate = V4L2Control(id: 0x009f_0902, name: "Pixel Rate", kind: .integer64, readOnly: true)
    static let cameraClass = V4L2Control(id: 0x009a_0001, name: "Camera Controls", kind: .controlClass)
    static let hidden = V4L2Control(id: 0x0098_0999, name: "Hidden", kind: .integer, disabled: true)
    static let sensor = V4L2Control(id: 0x0098_0998, name: "Sensor Temperature", kind: .integer, maximum: 100,
                                    readOnly: true)

    static let all = [brightness, autoExposure, exposure, exposureDynamic, focusAuto, focus, zoom, pixelRate,
                      cameraClass, hidden, sensor]

    /// A scripted camera with these controls and the auto-exposure menu (indices 0 and 2 are gaps).
    static func camera() -> ScriptedV4L2 {
        let fake = ScriptedV4L2()
        fake.controls = all
        fake.menus[autoExposure.id] = [1: "Manual Mode", 3: "Aperture Priority Mode"]
        return fake
    }
}
