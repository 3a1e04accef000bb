import FaceStickerCore
import FaceStickerNative
/// One OpenCV model (Haar, YuNet or CenterFace) run on exactly the image it is
/// given: no resizing, no verification, no filtering. `FaceFinder` builds the
/// product's detection on it. Owns one native handle; not safe to use from two
/// threads at once.
package final class OpenCVDetector: FaceDetector {
    package let settings: DetectorSettings
    package var kind: DetectorKind { settings.kind }
    private let handle: OpenCV.DetectorHandle

    /// Loads the model named in `settings`, or the installed default.
    package init(settings: DetectorSettings) throws {
        try settings.validate()
        let model = try ModelStore.model(for: settings.kind, named: settings.model)
        var resolved = settings
        resolved.model = model
        self.settings = resolved
        handle = try OpenCV.createDetector(OpenCV.DetectorParameters(
            backend: Self.backend(settings.kind), model: model, scoreThreshold: settings.scoreThreshold,
            nmsThreshold: settings.nmsThreshold, topK: settings.topK, scaleFactor: settings.scaleFactor,
            minNeighbors: settings.minNeighbors, minSize: settings.minSize, maxSize: settings.maxSize))
    }

    deinit { OpenCV.destroyDetector(handle) }

    /// Sets how many threads OpenCV may use inside each detection, for the
    /// whole process (0: its default, one per core). Callers that run
    /// detectors on threads of their own set 1: OpenCV's helpers would only
    /// spin waiting for work on cores that are already busy.
    package static func setThreadsPerDetection(_ count: Int) throws {
        try OpenCV.setThreadCount(count)
    }

    /// The model's faces in `image`'s pixels, best first.
    package func detect(in image: RGBAImage) throws -> [Face] {
        guard image.width > 0, image.height > 0 else { return [] }
        return try OpenCV.detect(handle, in: image).map { found in
            Face(box: found.box, score: found.score, landmarks: found.landmarks.flatMap(Landmarks.init(points:)))
        }
    }

    private static func backend(_ kind: DetectorKind) -> OpenCV.Backend {
        switch kind {
        case .haar: return .haar
        case .yunet: return .yunet
        case .centerface: return .centerface
        }
    }
}
