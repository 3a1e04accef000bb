import FaceSticker

/// The detector options every detecting command accepts: `--detector`,
/// `--config`, `--model`, `--profile`, and one option per `DetectorParameter`,
/// whose name, checking, default and help all come from that table; and
/// `--detect-width`, for the commands that detect on video frames (video, live).
enum DetectorOptions {
    static let detector = Option<DetectorKind?>("--detector", placeholder: "NAME", default: nil,
                                                defaultText: detectorDefault(for: .photo),
                                                setting: .detector, help: "the detector: " + DetectorKind.allCases.map(\.rawValue).joined(separator: ", "))
    static let config = Option<String?>("--config", placeholder: "FILE", kind: .file, default: nil,
                                        help: "detector settings as JSON (written by `facesticker tune`)")
    static let model = Option<String?>("--model", placeholder: "FILE", kind: .file, default: nil,
                                       setting: .model, help: "model or cascade file instead of the installed one")
    /// nil: auto, what the stickers call for.
    static let profile = Option<DetectionProfile?>("--profile", placeholder: "NAME",
                                                   kind: .choice(["auto"] + DetectionProfile.allCases.map(\.rawValue)),
                                                   default: nil, defaultText: "auto",
                                                   help: "what detection favours: precision (no sticker on a non-face) or "
                                                       + "recall (no face left unhidden); auto: recall when every --sticker "
                                                       + "is blur, pixelate or solid, else precision. The detector settings "
                                                       + "(below) override it",
                                                   parse: { text in
                                                       let word = try OptionText.word(text, in: ["auto"] + DetectionProfile.allCases.map(\.rawValue))
                                                       return word == "auto" ? nil : try OptionText.choice(word) as DetectionProfile
                                                   })

    /// One option per parameter of the table, its value checked by the table.
    static let parameters: [(DetectorParameter, Option<Double?>)] = DetectorParameter.allCases.map { parameter in
        let spec = parameter.spec
        var help = spec.help
        let kind: ValueKind
        switch spec.value {
        case .choice(let names):
            kind = .choice(names)
        case .whole:
            kind = .int(Int(spec.range.lowerBound)...Int(spec.range.upperBound))
        case .number:
            kind = .number(spec.range)
        }
        if case .choice = spec.value {} else {
            help += " (\(parameter.describe(spec.range.lowerBound))...\(parameter.describe(spec.range.upperBound)))"
        }
        return (parameter, Option<Double?>(parameter.flag, placeholder: spec.placeholder, kind: kind, default: nil,
                                           defaultText: defaultText(parameter, use: .photo), help: help,
                                           parse: { try parameter.parse($0).get() }))
    }

    /// The groups as detect and tune take them (every setting described in `--help`), as
    /// photo and selfie take them, and as video and live do: the same options, each showing
    /// its default for that use (video keeps to upright faces); outside detect, the fine
    /// settings are listed by name in `--help` (issue #41: video's help was 185 lines).
    static let groups = groups(for: .photo, brief: false)
    static let photoGroups = groups(for: .photo, brief: true)
    static let videoGroups = groups(for: .video, brief: true)

