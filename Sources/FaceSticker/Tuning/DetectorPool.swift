/// One job's detectors, made on first use: one per setting it may run.
/// Lives on one thread (a detector handle is not thread-safe).
final class DetectorPool {
    private let settings: [DetectorSettings]
    private var finders: [Int: FaceFinder] = [:]
    private var models: [Int: OpenCVDetector] = [:]

    init(_ settings: [DetectorSettings]) {
        self.settings = settings
    }

    /// The whole face finding for `settings[index]`.
    func finder(_ index: Int) throws -> FaceFinder {
        if let finder = finders[index] { return finder }
        let finder = try FaceFinder(settings: settings[index])
        finders[index] = finder
        return finder
    }

    /// The bare model for `settings[index]` (for collecting raw detections).
    func model(_ index: Int) throws -> OpenCVDetector {
        if let model = models[index] { return model }
        let model = try OpenCVDetector(settings: settings[index])
        models[index] = model
        return model
    }
}
