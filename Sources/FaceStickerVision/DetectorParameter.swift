import Foundation
import FaceStickerCore

/// Every detector setting, with its one home: the config-file key, the CLI
/// flag, the kind of value, the default per detector, the accepted range and
/// the help text. The config file (`DetectorConfig`), the CLI options and
/// their help, validation and `tune`'s grids are all driven by this table;
/// adding a parameter is one case and one `spec` line, plus its use.
package enum DetectorParameter: String, CaseIterable, Sendable {
    case inputSize, maxUpscale, scoreThreshold, nmsThreshold, topK, scaleFactor, minNeighbors, minSize, maxSize
    case verifier, verifyBelow, verifierScore, rotations, faceMesh, rescuePresence
    case smallFaceBelow, smallFaceScore, largeFaceFrom, largeFaceScore

    /// What a parameter holds.
    package enum Value: Equatable, Sendable {
        case whole
        case number
        /// One of these names, stored as its index.
        case choice([String])
    }

    /// A parameter's description.
    package struct Spec: Sendable {
        package let value: Value
        /// Accepted values (for a choice: its indices).
        package let range: ClosedRange<Double>
        /// The default, and the detectors whose default differs from it.
        package let defaultValue: Double
        package let defaultFor: [DetectorKind: Double]
        /// The detectors that use it (empty: every detector).
        package let detectors: Set<DetectorKind>
        /// Whether `tune` replays it from cached detections (otherwise each value runs the networks again).
        package let replayable: Bool
        /// `PX`, `T`, ... in help; the help line.
        package let placeholder: String
        package let help: String
    }

    package var spec: Spec {
        let dnn: Set<DetectorKind> = [.yunet, .centerface]
        switch self {
        case .inputSize: return Spec(value: .whole, range: 0...Double(FaceFinder.maxInputSide), defaultValue: 640,
            defaultFor: [.haar: 1024], detectors: [], replayable: false, placeholder: "PX",
            help: "longest side of the copy the detector runs on (0: full size); a copy over "
                + "\(FaceFinder.maxInputPixels) pixels is shrunk to that")
        case .maxUpscale: return Spec(value: .number, range: 1...4, defaultValue: 1, defaultFor: [.centerface: 2],
            detectors: [], replayable: false, placeholder: "F",
            help: "a smaller image is enlarged towards the input size, by at most F (small faces)")
        case .scoreThreshold: return Spec(value: .number, range: 0...1, defaultValue: 0.5, defaultFor: [.haar: 0, .centerface: 0.38],
            detectors: dnn, replayable: true, placeholder: "T", help: "DNN detectors: minimum score")
        case .nmsThreshold: return Spec(value: .number, range: 0...1, defaultValue: 0.3, defaultFor: [:],
            detectors: dnn, replayable: true, placeholder: "T", help: "DNN detectors: overlap above which boxes merge")
        case .topK: return Spec(value: .whole, range: 1...100_000, defaultValue: 5000, defaultFor: [:],
            detectors: dnn, replayable: true, placeholder: "N", help: "DNN detectors: candidates kept before NMS")
        case .scaleFactor: return Spec(value: .number, range: 1.01...10, defaultValue: 1.1, defaultFor: [:],
            detectors: [.haar], replayable: false, placeholder: "F", help: "Haar: pyramid step")
        case .minNeighbors: return Spec(value: .whole, range: 0...1000, defaultValue: 5, defaultFor: [:],
            detectors: [.haar], replayable: false, placeholder: "N", help: "Haar: neighbours a face needs")
        case .minSize: return Spec(value: .whole, range: 0...16384, defaultValue: 0, defaultFor: [.haar: 24],
            detectors: [], replayable: true, placeholder: "PX", help: "drop faces narrower than PX (image pixels)")
        case .maxSize: return Spec(value: .whole, range: 0...16384, defaultValue: 0, defaultFor: [:],
            detectors: [.haar], replayable: false, placeholder: "PX", help: "Haar: do not look for faces wider than PX (0: any)")
        case .verifier: return Spec(value: .choice(Verifier.names), range: 0...Double(Verifier.names.count - 1),
            defaultValue: 0, defaultFor: [.yunet: 1, .centerface: 2], detectors: [], replayable: false, placeholder: "NAME",
            help: "second detector that must confirm unsure faces on a crop around them: "
                + Verifier.names.joined(separator: ", "))
        case .verifyBelow: return Spec(value: .number, range: 0...1, defaultValue: 1, defaultFor: [.centerface: 0.55],
            detectors: [], replayable: true, placeholder: "T",
            help: "faces scoring at least T need no confirmation (1: all are confirmed)")
        case .verifierScore: return Spec(value: .number, range: 0...1, defaultValue: 0.5, defaultFor: [.centerface: 0.6],
            detectors: [], replayable: true, placeholder: "T", help: "score the verifier must give a face")
        case .rotations: return Spec(value: .choice(RotationPolicy.names), range: 0...Double(RotationPolicy.names.count - 1),
            defaultValue: 0, defaultFor: [:], detectors: [], replayable: false, placeholder: "MODE",
            help: "look for faces turned 90, 180 and 270 degrees: " + RotationPolicy.names.joined(separator: ", ")
                + " (auto: when the upright pass finds none)")
        case .faceMesh: return Spec(value: .choice(FaceMeshUse.names), range: 0...Double(FaceMeshUse.names.count - 1),
            defaultValue: 0, defaultFor: [:], detectors: dnn, replayable: false, placeholder: "MODE",
            help: "DNN detectors: the 468-point face mesh gives each face its landmarks and head pose: "
                + FaceMeshUse.names.joined(separator: ", ") + " (on where `make mesh` installed it)")
        case .rescuePresence: return Spec(value: .number, range: 0...1, defaultValue: 1, defaultFor: [.centerface: 0.8],
            detectors: dnn, replayable: true, placeholder: "P",
            help: "DNN detectors: an unsure face the verifier rejects is kept when the face mesh's presence "
                + "on it is at least P (1: never; needs the face mesh)")
        case .smallFaceBelow: return Spec(value: .whole, range: 0...16384, defaultValue: 0, defaultFor: [:],
            detectors: dnn, replayable: true, placeholder: "PX",
            help: "DNN detectors: faces narrower than PX in the detector's copy need the small-face score (0: no rule)")
        case .smallFaceScore: return Spec(value: .number, range: 0...1, defaultValue: 0, defaultFor: [:],
            detectors: dnn, replayable: true, placeholder: "T",
            help: "DNN detectors: the score a face narrower than the small-face width needs")
        case .largeFaceFrom: return Spec(value: .whole, range: 0...16384, defaultValue: 0, defaultFor: [:],
            detectors: dnn, replayable: true, placeholder: "PX",
            help: "DNN detectors: faces at least PX wide in the detector's copy need the large-face score, and only "
                + "they get the face mesh (0: no rule)")
        case .largeFaceScore: return Spec(value: .number, range: 0...1, defaultValue: 0, defaultFor: [:],
            detectors: dnn, replayable: true, placeholder: "T",
            help: "DNN detectors: the score a face at least the large-face width wide needs")
        }
    }

    /// The config-file key (`scoreThreshold`).
    package var key: String { rawValue }

    /// The CLI option (`--score-threshold`).
    package var flag: String {
        "--" + rawValue.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }

    /// The default for `kind`.
    package func defaultValue(for kind: DetectorKind) -> Double { spec.defaultFor[kind] ?? spec.defaultValue }

    /// Whether `kind` uses this parameter.
    package func applies(to kind: DetectorKind) -> Bool { spec.detectors.isEmpty || spec.detectors.contains(kind) }

    /// Whether the value is one of a list of names.
    package var isChoice: Bool { if case .choice = spec.value { return true } else { return false } }

    /// Whether values must be whole numbers (choices count as whole).
    package var isWhole: Bool { spec.value != .number }

    /// Accepts the config key (`scoreThreshold`) or the CLI spelling (`score-threshold`), in any case.
    package init?(name: String) {
        let key = name.lowercased().filter { $0 != "-" && $0 != "_" }
        guard let match = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) else { return nil }
        self = match
    }

    /// Checks `value`; the error says why, for the caller to put after the key or flag.
    package func check(_ value: Double) -> String? {
        let s = spec
        guard value.isFinite else { return "must be a finite number" }
        if case .choice(let names) = s.value {
            return value == value.rounded() && s.range.contains(value) ? nil
                : "must be one of " + names.joined(separator: ", ")
        }
        if s.value == .whole, value != value.rounded() { return "must be a whole number, got \(describe(value))" }
        guard s.range.contains(value) else {
            return "must be \(describe(s.range.lowerBound))...\(describe(s.range.upperBound)), got \(describe(value))"
        }
        return nil
    }

    /// Parses the value as typed on the command line or in a grid (a number, or a choice's name).
    package func parse(_ text: String) -> Result<Double, FaceStickerError> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        var value: Double
        if case .choice(let names) = spec.value {
            guard let index = names.firstIndex(of: trimmed.lowercased()) else {
                return .failure(.invalidArgument("\(flag): \"\(text)\" is not one of \(names.joined(separator: ", "))"))
            }
            value = Double(index)
        } else {
            guard let number = Double(trimmed) else {
                return .failure(.invalidArgument("\(flag): \"\(text)\" is not a number"))
            }
            value = number
        }
        if let problem = check(value) { return .failure(.invalidArgument("\(flag): \(problem)")) }
        return .success(value)
    }

    /// The value as the config file and help show it: a whole number, a number, or a choice's name.
    package func describe(_ value: Double) -> String {
        if case .choice(let names) = spec.value, let i = Int(exactly: value), names.indices.contains(i) { return names[i] }
        return JSONText.number(value, digits: 6)
    }
}
