import FaceSticker

/// The detector options every detecting command accepts: `--detector`,
/// `--config`, `--model`, and one option per `DetectorParameter`, whose name,
/// checking, default and help all come from that table.
enum DetectorOptions {
    static let detector = Option.value("--detector", placeholder: "NAME",
                                       kind: .choice(DetectorKind.allCases.map(\.rawValue)),
                                       default: "centerface for photos, yunet for video and live",
                                       help: "the detector: " + DetectorKind.allCases.map(\.rawValue).joined(separator: ", "))
    static let config = Option.value("--config", placeholder: "FILE", kind: .file,
                                     help: "detector settings as JSON (written by `facesticker tune`)")
    static let model = Option.value("--model", placeholder: "FILE", kind: .file,
                                    help: "model or cascade file instead of the installed one")

    /// One option per parameter of the table.
    static let parameters: [(DetectorParameter, Option)] = DetectorParameter.allCases.map { parameter in
        let spec = parameter.spec
        var defaults = parameter.describe(spec.defaultValue)
        for kind in DetectorKind.allCases {
            if let v = spec.defaultFor[kind] { defaults += ", \(kind.rawValue) \(parameter.describe(v))" }
        }
        var help = spec.help
        if case .choice = spec.value {} else {
            help += " (\(parameter.describe(spec.range.lowerBound))...\(parameter.describe(spec.range.upperBound)))"
        }
        let kind: ValueKind
        if case .choice(let names) = spec.value {
            kind = .choice(names)
        } else {
            kind = .custom { text in
                switch parameter.parse(text) {
                case .success: return nil
                case .failure(let error):
                    // The table's message starts with the flag, which the parser adds itself.
                    let message = "\(error)"
                    return message.hasPrefix(parameter.flag + ": ") ? String(message.dropFirst(parameter.flag.count + 2)) : message
                }
            }
        }
        return (parameter, Option.value(parameter.flag, placeholder: spec.placeholder, kind: kind, default: defaults, help: help))
    }

    static let group = OptionGroup("detector", [detector, config, model] + parameters.map(\.1))

    /// The settings from `--config`, then the explicit options on top.
    static func settings(_ arguments: Arguments, use: ModelStore.Use = .photo) throws -> DetectorSettings {
        var settings: DetectorSettings
        let named = arguments.string(detector).flatMap(DetectorKind.init(rawValue:))
        if let path = arguments.string(config) {
            settings = try DetectorConfig.load(path: path)
            // A config tuned for another detector says nothing about this one.
            if let named, named != settings.kind { settings = DetectorSettings.defaults(for: named, use: use) }
        } else {
            settings = DetectorSettings.defaults(for: named ?? ModelStore.defaultKind(for: use), use: use)
        }
        if let v = arguments.string(model) { settings.model = v }
        for (parameter, option) in parameters {
            guard let text = arguments.string(option) else { continue }
            settings[parameter] = try asUsage { try parameter.parse(text).get() }
        }
        try asUsage { try settings.validate(source: "options") }
        return settings
    }

    /// The detector the options describe.
    static func parse(_ arguments: Arguments, use: ModelStore.Use = .photo) throws -> FaceFinder {
        let finder = try FaceFinder(settings: try settings(arguments, use: use))
        Console.detail("detector: \(finder.kind.rawValue), "
            + DetectorParameter.allCases.filter { $0.applies(to: finder.kind) }
                .map { "\($0.key) \($0.describe(finder.settings[$0]))" }.joined(separator: ", "))
        return finder
    }

    /// Whether the run chose the detector's input size (`--input-size` or `--config`).
    static func sizeGiven(_ arguments: Arguments) -> Bool {
        arguments.has(config) || parameters.contains { $0.0 == .inputSize && arguments.has($0.1) }
    }
}
