import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The values that cross the V4L2 seam (`V4L2System`): pixel formats, capabilities,
// buffers, controls and the errno failures, with the device list and the one-line
// failure texts built from them.

// MARK: - Formats

/// A V4L2 pixel format code: four ASCII characters packed little-endian,
/// as `v4l2_fourcc` builds them ("YUYV", "MJPG", "RGB3").
package struct FourCC: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Packs the first four bytes of `code` (padded with spaces).
    package init(_ code: String) {
        let bytes = Array(code.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - code.utf8.count))
        rawValue = bytes.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// Packed 8-bit R, G, B: what libv4l2 converts every camera format to.
    package static let rgb24 = FourCC("RGB3")
    /// Packed 4:2:2 YUV, two pixels in four bytes: what most webcams send uncompressed.
    package static let yuyv = FourCC("YUYV")
    package static let mjpeg = FourCC("MJPG")

    /// The four characters, unprintable bytes as '?'.
    package var description: String {
        String((0..<4).map { shift -> Character in
            let byte = UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32(shift)))
            return (32...126).contains(byte) ? Character(UnicodeScalar(byte)) : "?"
        })
    }
}

/// A negotiated picture format (VIDIOC_G_FMT / VIDIOC_S_FMT, single-planar capture).
package struct V4L2PixelFormat: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var fourcc: FourCC
    /// Bytes per row as the driver lays them out (0 when asking: the driver chooses).
    package var bytesPerLine: Int
    /// Bytes in one frame (0 when asking).
    package var imageSize: Int

    package init(width: Int, height: Int, fourcc: FourCC, bytesPerLine: Int = 0, imageSize: Int = 0) {
        self.width = width
        self.height = height
        self.fourcc = fourcc
        self.bytesPerLine = bytesPerLine
        self.imageSize = imageSize
    }
}

/// One pixel format a device offers (VIDIOC_ENUM_FMT).
package struct V4L2FormatDescription: Equatable, Sendable {
    package var fourcc: FourCC
    package var description: String
    /// Compressed formats (MJPEG, H.264): libv4l2 decodes them for us.
    package var compressed: Bool
    /// Offered by libv4l2's conversion, not by the driver.
    package var emulated: Bool

    package init(fourcc: FourCC, description: String, compressed: Bool = false, emulated: Bool = false) {
        self.fourcc = fourcc
        self.description = description
        self.compressed = compressed
        self.emulated = emulated
    }
}

/// One frame size a device offers for a format (VIDIOC_ENUM_FRAMESIZES).
package enum V4L2FrameSize: Equatable, Sendable, CustomStringConvertible {
    case discrete(width: Int, height: Int)
    /// Any size in the ranges, in steps (continuous when the steps are 1).
    case stepwise(minWidth: Int, maxWidth: Int, widthStep: Int, minHeight: Int, maxHeight: Int, heightStep: Int)

    package var description: String {
        switch self {
        case .discrete(let w, let h):
            return "\(w)x\(h)"
        case .stepwise(let minW, let maxW, let stepW, let minH, let maxH, let stepH):
            return "\(minW)x\(minH) to \(maxW)x\(maxH) in steps of \(stepW)x\(stepH)"
        }
    }
}

// MARK: - Devices and buffers

/// What VIDIOC_QUERYCAP says about a device node.
package struct V4L2Capability: Equatable, Sendable {
    package var driver: String
    package var card: String
    package var busInfo: String
    /// The kernel's V4L2_CAP_* bits for this node (`device_caps` when the driver gives them).
    package var capabilities: UInt32

    package init(driver: String, card: String, busInfo: String, capabilities: UInt32) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.capabilities = capabilities
    }

    // Kernel ABI values from linux/videodev2.h; they never change.
    package static let videoCapture: UInt32 = 0x0000_0001
    package static let videoOutput: UInt32 = 0x0000_0002
    package static let videoCaptureMultiplanar: UInt32 = 0x0000_1000
    package static let metadataCapture: UInt32 = 0x0080_0000
    package static let streaming: UInt32 = 0x0400_0000

    package var canCapture: Bool { capabilities & Self.videoCapture != 0 }
    package var canStream: Bool { capabilities & Self.streaming != 0 }

    /// Why this node cannot be a camera, in words, or nil when it can.
    package var captureProblem: String? {
        if canCapture {
            return canStream ? nil : "the capture device does not support streaming I/O"
        }
        if capabilities & Self.metadataCapture != 0 {
            return "not a video capture device (a metadata node; the camera's picture is on another /dev/video node)"
        }
        if capabilities & Self.videoCaptureMultiplanar != 0 {
            return "not a single-planar video capture device (multi-planar devices are not supported)"
        }
        if capabilities & Self.videoOutput != 0 { return "not a video capture device (an output device)" }
        return "not a video capture device"
    }
}

