/// Everything that configures a detector: the detector, its model and its
/// parameters. This is the shape of the `--config` JSON file that `tune`
/// writes and every detecting command reads (keys as the property names).
public struct DetectorSettings: Equatable, Sendable {
    public var kind: DetectorKind
    /// Model or cascade file; nil: the installed default for `kind`.
    public var model: String?
    /// Longest side of the copy the detector runs on (0: full size).
    public var inputSize: Int
    /// DNN detectors: minimum score, NMS IoU threshold, candidates kept.
    public var scoreThreshold: Double
    public var nmsThreshold: Double
    public var topK: Int
    /// Haar: pyramid step and neighbours needed.
    public var scaleFactor: Double
    public var minNeighbors: Int
    /// Faces smaller than this (box width, in input pixels) are dropped; Haar never looks for them.
    public var minSize: Int
    /// Haar: faces larger than this are not looked for (0: no limit).
    public var maxSize: Int

    /// The defaults for each detector, chosen on the WIDER FACE dev set (see README).
    public static func defaults(for kind: DetectorKind) -> DetectorSettings {
        switch kind {
        case .haar:
            return DetectorSettings(kind: kind, model: nil, inputSize: 1024, scoreThreshold: 0, nmsThreshold: 0.3,
                                    topK: 5000, scaleFactor: 1.1, minNeighbors: 5, minSize: 24, maxSize: 0)
        case .yunet:
            return DetectorSettings(kind: kind, model: nil, inputSize: 640, scoreThreshold: 0.5, nmsThreshold: 0.3,
                                    topK: 5000, scaleFactor: 1.1, minNeighbors: 5, minSize: 0, maxSize: 0)
        case .centerface:
            return DetectorSettings(kind: kind, model: nil, inputSize: 640, scoreThreshold: 0.5, nmsThreshold: 0.3,
                                    topK: 5000, scaleFactor: 1.1, minNeighbors: 5, minSize: 0, maxSize: 0)
        }
    }

    /// Checks every parameter's range; the error names the key as the config file spells it.
    public func validate(source: String = "settings") throws {
        func check(_ ok: Bool, _ key: String, _ reason: String) throws {
            if !ok { throw FaceStickerError.badValue(path: source, key: key, reason: reason) }
        }
        try check(inputSize >= 0 && inputSize <= 16384, "inputSize", "must be 0...16384, got \(inputSize)")
        try check(scoreThreshold >= 0 && scoreThreshold <= 1, "scoreThreshold", "must be 0...1, got \(scoreThreshold)")
        try check(nmsThreshold >= 0 && nmsThreshold <= 1, "nmsThreshold", "must be 0...1, got \(nmsThreshold)")
        try check(topK >= 1 && topK <= 100_000, "topK", "must be 1...100000, got \(topK)")
        try check(scaleFactor > 1 && scaleFactor <= 10, "scaleFactor", "must be above 1 and at most 10, got \(scaleFactor)")
        try check(minNeighbors >= 0 && minNeighbors <= 1000, "minNeighbors", "must be 0...1000, got \(minNeighbors)")
        try check(minSize >= 0 && minSize <= 16384, "minSize", "must be 0...16384, got \(minSize)")
        try check(maxSize >= 0 && maxSize <= 16384, "maxSize", "must be 0...16384, got \(maxSize)")
        try check(maxSize == 0 || maxSize >= minSize, "maxSize", "must be 0 or at least minSize")
    }
}
