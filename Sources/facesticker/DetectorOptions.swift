import FaceSticker

/// The detector options every detecting command accepts, and their help text.
enum DetectorOptions {
    static let help = """
      --detector haar|yunet|centerface   detector (default: yunet if installed, else centerface, else haar)
      --config FILE          detector settings as JSON (written by `facesticker tune`)
      --model FILE           model or cascade file instead of the installed one
      --input-size PX        longest side of the copy the detector runs on (0: full size)
      --score-threshold T    DNN detectors: minimum score, 0...1
      --nms-threshold T      DNN detectors: overlap above which boxes merge, 0...1
      --top-k N              DNN detectors: candidates kept before NMS
      --scale-factor F       Haar: pyramid step, above 1
      --min-neighbors N      Haar: neighbours a face needs
      --min-size PX          drop faces narrower than PX
      --max-size PX          Haar: do not look for faces wider than PX
    """

    /// Builds the detector from `--config`, then the explicit options on top.
    static func parse(_ parser: inout ArgumentParser) throws -> OpenCVDetector {
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
            if let named, named != settings.kind { settings = DetectorSettings.defaults(for: named) }
        } else {
            settings = DetectorSettings.defaults(for: named ?? ModelStore.defaultKind())
        }
        if let v = try parser.value("--model") { settings.model = v }
        if let v = try parser.int("--input-size", in: 0...16384) { settings.inputSize = v }
        if let v = try parser.double("--score-threshold", in: 0...1) { settings.scoreThreshold = v }
        if let v = try parser.double("--nms-threshold", in: 0...1) { settings.nmsThreshold = v }
        if let v = try parser.int("--top-k", in: 1...100_000) { settings.topK = v }
        if let v = try parser.double("--scale-factor", in: 1.0001...10) { settings.scaleFactor = v }
        if let v = try parser.int("--min-neighbors", in: 0...1000) { settings.minNeighbors = v }
        if let v = try parser.int("--min-size", in: 0...16384) { settings.minSize = v }
        if let v = try parser.int("--max-size", in: 0...16384) { settings.maxSize = v }
        return try OpenCVDetector(settings: settings)
    }
}
