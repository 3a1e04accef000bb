import FaceSticker

/// A picture size, `WxH`: what `--size` takes.
struct FrameSize: Sendable, Equatable, CustomStringConvertible {
    static let sides = 16...8192

    let width: Int
    let height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init(_ size: (width: Int, height: Int)) { self.init(width: size.width, height: size.height) }

    /// `WxH`, each side in `sides`.
    init(parsing text: String) throws {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), Self.sides.contains(w), Self.sides.contains(h) else {
            throw OptionProblem("\"\(text)\" is not WxH with sides \(Self.sides.lowerBound)...\(Self.sides.upperBound) (e.g. 1280x720)")
        }
        self.init(width: w, height: h)
    }

    var tuple: (width: Int, height: Int) { (width, height) }
    var description: String { "\(width)x\(height)" }
}

/// Where a camera command's picture comes from, and how it is shown: `--device`,
/// `--source`, `--size`, `--set`, `--mirror`, `--no-mirror` (selfie and live).
enum CameraOptions {
    static let device = Option<String>("--device", placeholder: "/dev/videoN", kind: .file, default: CameraSource.defaultDevice,
                                       help: "the camera")
    static let source = Option<String?>("--source", placeholder: "PATH", kind: .file, default: nil,
                                        help: "instead of a camera: a video file, a PNG or JPEG, or a folder of them")
    static let size = Option<FrameSize>("--size", placeholder: "WxH", default: FrameSize(CameraSource.defaultSize),
                                        setting: .size, help: "camera picture size (the driver picks the nearest)",
                                        parse: FrameSize.init(parsing:))
    static let set = Option<[ControlSetting]>("--set", placeholder: "CONTROL=VALUE",
                                              setting: .controls, help: "set a camera control first, e.g. brightness=10 or exposure=300 (names "
                                                  + "as `facesticker devices` lists them)",
                                              each: ControlSetting.init(parsing:))
    static let mirror = Flag("--mirror", help: "mirror the picture (default: mirrored for a camera, as a phone's selfie "
                                 + "camera shows it, not for files)")
    static let noMirror = Flag("--no-mirror", help: "do not mirror the picture")

    static let group = OptionGroup("camera", [device, source, size, set, mirror, noMirror])

    /// The group's values, checked together.
    struct Camera {
        /// `--device` when given (nil: none named; `device` is then the default).
        let namedDevice: String?
        var device: String { namedDevice ?? CameraSource.defaultDevice }
        let source: String?
        /// `--size` when given.
        let namedSize: FrameSize?
        var size: FrameSize { namedSize ?? FrameSize(CameraSource.defaultSize) }
        let controls: [ControlSetting]
        /// true: --mirror, false: --no-mirror, nil: the source decides.
        let mirror: Bool?
    }

    /// Refuses --mirror with --no-mirror, and --device with --source.
    static func parse(_ arguments: Arguments) throws -> Camera {
        let command = arguments.command
        guard !(arguments[mirror] && arguments[noMirror]) else {
            throw UsageError("\(command): --mirror and --no-mirror together")
        }
        let named = arguments.given(device)
        let source = arguments[Self.source]
        guard named == nil || source == nil else {
            throw UsageError("\(command): --device and --source together (one source at a time)")
        }
        return Camera(namedDevice: named, source: source, namedSize: arguments.given(size), controls: arguments[set],
                      mirror: arguments[mirror] ? true : (arguments[noMirror] ? false : nil))
    }
}
