/// One job's detectors, made on first use: one per setting it may run.
/// Lives on one thread (a detector handle is not thread-safe).
final class DetectorPool {
    private let settings: [DetectorSettings]
    private var made: [Int: OpenCVDetector] = [:]

    init(_ settings: [DetectorSettings]) {
        self.settings = settings
    }

    /// The detector for `settings[index]`.
    func detector(_ index: Int) throws -> OpenCVDetector {
        if let detector = made[index] { return detector }
        let detector = try OpenCVDetector(settings: settings[index])
        made[index] = detector
        return detector
    }
}
