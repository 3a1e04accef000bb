import Foundation

/// Reads and writes the detector config file (`--config FILE`, written by `tune`).
///
/// The file is a JSON object: `detector` (haar, yunet or centerface; missing:
/// the installed default), `model` (a path), one key per `DetectorParameter`
/// (numbers, or names for choices), and `tuning`, free-form notes. Missing keys
/// keep their defaults; unknown keys are refused, so a typo is not silently
/// ignored. Every error names the file, the key and the problem.
package enum DetectorConfig {
    /// Settings from the file at `path`.
    package static func load(path: String) throws -> DetectorSettings {
        try decode(try InputFile.contents(of: path, kind: .config), source: path)
    }

    /// Settings from JSON bytes; `source` names them in errors.
    package static func decode(_ data: Data, source: String) throws -> DetectorSettings {
        guard case .object(let object) = try JSONReader.parse(data, path: source) else {
            throw FaceStickerError.unreadable(path: source, reason: "not a valid config: a JSON object {...} expected")
        }
        func bad(_ key: String, _ reason: String) -> FaceStickerError { .badValue(path: source, key: key, reason: reason) }
        var kind = ModelStore.defaultKind()
        if let value = object["detector"] {
            let names = DetectorKind.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .string(let name) = value, let named = DetectorKind(rawValue: name) else {
                throw bad("detector", "\(value.shown) is not one of \(names)")
            }
            kind = named
        }
        var settings = DetectorSettings.defaults(for: kind)
        for key in object.keys.sorted() {
            guard let value = object[key] else { continue }
            switch key {
            case "detector", "tuning": continue
            case "model":
                guard case .string(let path) = value, !path.isEmpty else { throw bad(key, "expected a file path") }
                settings.model = path
            default:
                guard let parameter = DetectorParameter(rawValue: key) else {
                    let known = ["detector", "model"] + DetectorParameter.allCases.map(\.key) + ["tuning"]
                    throw bad(key, "unknown key (known: \(known.joined(separator: ", ")))")
                }
                let number: Double
                switch (value, parameter.spec.value) {
                case (.string(let name), .choice(let names)):
                    guard let index = names.firstIndex(of: name) else {
                        throw bad(key, "\(value.shown) is not one of \(names.joined(separator: ", "))")
                    }
                    number = Double(index)
                case (.number(let n), .whole), (.number(let n), .number):
                    number = n
                case (_, .choice(let names)):
                    throw bad(key, "expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), got \(value.shown)")
                default:
                    throw bad(key, "expected a number, got \(value.shown)")
                }
                if let problem = parameter.check(number) { throw bad(key, problem) }
                settings[parameter] = number
            }
        }
        try settings.validate(source: source)
        return settings
    }

    /// A note `tune` leaves in the file: text or a number.
    package enum Note: Sendable, Equatable {
        case text(String)
        case number(Double)
    }

    /// The settings as config-file JSON: keys sorted, numbers as numbers,
    /// choices by name, the model path only when set, then the notes.
    package static func encode(_ settings: DetectorSettings, notes: [String: Note] = [:]) -> Data {
        var fields = [("detector", JSONText.string(settings.kind.rawValue))]
        if let model = settings.model { fields.append(("model", JSONText.string(model))) }
        for parameter in DetectorParameter.allCases {
            let value = settings[parameter]
            let text = parameter.spec.value == .number || parameter.spec.value == .whole
                ? JSONText.number(value, digits: 6) : JSONText.string(parameter.describe(value))
            fields.append((parameter.key, text))
        }
        var lines = fields.sorted { $0.0 < $1.0 }.map { "  \(JSONText.string($0.0)): \($0.1)" }
        if !notes.isEmpty {
            let inner = notes.keys.sorted().map { key -> String in
                let text: String
                switch notes[key] {
                case .number(let n)?: text = JSONText.number(n, digits: 6)
                case .text(let t)?: text = JSONText.string(t)
                case nil: text = "null"
                }
                return "    \(JSONText.string(key)): \(text)"
            }
            lines.append("  \"tuning\": {\n" + inner.joined(separator: ",\n") + "\n  }")
        }
        return Data(("{\n" + lines.joined(separator: ",\n") + "\n}\n").utf8)
    }
}
