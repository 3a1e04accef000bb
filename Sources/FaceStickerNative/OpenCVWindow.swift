import CFaceDetect
import FaceStickerCore

// fd_window.h: the calls that open, show and close highgui windows.

// MARK: - Preview windows (highgui), for `live --preview` and `selfie --preview`

extension OpenCV {
    /// An fd_window handle; see `PreviewWindow` for its owner.
    package typealias WindowHandle = OpaquePointer

    /// Whether a window opens (tried in a forked copy of the process, which highgui may abort).
    package static func windowCanOpen(timeoutMilliseconds: Int) throws -> Bool {
        var reachable: Int32 = 0
        let status = fd_window_probe(Int32(clamping: timeoutMilliseconds), &reachable)
        guard status == FD_OK else { throw error(status, path: "preview") }
        return reachable == 1
    }

    /// Handles window events for `milliseconds`; the key pressed (nil: none) and whether the window was closed.
    package static func waitKey(_ handle: WindowHandle, milliseconds: Int) throws -> (key: Int?, closed: Bool) {
        var key: Int32 = -1, closed: Int32 = 0
        let status = fd_window_wait_key(handle, Int32(clamping: milliseconds), &key, &closed)
        guard status == FD_OK else { throw error(status, path: "preview window") }
        return (key >= 0 ? Int(key) : nil, closed != 0)
    }

    package static func destroyWindow(_ handle: WindowHandle) {
        fd_window_destroy(handle)
    }
}

extension OpenCV {
    /// The screen's size, nil when unknown (no X11 display).
    package static func screenSize() -> (width: Int, height: Int)? {
        var w: Int32 = 0, h: Int32 = 0
        guard fd_screen_size(&w, &h) == FD_OK, w > 0, h > 0 else { return nil }
        return (Int(w), Int(h))
    }

    package static func createFittedWindow(title: String, width: Int, height: Int, screen: (width: Int, height: Int)?) throws -> WindowHandle {
        var handle: WindowHandle?
        let status = fd_window_create_fitted(title, Int32(clamping: width), Int32(clamping: height),
                                             Int32(clamping: screen?.width ?? 0), Int32(clamping: screen?.height ?? 0), &handle)
        guard status == FD_OK, let handle else { throw error(status, path: "preview window") }
        return handle
    }

    /// Shows `image` in the window as it is.
    package static func show(_ handle: WindowHandle, _ image: RGBAImage) throws {
        let status = withView(image) { fd_window_show(handle, $0) }
        guard status == FD_OK else { throw error(status, path: "preview window") }
    }

    /// The window's picture on the screen: position and size.
    package static func windowGeometry(_ handle: WindowHandle) throws -> (x: Int, y: Int, width: Int, height: Int) {
        var x: Int32 = 0, y: Int32 = 0, w: Int32 = 0, h: Int32 = 0
        let status = fd_window_geometry(handle, &x, &y, &w, &h)
        guard status == FD_OK else { throw error(status, path: "preview window") }
        return (Int(x), Int(y), Int(w), Int(h))
    }
}
