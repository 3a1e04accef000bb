/// A camera control as VIDIOC_QUERYCTRL describes it (brightness, exposure, zoom, focus...).
public struct V4L2Control: Equatable, Sendable {
    /// The control types V4L2 defines; values are read and set as 32-bit integers
    /// for integer, boolean, menu and integer-menu controls only.
    public enum Kind: Equatable, Sendable {
        case integer, boolean, menu, integerMenu, button, integer64, controlClass, string, bitmask
        case other(UInt32)

        /// Whether VIDIOC_G_CTRL / VIDIOC_S_CTRL can carry its value.
        public var hasValue: Bool { [.integer, .boolean, .menu, .integerMenu].contains(self) }

        public var name: String {
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
    public struct MenuItem: Equatable, Sendable {
        public var value: Int
        public var label: String

        public init(value: Int, label: String) {
            self.value = value
            self.label = label
        }
    }

    public var id: UInt32
    /// As the driver spells it ("Exposure Time, Absolute").
    public var name: String
    public var kind: Kind
    public var minimum: Int
    public var maximum: Int
    public var step: Int
    public var defaultValue: Int
    public var disabled: Bool
    public var readOnly: Bool
    public var writeOnly: Bool
    /// Another control (an automatic mode) governs it for now: setting it may change nothing.
    public var inactive: Bool
    public var menu: [MenuItem]

    public init(id: UInt32, name: String, kind: Kind, minimum: Int = 0, maximum: Int = 0, step: Int = 1,
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
    public var key: String { Self.key(for: name) }

    /// `name` in the `key` spelling.
    public static func key(for name: String) -> String {
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