/// A driver buffer as VIDIOC_QUERYBUF and VIDIOC_DQBUF describe it (mmap memory).
package struct V4L2Buffer: Equatable, Sendable {
    package var index: Int
    /// Where to mmap it (QUERYBUF).
    package var offset: Int
    /// Its mapped length in bytes.
    package var length: Int
    /// Bytes of picture in it (DQBUF).
    package var bytesUsed: Int
    /// The driver flagged the frame as damaged (V4L2_BUF_FLAG_ERROR).
    package var failed: Bool

    package init(index: Int, offset: Int = 0, length: Int = 0, bytesUsed: Int = 0, failed: Bool = false) {
        self.index = index
        self.offset = offset
        self.length = length
        self.bytesUsed = bytesUsed
        self.failed = failed
    }
}

/// Finds the video device nodes.
package enum VideoDevices {
    /// `/dev/video*` (or those in `folder`), in numeric order.
    package static func paths(in folder: String = "/dev") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("video") && Int($0.dropFirst(5)) != nil }
            .sorted { (Int($0.dropFirst(5)) ?? 0) < (Int($1.dropFirst(5)) ?? 0) }
            .map { folder + "/" + $0 }
    }
}

// MARK: - Controls

/// A camera control as VIDIOC_QUERYCTRL describes it (brightness, exposure, zoom, focus...).
package struct V4L2Control: Equatable, Sendable {
    /// The control types V4L2 defines; values are read and set as 32-bit integers
    /// for integer, boolean, menu and integer-menu controls only.
    package enum Kind: Equatable, Sendable {
        case integer, boolean, menu, integerMenu, button, integer64, controlClass, string, bitmask
        case other(UInt32)

        /// Whether VIDIOC_G_CTRL / VIDIOC_S_CTRL can carry its value.
        package var hasValue: Bool { [.integer, .boolean, .menu, .integerMenu].contains(self) }

        package var name: String {
            switch self {
            case .integer: return "int"
            case .boolean: return "bool"
            case .menu: return "menu"
            case .integerMenu: return "intmenu"
            case .button: return "button"
            case .integer64: return "int64"
            case .controlClass: return "class"
            case .string: return "string"
            case .bitmask: return "bitmask"
            case .other(let code): return "type \(code)"
            }
        }
    }

    /// One entry of a menu control.
    package struct MenuItem: Equatable, Sendable {
        package var value: Int
        package var label: String

        package init(value: Int, label: String) {
            self.value = value
            self.label = label
        }
    }

    package var id: UInt32
    /// As the driver spells it ("Exposure Time, Absolute").
    package var name: String
    package var kind: Kind
    package var minimum: Int
    package var maximum: Int
    package var step: Int
    package var defaultValue: Int
    package var disabled: Bool
    package var readOnly: Bool
    package var writeOnly: Bool
    /// Another control (an automatic mode) governs it for now: setting it may change nothing.
    package var inactive: Bool
    package var menu: [MenuItem]

    package init(id: UInt32, name: String, kind: Kind, minimum: Int = 0, maximum: Int = 0, step: Int = 1,
                defaultValue: Int = 0, disabled: Bool = false, readOnly: Bool = false, writeOnly: Bool = false,
                inactive: Bool = false, menu: [MenuItem] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.disabled = disabled
        self.readOnly = readOnly
        self.writeOnly = writeOnly
        self.inactive = inactive
        self.menu = menu
    }

    /// The name `--set` takes: lower case, every run of other characters one underscore
    /// ("Exposure Time, Absolute" is `exposure_time_absolute`), as v4l2-ctl spells it.
    package var key: String { Self.key(for: name) }

    /// `name` in the `key` spelling.
    package static func key(for name: String) -> String {
        var out = ""
        var pendingUnderscore = false
        for scalar in name.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingUnderscore, !out.isEmpty { out += "_" }
                pendingUnderscore = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        return out
    }
}