    static func groups(for use: ModelStore.Use, brief: Bool) -> [OptionGroup] {
        [OptionGroup("detector", [detector.erased.showing(default: detectorDefault(for: use)), config.erased, model.erased,
                                  profile.erased]),
         OptionGroup("detector settings", parameters.map { $0.1.erased.showing(default: defaultText($0.0, use: use)) },
                     brief: brief)]
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

    /// `--detect-width` (video and live; not in `group`): nil when not given.
    static let detectWidth = Option<Int?>("--detect-width", placeholder: "W", default: nil, range: 16...FaceFinder.maxInputSide,
                                          defaultText: "\(VideoOptions.defaultDetectWidth), unless --input-size or --config sets the size",
                                          help: "width of the copy the detector runs on")

    /// The width video frames are detected at: `--detect-width`, else the default
    /// unless `--input-size` or `--config` chose the detector's size.
    static func detectWidth(_ arguments: Arguments) -> Int? {
        arguments[detectWidth] ?? (sizeGiven(arguments) ? nil : VideoOptions.defaultDetectWidth)
    }

    /// The profile `--profile` names; `auto` (or none): `fallback`, what the stickers call for.
    static func profile(_ arguments: Arguments, fallback: DetectionProfile) -> DetectionProfile {
        arguments[profile] ?? fallback
    }

    /// The settings from `--config`, then the explicit options on top; without
    /// `--config`, the defaults of `profile` for the detector (`kind`: the detector
    /// named, for a command whose `--detector` is its own; default: `--detector`'s).
    static func settings(_ arguments: Arguments, use: ModelStore.Use = .photo, profile: DetectionProfile = .precision,
                         kind: DetectorKind?? = nil) throws -> DetectorSettings {
        try resolved(arguments, use: use, profile: profile, kind: kind).settings
    }

    /// `settings`, with where each parameter's value came from (`-v` shows it): an option,
    /// the config file, or the profile (its defaults for the detector).
    static func resolved(_ arguments: Arguments, use: ModelStore.Use = .photo, profile: DetectionProfile = .precision,
                         kind: DetectorKind?? = nil) throws -> (settings: DetectorSettings, sources: [DetectorParameter: String]) {
        var settings: DetectorSettings
        let named = kind ?? arguments[detector]
        let profile = Self.profile(arguments, fallback: profile)
        let profileDefaults = { (kind: DetectorKind?) in
            DetectorSettings.defaults(for: kind ?? named ?? ModelStore.defaultKind(for: use, profile: profile), use: use, profile: profile)
        }
        var sources: [DetectorParameter: String] = [:]
        if let path = arguments[config] {
            // The config changes only the keys it names: the others keep the profile's defaults (issue #44).
            let read = try DetectorConfig.read(path: path, defaults: profileDefaults)
            settings = read.settings
            for parameter in read.named { sources[parameter] = "config" }
            // A config tuned for another detector says nothing about this one.
            if let named, named != settings.kind {
                settings = profileDefaults(named)
                sources = [:]
            }
        } else {
            settings = profileDefaults(nil)
        }
        if let v = arguments[model] { settings.model = v }
        for (parameter, option) in parameters {
            if let value = arguments[option] {
                settings[parameter] = value
                sources[parameter] = option.id
            }
        }
        for parameter in DetectorParameter.allCases where sources[parameter] == nil { sources[parameter] = "profile \(profile.rawValue)" }
        do {
            try settings.validate(source: "options")
        } catch FaceStickerError.badValue(_, let key, let reason) {
            // The options' values (alone or against the config's) are wrong: a usage error in the CLI's words.
            let flag = DetectorParameter.allCases.first { $0.key == key }?.flag ?? key
            throw UsageError("\(flag): \(flagged(reason.description))")
        }
        return (settings, sources)
    }

    /// `text` with every detector setting's key (`minSize`) that stands as a word named by its option (`--min-size`).
    static func flagged(_ text: String) -> String {
        var out = "", word = ""
        func flush() {
            out += DetectorParameter.allCases.first { $0.key == word }?.flag ?? word
            word = ""
        }
        for character in text {
            if character.isLetter { word.append(character) } else { flush(); out.append(character) }
        }
        flush()
        return out
    }

    /// The detector the options describe; `-v` names it, its model files and the profile.
    static func parse(_ arguments: Arguments, use: ModelStore.Use = .photo, profile: DetectionProfile = .precision,
                      kind: DetectorKind?? = nil) throws -> FaceFinder {
        let resolved = try resolved(arguments, use: use, profile: profile, kind: kind)
        let finder = try FaceFinder(settings: resolved.settings)
        noteBound(arguments, settings: finder.settings)
        if finder.kind != .haar, arguments[model] == nil {
            Console.detail("models: looked for in \(SearchPlace.looked(ModelStore.searchOrder))")
        }
        describe(finder.settings, sources: resolved.sources, profile: Self.profile(arguments, fallback: profile),
                 chosen: arguments[Self.profile] != nil ? "--profile" : "auto, from the stickers")
        return finder
    }

    /// `--json`'s `settings`: every setting the detector uses, in effect, and where it came
    /// from, as `-v` tells them: `{"scoreThreshold": {"value": 0.04, "from": "profile recall"}, ...}`
    /// (a choice by its name).
    static func settingsJSON(_ arguments: Arguments, use: ModelStore.Use = .photo,
                             profile: DetectionProfile = .precision) throws -> JSONOutput {
        let (settings, sources) = try resolved(arguments, use: use, profile: profile)
        let shown = Self.profile(arguments, fallback: profile)
        return .object(DetectorParameter.allCases.filter { $0.applies(to: settings.kind) }.map { parameter in
            let value = settings[parameter]
            let json: JSONOutput = parameter.isWhole
                ? (parameter.isChoice ? .string(parameter.describe(value)) : .int(Int(exactly: value) ?? 0))
                : .number(value, digits: 6)
            return (parameter.key, .object([("value", json), ("from", .string(sources[parameter] ?? "profile \(shown.rawValue)"))]))
        })
    }

    /// The `-v` lines of a detector: its settings in effect, each with where it came from
    /// (`scoreThreshold 0.3 (config)`), its model files, the profile.
    static func describe(_ settings: DetectorSettings, sources: [DetectorParameter: String], profile: DetectionProfile, chosen: String) {
        Console.detail("detector: \(settings.kind.rawValue) (profile \(profile.rawValue)), "
            + DetectorParameter.allCases.filter { $0.applies(to: settings.kind) }
                .map { "\($0.key) \($0.describe(settings[$0])) (\(sources[$0] ?? "profile \(profile.rawValue)"))" }
                .joined(separator: ", "))
        Console.detail("model: \(settings.kind.rawValue) \(settings.model ?? ModelStore.defaultModel(for: settings.kind) ?? "(not installed)")")
        if let verifier = DetectorKind(rawValue: settings.verifier.rawValue) {
            Console.detail("verifier model: \(verifier.rawValue) "
                           + (settings.verifierModel ?? ModelStore.defaultModel(for: verifier) ?? "(not installed)"))
        }
        Console.detail("profile: \(profile.rawValue) (\(chosen))")
    }

    /// One note when the size the run asks for can give the detector a copy past
    /// `FaceFinder.maxInputPixels`, which is then shrunk to fit (the one bound, for
    /// every command): `--detect-width` where it applies, else `--input-size` or
    /// the config's `inputSize`.
    private static func noteBound(_ arguments: Arguments, settings: DetectorSettings) {
        let asked: String, side: Int
        if let width = arguments[detectWidth] {
            (asked, side) = ("--detect-width \(width)", width)
        } else if sizeGiven(arguments) {
            let given = parameters.contains { $0.0 == .inputSize && arguments.has($0.1) }
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
