import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative

// What the camera code builds on the V4L2 seam's values (FaceStickerNative/V4L2Types.swift): the
// device list, `--set` control settings and what they did, and the one-line failure texts.

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
            throw FaceStickerError.invalidArgument("\(setting: .controls): \"\(text)\" is not CONTROL=VALUE (e.g. brightness=10)")
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
            .invalidArgument("\(device): \(setting: .controls) \(key)=\(value): " + reason)
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

/// Turns a failed call at the V4L2 seam into the one line the user reads:
/// the device, and what went wrong in their terms (busy, unplugged, not a camera).
package enum CameraFailure {
    /// One line for a failed call, in the user's terms.
    package static func describe(_ path: String, _ error: V4L2SystemError, doing: String) -> FaceStickerError {
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
        // A fatal streaming error (vivid's "Inject Fatal Streaming Error" shows it) fails the
        // requeue that follows the last good frame, or the wait for the next.
        case EIO where doing == "wait for a frame" || doing == "requeue a buffer":
            reason = "the camera reported an error while streaming"
        default: reason = "cannot \(doing): \(error.reason)"
        }
        return .unreadable(path: path, reason: reason)
    }
}