/// One `--set NAME=VALUE`: a camera control by name and the value asked for
/// (a number, on/off for switches, or a menu entry's label).
package struct ControlSetting: Equatable, Sendable {
    package var name: String
    package var value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Parses `NAME=VALUE`.
    package init(parsing text: String) throws {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw FaceStickerError.invalidArgument("--set: \"\(text)\" is not CONTROL=VALUE (e.g. brightness=10)")
        }
        self.init(name: String(parts[0]), value: String(parts[1]))
    }

    /// The controls `name` can mean: the one whose key it is, else the ones
    /// whose key starts with it, narrowed to an `_absolute` one when that is
    /// unique (`exposure` is `exposure_time_absolute`, `zoom` is `zoom_absolute`).
    package static func candidates(_ name: String, in controls: [V4L2Control]) -> [V4L2Control] {
        let key = V4L2Control.key(for: name)
        if let exact = controls.first(where: { $0.key == key }) { return [exact] }
        let prefixed = controls.filter { $0.key.hasPrefix(key + "_") }
        let absolute = prefixed.filter { $0.key.hasSuffix("_absolute") }
        return absolute.count == 1 ? absolute : prefixed
    }

    /// The value as the number the driver takes, checked against the control's
    /// type, range and menu; errors name `device`, the control and what it takes.
    package func value(for control: V4L2Control, device: String) throws -> Int {
        let key = control.key
        func bad(_ reason: String) -> FaceStickerError {
            .invalidArgument("\(device): --set \(key)=\(value): \(reason)")
        }
        guard control.kind.hasValue else { throw bad("a \(control.kind.name) control cannot be set this way") }
        guard !control.readOnly else { throw bad("the control is read-only") }
        let number: Int
        if let n = Int(value) {
            number = n
        } else if control.kind == .boolean, let b = Self.boolean(value) {
            number = b
        } else if let item = control.menu.first(where: { V4L2Control.key(for: $0.label) == V4L2Control.key(for: value) }) {
            number = item.value
        } else {
            throw bad("not a number\(control.menu.isEmpty ? "" : " or a menu entry") (\(takes(control)))")
        }
        guard number >= control.minimum, number <= control.maximum else {
            throw bad("outside \(control.minimum)...\(control.maximum)")
        }
        if !control.menu.isEmpty, !control.menu.contains(where: { $0.value == number }) {
            throw bad("not a menu entry (\(takes(control)))")
        }
        return number
    }

    private func takes(_ control: V4L2Control) -> String {
        if control.menu.isEmpty { return "it takes \(control.minimum)...\(control.maximum)" }
        return "it takes " + control.menu.map { "\($0.value): \($0.label)" }.joined(separator: ", ")
    }

    private static func boolean(_ text: String) -> Int? {
        switch text.lowercased() {
        case "on", "true", "yes": return 1
        case "off", "false", "no": return 0
        default: return nil
        }
    }
}

/// What setting a control did: the value asked for and the value read back,
/// so a driver that quietly ignores a control is caught.
package struct ControlChange: Equatable, Sendable {
    package var control: V4L2Control
    package var requested: Int
    /// The value read back; nil for write-only controls or when it could not be read.
    package var actual: Int?

    package init(control: V4L2Control, requested: Int, actual: Int?) {
        self.control = control
        self.requested = requested
        self.actual = actual
    }

    /// Whether the driver kept the value asked for (as far as reading back can tell).
    package var took: Bool { actual.map { $0 == requested } ?? true }

    /// One line for stderr: the new value, or why it may have no effect.
    package var summary: String {
        let key = control.key
        if let actual, actual != requested {
            return "warning: \(key): asked \(requested), the camera kept \(actual)"
                + (control.inactive ? " (the control is inactive: an automatic mode governs it)" : "")
        }
        if control.inactive {
            return "warning: \(key) = \(requested), but the control is inactive (an automatic mode governs it; turn that off first)"
        }
        return "\(key) = \(requested)"
    }
}

// MARK: - Failures

/// A failed call at the V4L2 seam: which call, and the errno it set.
package struct V4L2SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call or ioctl, e.g. "open", "VIDIOC_S_FMT", "poll".
    package var call: String
    package var code: Int32

    package init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    /// The C library's text for the errno.
    package var reason: String { String(cString: strerror(code)) }

    package var description: String { "\(call): \(reason)" }
}

/// Turns a failed call at the V4L2 seam into the one line the user reads:
/// the device, and what went wrong in their terms (busy, unplugged, not a camera).
enum CameraFailure {
    /// One line for a failed call, in the user's terms.
    static func describe(_ path: String, _ error: V4L2SystemError, doing: String) -> FaceStickerError {
        let reason: String
        switch error.code {
        case ENOENT: reason = "no such device"
        case ENODEV, ENXIO: reason = doing == "open" ? "no such device" : "the camera was disconnected"
        case EBUSY: reason = "device is busy (another program is using the camera)"
        case EACCES, EPERM: reason = "permission denied (is your user in the video group?)"
        case EISDIR: reason = "is a folder, not a video device"
        // V4L2System.open asks VIDIOC_QUERYCAP itself, so a file that is no V4L2 device fails there.
        case ENOTTY where doing == "query" || doing == "open", EINVAL where doing == "query":
            reason = "not a V4L2 video device"
        case ENOMEM: reason = "not enough memory to \(doing)"
        case EIO where doing == "wait for a frame": reason = "the camera reported an error while streaming"
        default: reason = "cannot \(doing): \(error.reason)"
        }
        return .unreadable(path: path, reason: reason)
    }
}
