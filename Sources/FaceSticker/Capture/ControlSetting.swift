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
