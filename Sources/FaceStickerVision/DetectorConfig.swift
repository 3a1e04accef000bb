import Foundation
import FaceStickerCore

/// Reads and writes the detector config file (`--config FILE`, written by `tune`).
///
/// The file is a JSON object: `detector` (haar, yunet or centerface; missing:
/// the installed default), `model` (a path), one key per `DetectorParameter`
/// (numbers, or names for choices), and `tuning`, free-form notes. Missing keys
/// keep the defaults the run has without the file (the profile's, as the CLI
/// passes them to `load(path:defaults:)`); unknown keys are refused, so a typo
/// is not silently ignored. Every error names the file, the key and the problem.
package enum DetectorConfig {
    /// What a config's missing keys keep: `defaults(kind)`, the file's detector's (nil: it names none).
    package typealias Defaults = (DetectorKind?) -> DetectorSettings

    /// The plain defaults of the detector named, else of the installed default: no profile's changes.
    package static func plainDefaults(_ kind: DetectorKind?) -> DetectorSettings {
        DetectorSettings.defaults(for: kind ?? ModelStore.defaultKind())
    }

    /// Settings from the file at `path`: the keys it names on top of `defaults` (issue #44: a
    /// config changes only what it names, so a profile's settings stay where it says nothing).
    package static func load(path: String, defaults: Defaults = plainDefaults) throws -> DetectorSettings {
        try read(path: path, defaults: defaults).settings
    }

    /// As `load`, with the parameters the file names.
    package static func read(path: String, defaults: Defaults = plainDefaults) throws -> (settings: DetectorSettings, named: Set<DetectorParameter>) {
        try decodeNaming(try InputFile.contents(of: path, kind: .config), source: path, defaults: defaults)
    }

    /// Settings from JSON bytes; `source` names them in errors.
    package static func decode(_ data: Data, source: String, defaults: Defaults = plainDefaults) throws -> DetectorSettings {
        try decodeNaming(data, source: source, defaults: defaults).settings
    }

    /// As `decode`, with the parameters the JSON names.
    private static func decodeNaming(_ data: Data, source: String, defaults: Defaults) throws
        -> (settings: DetectorSettings, named: Set<DetectorParameter>) {
        guard case .object(let object) = try JSONReader.parse(data, path: source) else {
            throw FaceStickerError.unreadable(path: source, reason: "not a valid config: a JSON object {...} expected")
        }
        func bad(_ key: String, _ reason: String) -> FaceStickerError { .badValue(path: source, key: key, reason: reason) }
        var kind: DetectorKind?
        if let value = object["detector"] {
            let names = DetectorKind.allCases.map(\.rawValue).joined(separator: ", ")
            guard case .string(let name) = value, let named = DetectorKind(rawValue: name) else {
                throw bad("detector", "\(value.shown) is not one of \(names)")
            }
            kind = named
        }
        var settings = defaults(kind)
        var named: Set<DetectorParameter> = []
        for key in object.keys.sorted() {
            guard let value = object[key] else { continue }
            switch key {
            case "detector", "tuning": continue
            case "model":
                guard case .string(let path) = value, !path.isEmpty else { throw bad(key, "expected a file path") }
                // A relative path that is not there is named with the config and where it was looked for (issue #41).
                if !path.hasPrefix("/"), !FileManager.default.fileExists(atPath: path) {
                    throw bad(key, "\"\(path)\" is not there: a relative path is taken from the current folder "
                              + "(\(FileManager.default.currentDirectoryPath)), not from the config's")
                }
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
                named.insert(parameter)
            }
        }
        try settings.validate(source: source)
        return (settings, named)
    }

    /// A note `tune` leaves in the file: text or a number.
    package enum Note: Sendable, Equatable {
        case text(String)
        case number(Double)
    }

    /// The settings as config-file JSON: keys sorted, numbers as numbers,
    /// choices by name, the model path only when set, then the notes.
    package static func encode(_ settings: DetectorSettings, notes: [String: Note] = [:]) -> Data {
        var fields: [(String, JSONOutput)] = [("detector", .string(settings.kind.rawValue))]
        if let model = settings.model { fields.append(("model", .string(model))) }
        for parameter in DetectorParameter.allCases {
            let value = settings[parameter]
            fields.append((parameter.key, parameter.spec.value == .number || parameter.spec.value == .whole
                ? .number(value, digits: 6) : .string(parameter.describe(value))))
        }
        fields.sort { $0.0 < $1.0 }
        if !notes.isEmpty {
            fields.append(("tuning", .object(notes.keys.sorted().map { key in
                switch notes[key] {
                case .number(let n)?: return (key, .number(n, digits: 6))
                case .text(let t)?: return (key, .string(t))
                case nil: return (key, .null)
                }
            })))
        }
        return Data((JSONOutput.object(fields).pretty() + "\n").utf8)
    }
}
