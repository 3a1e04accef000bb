/// A face detector run by OpenCV: Haar, YuNet or CenterFace, as its settings
/// say. Owns one native detector handle. Not safe to use from two threads at once.
public final class OpenCVDetector: FaceDetector {
    public let settings: DetectorSettings
    public var kind: DetectorKind { settings.kind }
    private let handle: OpenCV.DetectorHandle

    /// Loads the model named in `settings`, or the installed default.
    public init(settings: DetectorSettings) throws {
        try settings.validate()
        guard let model = settings.model ?? ModelStore.defaultModel(for: settings.kind) else {
            throw FaceStickerError.model(
                path: settings.kind.rawValue,
                reason: "model not installed (run `make models`, or pass --model FILE)")
        }
        var resolved = settings
        resolved.model = model
        self.settings = resolved
        handle = try OpenCV.createDetector(resolved, model: model)
    }

    deinit { OpenCV.destroyDetector(handle) }

    /// Sets how many threads OpenCV may use inside each detection, for the
    /// whole process (0: its default, one per core). Callers that run
    /// detectors on threads of their own set 1: OpenCV's helpers would only
    /// spin waiting for work on cores that are already busy.
    public static func setThreadsPerDetection(_ count: Int) throws {
        try OpenCV.setThreadCount(count)
    }

    public func detect(in image: RGBAImage) throws -> [Face] {
        guard image.width > 0, image.height > 0 else { return [] }
        let faces = try OpenCV.detect(handle, in: image)
        let minSize = Double(settings.minSize)
        return minSize > 0 ? faces.filter { $0.box.width >= minSize } : faces
    }
}
