@testable import FaceSticker
#if canImport(Glibc)
import Glibc
#endif

// The scripted driver's frames and the controls it lists.

extension ScriptedV4L2 {
    // MARK: Frames

    /// `image` laid out as the negotiated format says (size, code, row padding).
    func encode(_ image: RGBAImage) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: format.imageSize)
        let width = min(image.width, format.width), height = min(image.height, format.height)
        for y in 0..<height {
            let row = y * format.bytesPerLine
            switch format.fourcc {
            case .rgb24:
                for x in 0..<width {
                    let (r, g, b, _) = image[x, y]
                    bytes[row + 3 * x] = r; bytes[row + 3 * x + 1] = g; bytes[row + 3 * x + 2] = b
                }
            case .yuyv:
                let packed = Self.yuyv(image, row: y)
                for i in 0..<min(packed.count, format.bytesPerLine) { bytes[row + i] = packed[i] }
            default: break
            }
        }
        return bytes
    }

    /// Row `y` of `image` as a YUYV camera sends it: BT.601 limited range, luma per
    /// pixel, U and V from each pair's mean (an odd width's last pair repeats its pixel).
    static func yuyv(_ image: RGBAImage, row y: Int) -> [UInt8] {
        var out: [UInt8] = []
        for pair in 0..<(image.width + 1) / 2 {
            let a = image[2 * pair, y], b = 2 * pair + 1 < image.width ? image[2 * pair + 1, y] : a
            let (u, v) = YUVMatrix.bt601.chroma(r: Int(a.0) + Int(b.0), g: Int(a.1) + Int(b.1), b: Int(a.2) + Int(b.2), count: 2)
            out += [YUVMatrix.bt601.luma(a.0, a.1, a.2), u, YUVMatrix.bt601.luma(b.0, b.1, b.2), v]
        }
        return out
    }
}

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
