import Foundation

/// A live preview window (OpenCV highgui). Owns one native window handle.
package final class PreviewWindow {
    private let handle: OpenCV.WindowHandle

    /// Why no window can open here, or nil when one can. highgui aborts the
    /// whole process without a display, so this is asked before opening:
    /// a display is `$DISPLAY` or `$WAYLAND_DISPLAY`, or a Qt platform chosen
    /// explicitly with `$QT_QPA_PLATFORM` (`offscreen` and `vnc` need none).
    package static func missingDisplay(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let names = ["DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"]
        if names.contains(where: { !(environment[$0] ?? "").isEmpty }) { return nil }
        return "no display ($DISPLAY and $WAYLAND_DISPLAY are unset)"
    }

    /// Why no window can open in this process, or nil when one can; worked
    /// out once. A named display is tried in a forked copy of the process
    /// first (for up to 5 s), because one that cannot be reached (a stale
    /// `$DISPLAY` after an SSH session) aborts the process inside highgui.
    package static let unavailable: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let missing = missingDisplay(environment: environment) { return missing }
        if (try? OpenCV.windowCanOpen(timeoutMilliseconds: 5000)) == true { return nil }
        let named = ["DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"]
            .compactMap { name in environment[name].flatMap { $0.isEmpty ? nil : "$\(name) is \($0)" } }
        return "cannot open a window (\(named.joined(separator: ", ")))"
    }()

    /// Opens a window; fails with the reason when no window can open here.
    package init(title: String) throws {
        if let unavailable = Self.unavailable {
            throw FaceStickerError.invalidArgument("preview: \(unavailable)")
        }
        handle = try OpenCV.createWindow(title: title)
    }

    deinit { OpenCV.destroyWindow(handle) }

    package func show(_ image: RGBAImage) throws {
        try OpenCV.showWindow(handle, image)
    }

    /// Lets the window draw and take input for `milliseconds`; the key pressed
    /// (its character code, nil for none) and whether the user closed the window.
    package func waitKey(milliseconds: Int) throws -> (key: Int?, closed: Bool) {
        try OpenCV.waitKey(handle, milliseconds: max(1, min(10_000, milliseconds)))
    }
}
