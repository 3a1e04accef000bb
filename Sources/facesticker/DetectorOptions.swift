import FaceSticker

/// The detector options every detecting command accepts: `--detector`,
/// `--config`, `--model`, and one option per `DetectorParameter`, whose
/// parsing, checking and help all come from that table.
enum DetectorOptions {
    static var help: String {
        let kinds = DetectorKind.allCases.map(\.rawValue).joined(separator: "|")
        return """
          --detector \(kinds)   detector (default: centerface for photos, yunet for video and live)
          --config FILE          detector settings as JSON (written by `facesticker tune`)
          --model FILE           model or cascade file instead of the installed one
        \(DetectorParameter.helpLines.joined(separator: "\n"))
        """
    }

    /// The settings from `--config`, then the explicit options on top.
    static func settings(_ parser: inout ArgumentParser, use: ModelStore.Use = .photo) throws -> DetectorSettings {
        var settings: DetectorSettings
        let named = try parser.value("--detector").map { name -> DetectorKind in
            guard let kind = DetectorKind(rawValue: name) else {
                throw FaceStickerError.invalidArgument("--detector: unknown detector \"\(name)\" (haar, yunet, centerface)")
            }
            return kind
        }
        if let config = try parser.value("--config") {
            settings = try DetectorConfig.load(path: config)
            // A config tuned for another detector says nothing about this one.
            if let named, named != settings.kind { settings = DetectorSettings.defaults(for: named, use: use) }
        } else {
            settings = DetectorSettings.defaults(for: named ?? ModelStore.defaultKind(for: use), use: use)
        }
        if let v = try parser.value("--model") { settings.model = v }
        for parameter in DetectorParameter.allCases {
            guard let text = try parser.value(parameter.flag) else { continue }
            settings[parameter] = try parameter.parse(text).get()
        }
        try settings.validate(source: "options")
        return settings
    }

    /// The detector the options describe.
    static func parse(_ parser: inout ArgumentParser, use: ModelStore.Use = .photo) throws -> FaceFinder {
        try FaceFinder(settings: try settings(&parser, use: use))
    }
}
