#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative

/// Camera controls: list, read, and set by name with read-back.
extension V4L2Camera {
    /// The device's controls (disabled ones and class headings left out), menus filled in.
    package func controls() throws -> [V4L2Control] {
        try requireOpen()
        var found: [V4L2Control] = []
        var last: UInt32 = 0
        for _ in 0..<512 {
            let next: V4L2Control?
            do {
                next = try system.nextControl(fd, after: last)
            } catch where error.code == ENOTTY {
                break
            } catch {
                throw CameraFailure.describe(path, error, doing: "list controls")
            }
            // A driver that does not move forward would loop us forever.
            guard var control = next, control.id > last else { break }
            last = control.id
            if control.disabled || control.kind == .controlClass { continue }
            if control.kind == .menu || control.kind == .integerMenu {
                control.menu = menu(of: control)
            }
            found.append(control)
        }
        return found
    }

    /// The control `--set` names: its key ("exposure_time_absolute"), or a
    /// unique short form ("exposure", "zoom", "focus": the `_absolute` one wins).
    package func control(named name: String) throws -> V4L2Control {
        let all = try controls()
        let found = ControlSetting.candidates(name, in: all)
        if found.count == 1 { return found[0] }
        if found.count > 1 {
            throw FaceStickerError.invalidArgument(
                "\(path): control \"\(name)\" is ambiguous (\(found.map(\.key).joined(separator: ", ")))")
        }
        let known = all.map(\.key).joined(separator: ", ")
        throw FaceStickerError.invalidArgument(
            "\(path): no control \"\(name)\" (this camera has: \(known.isEmpty ? "none" : known))")
    }

    /// A control's current value.
    package func value(of control: V4L2Control) throws -> Int {
        do {
            return Int(try system.getControl(fd, id: control.id))
        } catch {
            throw CameraFailure.describe(path, error, doing: "read control \(control.key)")
        }
    }

    /// Sets a control by name, checks the value first against the control's
    /// range, and reads it back, so a driver that ignores it is reported.
    package func apply(_ setting: ControlSetting) throws -> ControlChange {
        try requireOpen()
        let control = try self.control(named: setting.name)
        let value = try setting.value(for: control, device: path)
        do {
            try system.setControl(fd, id: control.id, value: Int32(clamping: value))
        } catch {
            throw refused(control, value, error)
        }
        let actual = control.writeOnly ? nil : try? self.value(of: control)
        return ControlChange(control: control, requested: value, actual: actual)
    }

    // MARK: - Private

    private func menu(of control: V4L2Control) -> [V4L2Control.MenuItem] {
        guard control.maximum >= control.minimum, control.maximum - control.minimum < 256 else { return [] }
        return (control.minimum...control.maximum).compactMap { index in
            guard let label = try? system.menuItem(fd, control: control.id, index: index,
                                                   integerMenu: control.kind == .integerMenu) ?? nil else { return nil }
            return V4L2Control.MenuItem(value: index, label: label)
        }
    }

    private func refused(_ control: V4L2Control, _ value: Int, _ error: V4L2SystemError) -> FaceStickerError {
        let name = control.key
        switch error.code {
        case EACCES, EPERM:
            let why = control.readOnly ? "it is read-only" : "it is inactive or locked (an automatic mode may govern it)"
            return .unreadable(path: path, reason: "the driver refused to set \(name): \(why)")
        case EINVAL, ERANGE:
            return .unreadable(path: path, reason: "the driver refused \(name)=\(value) (range \(control.minimum)...\(control.maximum))")
        case EBUSY:
            return .unreadable(path: path, reason: "the driver refused to set \(name) now: device busy")
        default:
            return CameraFailure.describe(path, error, doing: "set \(name)")
        }
    }
}
