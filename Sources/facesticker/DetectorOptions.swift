import FaceSticker

/// The detector options every detecting command accepts: `--detector`,
/// `--config`, `--model`, and one option per `DetectorParameter`, whose name,
/// checking, default and help all come from that table.
enum DetectorOptions {
    static let detector = Option.value("--detector", placeholder: "NAME",
                                       kind: .choice(DetectorKind.allCases.map(\.rawValue)),
                                       default: detectorDefault(for: .photo),
                                       help: "the detector: " + DetectorKind.allCases.map(\.rawValue).joined(separator: ", "))
    static let config = Option.value("--config", placeholder: "FILE", kind: .file,
                                     help: "detector settings as JSON (written by `facesticker tune`)")
    static let model = Option.value("--model", placeholder: "FILE", kind: .file,
                                    help: "model or cascade file instead of the installed one")
    static let profile = Option.value("--profile", placeholder: "NAME",
                                      kind: .choice(["auto"] + DetectionProfile.allCases.map(\.rawValue)), default: "auto",
                                      help: "what detection favours: precision (no sticker on a non-face) or recall "
                                          + "(no face left unhidden); auto: recall when every --sticker is blur, "
                                          + "pixelate or solid, else precision. The options below override it")

    /// One option per parameter of the table (defaults as for photos; `group(for:)` says a use's).
    static let parameters: [(DetectorParameter, Option)] = parameterOptions(for: .photo)

    /// The options for `use`, with its defaults in words: the same options (they parse alike), told
    /// as a command of that use runs them (video keeps to upright faces: `--rotations` none).
    static func group(for use: ModelStore.Use) -> OptionGroup {
        let detector = Option.value("--detector", placeholder: Self.detector.placeholder, kind: Self.detector.kind ?? .text,
                                    default: detectorDefault(for: use), help: Self.detector.help)
        return OptionGroup("detector", [detector, config, model, profile] + parameterOptions(for: use).map(\.1))
    }

    /// `yunet; centerface under --profile recall; ...`: the detector `ModelStore.defaultKind` picks.
    static func detectorDefault(for use: ModelStore.Use) -> String {
        let precision = ModelStore.preferredKinds(for: use, profile: .precision)
        let recall = ModelStore.preferredKinds(for: use, profile: .recall)
        var text = precision.first?.rawValue ?? "haar"
        if recall.first != precision.first { text += "; \(recall.first?.rawValue ?? "haar") under --profile recall" }
        return text + "; the other network when a model is missing, haar when both are"
    }

    /// A parameter's default for `use` in words: one value, or the value with each detector that
    /// differs (in the order `use` prefers them) and `else` the most common, then what
    /// `--profile recall` changes: `0.55 with --detector centerface, else 1`.
    static func defaultText(_ parameter: DetectorParameter, use: ModelStore.Use) -> String {
        let kinds = (ModelStore.preferredKinds(for: use, profile: .precision) + [.haar]).filter(parameter.applies(to:))
        func value(_ kind: DetectorKind, _ profile: DetectionProfile) -> String {
            parameter.describe(DetectorSettings.defaults(for: kind, use: use, profile: profile)[parameter])
        }
        /// The values told: one, or each with its detector.
        func told(_ values: [(kind: DetectorKind, value: String)], all: Bool) -> String {
            let distinct = Set(values.map(\.value))
            if distinct.count == 1, all { return values.first?.value ?? "" }
            // The value most detectors share is said last, as `else`, when it is shared.
            let counts = Dictionary(values.map { ($0.value, 1) }, uniquingKeysWith: +)
            let common = all ? counts.filter { $0.value > 1 }.max { $0.value < $1.value }?.key : nil
            var parts: [String] = []
            for (index, item) in values.enumerated() where item.value != common {
                parts.append("\(item.value) with \(index == 0 || parts.isEmpty ? "--detector " : "")\(item.kind.rawValue)")
            }
            if let common { parts.append("else \(common)") }
            return parts.joined(separator: ", ")
        }
        var text = told(kinds.map { ($0, value($0, .precision)) }, all: true)
        let recall = kinds.map { (kind: $0, value: value($0, .recall)) }
        let changed = recall.filter { $0.value != value($0.kind, .precision) }
        if !changed.isEmpty {
            text += "; under --profile recall "
                + (Set(recall.map(\.value)).count == 1 ? recall.first?.value ?? "" : told(changed, all: false))
        }
        return text
    }

