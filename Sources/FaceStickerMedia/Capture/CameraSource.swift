import Foundation
import FaceStickerCore
import FaceStickerNative

/// Frames from a V4L2 camera, as YUV 4:2:0 in BT.601 (`V4L2Camera.readFrame`).
package final class CameraSource: FrameSource {
    /// The camera streaming now; another one after `switchCamera`.
    package private(set) var camera: V4L2Camera
    /// What `--set` did, in order, for the caller to report.
    package let controlChanges: [ControlChange]
    /// The driver's frame interval as a rate (30 fps when it gives none), as the first camera reported it; a switch keeps it.
    package let frameRate: FrameRate

    /// The camera opened when none is named (`--device`), and the picture size asked for (`--size`).
    package static let defaultDevice = "/dev/video0"
    package static let defaultSize = (width: 640, height: 480)

    /// Opens `path`, applies `controls` (before streaming, so warm-up frames
    /// already see them) and starts streaming at about `width` x `height`, at the
    /// listed rate nearest `fps` or else the camera's fastest (`V4L2Camera.start`).
    package init(path: String, width: Int = CameraSource.defaultSize.width, height: Int = CameraSource.defaultSize.height, fps: Double? = nil, controls: [ControlSetting] = [],
                system: any V4L2System = V4L2()) throws {
        camera = try V4L2Camera(path: path, system: system)
        var changes: [ControlChange] = []
        for setting in controls { changes.append(try camera.apply(setting)) }
        controlChanges = changes
        try camera.start(width: width, height: height, fps: fps)
        frameRate = Self.rate(camera.frameInterval)
    }

    deinit { camera.close() }

    package var name: String { camera.path }
    package var isLive: Bool { true }

    /// One second of frames at the driver's frame rate (30 when it does not say).
    package var defaultWarmUp: Int {
        guard let interval = camera.frameInterval, interval > 0 else { return 30 }
        return max(1, min(120, Int((1 / interval).rounded())))
    }

    /// What streams, for the run's notes: `/dev/video0 640x480 YUYV at 30 fps` (RGB24 is
    /// what libv4l2 converts the camera's own format to; a driver that does not say its
    /// rate: `at an unreported rate`).
    package var summary: String {
        guard let format = camera.format else { return "\(camera.path) (not streaming)" }
        let code = format.fourcc == .rgb24 ? "RGB24 (converted by libv4l2)" : "\(format.fourcc)"
        let rate = camera.frameInterval.flatMap { $0 > 0 ? "at \(String(format: "%.4g", 1 / $0)) fps" : nil }
            ?? "at an unreported rate"
        return "\(camera.path) \(format.width)x\(format.height) \(code) \(rate)"
    }

    /// The negotiated size.
    package var size: (width: Int, height: Int) {
        get throws {
            guard let format = camera.format else { throw FaceStickerError.invalidArgument("\(camera.path): not streaming") }
            return (format.width, format.height)
        }
    }

    package func next() throws -> Frame? {
        Frame(try camera.readFrame(), matrix: .bt601)
    }

    package func rewind() throws -> Bool { false }

    /// Closes this camera, then opens and starts the one at `path` in its place (the
    /// live preview's `c`), asked for this source's `frameRate`, which the run counts
    /// frames by. When that fails, the closed camera stays: reads fail.
    package func switchCamera(to path: String, width: Int, height: Int, system: any V4L2System) throws {
        camera.close()
        let next = try V4L2Camera(path: path, system: system)
        try next.start(width: width, height: height, fps: frameRate.value)
        camera = next
    }

    package func close() {
        camera.close()
    }

    /// The driver's interval as a rate; 30 fps when it gives none or an implausible one.
    private static func rate(_ interval: Double?) -> FrameRate {
        guard let interval, interval >= 0.001, interval <= 60,
              let rate = FrameRate(numerator: Int((1 / interval * 1000).rounded()), denominator: 1000) else { return .thirty }
        return rate
    }
}
