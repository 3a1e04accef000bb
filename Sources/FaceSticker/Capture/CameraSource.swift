/// Frames from a V4L2 camera.
package final class CameraSource: FrameSource {
    package let camera: V4L2Camera
    /// What `--set` did, in order, for the caller to report.
    package let controlChanges: [ControlChange]

    /// Opens `path`, applies `controls` (before streaming, so warm-up frames
    /// already see them) and starts streaming at about `width` x `height`.
    package init(path: String, width: Int = 640, height: Int = 480, controls: [ControlSetting] = [],
                system: any V4L2System = V4L2()) throws {
        camera = try V4L2Camera(path: path, system: system)
        var changes: [ControlChange] = []
        for setting in controls { changes.append(try camera.apply(setting)) }
        controlChanges = changes
        try camera.start(width: width, height: height)
    }

    deinit { camera.close() }

    package var name: String { camera.path }
    package var isLive: Bool { true }

    /// One second of frames at the driver's frame rate (30 when it does not say).
    package var defaultWarmUp: Int {
        guard let interval = camera.frameInterval, interval > 0 else { return 30 }
        return max(1, min(120, Int((1 / interval).rounded())))
    }

    package func nextFrame() throws -> RGBAImage? {
        try camera.readFrame()
    }

    package func close() {
        camera.close()
    }
}
