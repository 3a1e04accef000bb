import Foundation

/// A live preview window (OpenCV highgui). Owns one native window handle.
public final class PreviewWindow {
    private let handle: OpenCV.WindowHandle

    /// Why no window can open here, or nil when one can. highgui aborts the
    /// whole process without a display, so this is asked before opening:
    /// a display is `$DISPLAY` or `$WAYLAND_DISPLAY`, or a Qt platform chosen
    /// explicitly with `$QT_QPA_PLATFORM` (`offscreen` and `vnc` need none).
    public static func missingDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let names = ["DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"]
        if names.contains(where: { !(environment[$0] ?? "").isEmpty }) { return nil }
        return "no display ($DISPLAY and $WAYLAND_DISPLAY are unset)"
    }

    /// Opens a window; fails with the reason when there is no display.
    public init(title: String) throws {
        if let missing = Self.missingDisplay() {
            throw FaceStickerError.invalidArgument("preview: \(missing)")
        }
        handle = try OpenCV.createWindow(title: title)
    }

    deinit { OpenCV.destroyWindow(handle) }

    public func show(_ image: RGBAImage) throws {
        try OpenCV.showWindow(handle, image)
    }

    /// Lets the window draw and take input for `milliseconds`; the key pressed
    /// (its character code, nil for none) and whether the user closed the window.
    public func waitKey(milliseconds: Int) throws -> (key: Int?, closed: Bool) {
        try OpenCV.waitKey(handle, milliseconds: max(1, min(10_000, milliseconds)))
    }
}
