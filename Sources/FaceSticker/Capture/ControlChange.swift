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