    static func parameterOptions(for use: ModelStore.Use) -> [(DetectorParameter, Option)] {
        DetectorParameter.allCases.map { parameter in
            let spec = parameter.spec
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
            return (parameter, Option.value(parameter.flag, placeholder: spec.placeholder, kind: kind,
                                            default: defaultText(parameter, use: use), help: help))
        }
    }

    /// The options for photos (detect, photo, selfie, tune).
    static let group = group(for: .photo)

    /// The profile `--profile` names; `auto` (or none): `fallback`, what the stickers call for.
    static func profile(_ arguments: Arguments, fallback: DetectionProfile) -> DetectionProfile {
        arguments.string(profile).flatMap(DetectionProfile.init(rawValue:)) ?? fallback
    }

    /// The settings from `--config`, then the explicit options on top; without
    /// `--config`, the defaults of `profile` for the detector.
    static func settings(_ arguments: Arguments, use: ModelStore.Use = .photo,
                         profile: DetectionProfile = .precision) throws -> DetectorSettings {
        var settings: DetectorSettings
        let named = arguments.string(detector).flatMap(DetectorKind.init(rawValue:))
        let profile = Self.profile(arguments, fallback: profile)
        if let path = arguments.string(config) {
            settings = try DetectorConfig.load(path: path)
            // A config tuned for another detector says nothing about this one.
            if let named, named != settings.kind {
                settings = DetectorSettings.defaults(for: named, use: use, profile: profile)
            }
        } else {
            settings = DetectorSettings.defaults(for: named ?? ModelStore.defaultKind(for: use, profile: profile),
                                                 use: use, profile: profile)
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
    static func parse(_ arguments: Arguments, use: ModelStore.Use = .photo,
                      profile: DetectionProfile = .precision) throws -> FaceFinder {
        let finder = try FaceFinder(settings: try settings(arguments, use: use, profile: profile))
        noteBound(arguments, settings: finder.settings)
        if finder.kind != .haar, !arguments.has(model) {
            Console.detail("models: looked for in \(SearchPlace.looked(ModelStore.searchOrder))")
        }
        Console.detail("detector: \(finder.kind.rawValue) (profile \(Self.profile(arguments, fallback: profile).rawValue)), "
            + DetectorParameter.allCases.filter { $0.applies(to: finder.kind) }
                .map { "\($0.key) \($0.describe(finder.settings[$0]))" }.joined(separator: ", "))
        return finder
    }

    /// One note when the size the run asks for can give the detector a copy past
    /// `FaceFinder.maxInputPixels`, which is then shrunk to fit (the one bound, for
    /// every command): `--detect-width` where it applies, else `--input-size` or
    /// the config's `inputSize`.
    private static func noteBound(_ arguments: Arguments, settings: DetectorSettings) {
        let asked: String, side: Int
        if let width = try? arguments.int(VideoCommand.detectWidth) {
            (asked, side) = ("--detect-width \(width)", width)
        } else if sizeGiven(arguments) {
            let option = parameters.first { $0.0 == .inputSize }?.1
            let given = option.map(arguments.has) ?? false
            (asked, side) = ((given ? "--input-size " : "the config's inputSize ") + "\(settings.inputSize)", settings.inputSize)
        } else {
            return
        }
        guard FaceFinder.mayShrink(longestSide: side) else { return }
        Console.note("\(asked): the detector's copy of a picture is at most \(FaceFinder.maxInputPixels) pixels; "
                     + "a bigger one is shrunk to fit")
    }

    /// Whether the run chose the detector's input size (`--input-size` or `--config`).
    static func sizeGiven(_ arguments: Arguments) -> Bool {
        arguments.has(config) || parameters.contains { $0.0 == .inputSize && arguments.has($0.1) }
    }
}
