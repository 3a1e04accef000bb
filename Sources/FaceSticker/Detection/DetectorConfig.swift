import Foundation

/// Reads and writes the detector config file (`--config FILE`, written by `tune`).
///
/// The file is a JSON object with the keys of `DetectorSettings` (`detector`
/// for the kind); missing keys keep their defaults, unknown keys are refused so
/// a typo is not silently ignored, and `tuning` may hold free-form notes.
public enum DetectorConfig {
    /// Settings from the file at `path`; the error names the file and the bad key.
    public static func load(path: String) throws -> DetectorSettings {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FaceStickerError.fileNotFound(path: path)
        }
        return try decode(data, source: path)
    }

    /// Settings from JSON bytes; `source` names them in errors.
    public static func decode(_ data: Data, source: String) throws -> DetectorSettings {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw describe(error, source: source)
        } catch let error as FaceStickerError {
            throw error
        } catch {
            throw FaceStickerError.unreadable(path: source, reason: "not a valid config: \(error)")
        }
        guard let kind = file.detector else {
            throw FaceStickerError.badValue(path: source, key: "detector", reason: "missing (haar, yunet or centerface)")
        }
        var settings = DetectorSettings.defaults(for: kind)
        if let v = file.model { settings.model = v }
        if let v = file.inputSize { settings.inputSize = v }
        if let v = file.scoreThreshold { settings.scoreThreshold = v }
        if let v = file.nmsThreshold { settings.nmsThreshold = v }
        if let v = file.topK { settings.topK = v }
        if let v = file.scaleFactor { settings.scaleFactor = v }
        if let v = file.minNeighbors { settings.minNeighbors = v }
        if let v = file.minSize { settings.minSize = v }
        if let v = file.maxSize { settings.maxSize = v }
        try settings.validate(source: source)
        return settings
    }

    /// The settings as config-file JSON, keys sorted, model path only when set.
    public static func encode(_ settings: DetectorSettings, notes: [String: String] = [:]) -> Data {
        var object: [String: Any] = [
            "detector": settings.kind.rawValue, "inputSize": settings.inputSize,
            "scoreThreshold": settings.scoreThreshold, "nmsThreshold": settings.nmsThreshold,
            "topK": settings.topK, "scaleFactor": settings.scaleFactor, "minNeighbors": settings.minNeighbors,
            "minSize": settings.minSize, "maxSize": settings.maxSize,
        ]
        if let model = settings.model { object["model"] = model }
        if !notes.isEmpty { object["tuning"] = notes }
        let options: JSONSerialization.WritingOptions = [.prettyPrinted, .sortedKeys]
        return (try? JSONSerialization.data(withJSONObject: object, options: options)) ?? Data()
    }

    private static func describe(_ error: DecodingError, source: String) -> FaceStickerError {
        func key(_ path: [CodingKey]) -> String { path.map(\.stringValue).joined(separator: ".") }
        switch error {
        case .typeMismatch(let type, let context):
            return .badValue(path: source, key: key(context.codingPath), reason: "expected \(expected(type))")
        case .valueNotFound(let type, let context):
            return .badValue(path: source, key: key(context.codingPath), reason: "expected \(expected(type)), got null")
        case .keyNotFound(let missing, let context):
            return .badValue(path: source, key: key(context.codingPath + [missing]), reason: "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return .unreadable(path: source, reason: "not valid JSON")
            }
            return .badValue(path: source, key: key(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .unreadable(path: source, reason: "not a valid config")
        }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Int.Type: return "a whole number"
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        default: return "a JSON object"
        }
    }

    /// The file's keys, all optional.
    private struct File: Decodable {
        var detector: DetectorKind?
        var model: String?
        var inputSize: Int?
        var scoreThreshold: Double?
        var nmsThreshold: Double?
        var topK: Int?
        var scaleFactor: Double?
        var minNeighbors: Int?
        var minSize: Int?
        var maxSize: Int?

        private enum Key: String, CodingKey, CaseIterable {
            case detector, model, inputSize, scoreThreshold, nmsThreshold, topK, scaleFactor, minNeighbors
            case minSize, maxSize, tuning
        }

        private struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        init(from decoder: Decoder) throws {
            let all = try decoder.container(keyedBy: AnyKey.self)
            for key in all.allKeys where Key(rawValue: key.stringValue) == nil {
                throw DecodingError.dataCorrupted(.init(codingPath: [key], debugDescription: "unknown key"))
            }
            let c = try decoder.container(keyedBy: Key.self)
            detector = try c.decodeIfPresent(DetectorKind.self, forKey: .detector)
            model = try c.decodeIfPresent(String.self, forKey: .model)
            inputSize = try Self.whole(c, .inputSize)
            scoreThreshold = try c.decodeIfPresent(Double.self, forKey: .scoreThreshold)
            nmsThreshold = try c.decodeIfPresent(Double.self, forKey: .nmsThreshold)
            topK = try Self.whole(c, .topK)
            scaleFactor = try c.decodeIfPresent(Double.self, forKey: .scaleFactor)
            minNeighbors = try Self.whole(c, .minNeighbors)
            minSize = try Self.whole(c, .minSize)
            maxSize = try Self.whole(c, .maxSize)
        }

        /// Foundation reports a fractional number for an Int key without the
        /// key's name, so whole numbers are read as Double and checked here.
        private static func whole(_ c: KeyedDecodingContainer<Key>, _ key: Key) throws -> Int? {
            guard let value = try c.decodeIfPresent(Double.self, forKey: key) else { return nil }
            guard value == value.rounded(), abs(value) < 1e9 else {
                throw DecodingError.typeMismatch(Int.self, .init(codingPath: [key], debugDescription: "not whole"))
            }
            return Int(value)
        }
    }
}
