/// A detector parameter `tune` can sweep, named as the config file names it.
public enum TunableParameter: String, CaseIterable, Sendable {
    case inputSize, scoreThreshold, nmsThreshold, topK, scaleFactor, minNeighbors, minSize, maxSize

    /// Accepts the config key (`scoreThreshold`) or the CLI option's
    /// spelling (`score-threshold`), in any case.
    public init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = match
    }

    /// Whether the detector uses this parameter.
    public func applies(to kind: DetectorKind) -> Bool {
        switch self {
        case .inputSize, .minSize: return true
        case .scoreThreshold, .nmsThreshold, .topK: return kind != .haar
        case .scaleFactor, .minNeighbors, .maxSize: return kind == .haar
        }
    }

    /// Whether values must be whole numbers.
    public var isWhole: Bool {
        switch self {
        case .scoreThreshold, .nmsThreshold, .scaleFactor: return false
        default: return true
        }
    }

    /// Whether changing it needs the network run again (otherwise cached raw detections are replayed).
    public var needsRerun: Bool { self == .inputSize }

    public func value(in settings: DetectorSettings) -> Double {
        switch self {
        case .inputSize: return Double(settings.inputSize)
        case .scoreThreshold: return settings.scoreThreshold
        case .nmsThreshold: return settings.nmsThreshold
        case .topK: return Double(settings.topK)
        case .scaleFactor: return settings.scaleFactor
        case .minNeighbors: return Double(settings.minNeighbors)
        case .minSize: return Double(settings.minSize)
        case .maxSize: return Double(settings.maxSize)
        }
    }

    /// Sets the value (whole-number parameters take it rounded; callers check `isWhole` first).
    public func set(_ value: Double, in settings: inout DetectorSettings) {
        let whole = value.isFinite ? Int(max(min(value.rounded(), 1e9), -1e9)) : 0
        switch self {
        case .inputSize: settings.inputSize = whole
        case .scoreThreshold: settings.scoreThreshold = value
        case .nmsThreshold: settings.nmsThreshold = value
        case .topK: settings.topK = whole
        case .scaleFactor: settings.scaleFactor = value
        case .minNeighbors: settings.minNeighbors = whole
        case .minSize: settings.minSize = whole
        case .maxSize: settings.maxSize = whole
        }
    }
}
