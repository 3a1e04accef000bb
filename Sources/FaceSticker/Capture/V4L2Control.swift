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
