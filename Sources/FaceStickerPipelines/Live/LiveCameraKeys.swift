import Foundation
import FaceStickerNative
import FaceStickerMedia

/// The camera keys of the live preview, run on the loop's source thread
/// (`LiveAction.onSource`): `c` switches to the next camera `facesticker
/// devices` lists (a phone's front/back switch); +/- zoom through the
/// camera's `zoom_absolute` when it has one (else the loop's centred digital
/// crop); [ ] change exposure (`exposure_time_absolute` or
/// `exposure_absolute`, with automatic exposure turned off first) when the
/// camera has it. Each returns the line to print.
package enum LiveCameraKeys {
    /// Zoom steps: 8 across the control's range; digital zoom goes 1x to 4x by 0.25.
    package static let steps = 8

    /// The camera behind a live source, if it is one.
    package static func camera(_ source: FrameSource) -> V4L2Camera? {
        (source as? CameraSource)?.camera
    }

    /// `direction` +1 zooms in, -1 out. Nil when the camera has no zoom control (use digital zoom).
    package static func zoom(_ source: FrameSource, direction: Int) throws -> String? {
        try step(source, names: ["zoom_absolute"], direction: direction, what: "zoom")
    }

    /// `direction` +1 brighter (longer exposure), -1 darker.
    package static func exposure(_ source: FrameSource, direction: Int) throws -> String {
        guard let camera = camera(source) else { return "exposure: not a camera (no exposure control)" }
        let controls = try camera.controls()
        guard controls.contains(where: { $0.key == "exposure_time_absolute" || $0.key == "exposure_absolute" }) else {
            return "exposure: \(camera.path) has no exposure control"
        }
        // Manual exposure first: the absolute control is inactive under automatic exposure.
        if let auto = controls.first(where: { $0.key == "auto_exposure" || $0.key == "exposure_auto" }),
           let manual = auto.menu.first(where: { $0.label.lowercased().hasPrefix("manual") }),
           try camera.value(of: auto) != manual.value {
            _ = try camera.apply(ControlSetting(name: auto.key, value: String(manual.value)))
        }
        return try step(source, names: ["exposure_time_absolute", "exposure_absolute"], direction: direction,
                        what: "exposure") ?? "exposure: \(camera.path) has no exposure control"
    }

    private static func step(_ source: FrameSource, names: [String], direction: Int, what: String) throws -> String? {
        guard let camera = camera(source) else { return nil }
        guard let control = try camera.controls().first(where: { names.contains($0.key) }) else { return nil }
        let now = try camera.value(of: control)
        let stride = max(control.step, (control.maximum - control.minimum) / steps, 1)
        let wanted = max(control.minimum, min(control.maximum, now + direction * stride))
        let change = try camera.apply(ControlSetting(name: control.key, value: String(wanted)))
        return "\(what): \(change.summary)"
    }

    /// Switches to the camera after the current one in `devices` (sorted paths); the note says which.
    package static func nextCamera(_ source: FrameSource, devices: [String], size: (width: Int, height: Int),
                                   system: any V4L2System = V4L2()) throws -> String {
        guard let camera = source as? CameraSource else {
            return "camera: the source is a file, not a camera"
        }
        // In the order given (`facesticker devices`' order), starting after the current one.
        let start = devices.firstIndex(of: camera.name).map { $0 + 1 } ?? 0
        let order = Array(devices[start...] + devices[..<start]).filter { $0 != camera.name }
        guard !order.isEmpty else { return "camera: \(camera.name) is the only camera" }
        // The current camera stops first: two cameras streaming at once can exceed the USB
        // bandwidth. Others are probed in turn until one streams (metadata nodes, busy
        // cameras are passed over); when none does, the first one comes back.
        let currentPath = camera.name
        var reasons: [String] = []
        for path in order {
            do {
                try camera.switchCamera(to: path, width: size.width, height: size.height, system: system)
                return "camera: \(path)"
            } catch {
                reasons.append("\(error)")
            }
        }
        try camera.switchCamera(to: currentPath, width: size.width, height: size.height, system: system)
        return "camera: no other camera could start (\(reasons.joined(separator: "; ")))"
    }
}
