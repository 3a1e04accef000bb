import Foundation
import FaceStickerCore
import FaceStickerVision

/// The values to sweep for each parameter of one detector; the settings
/// swept are every combination (parameters not in the grid keep the base
/// setting's value).
package struct ParameterGrid: Equatable, Sendable {
    /// Parameters in sweep order, each with its values in the order given.
    package private(set) var axes: [(parameter: DetectorParameter, values: [Double])]

    package init(_ axes: [(parameter: DetectorParameter, values: [Double])] = []) {
        self.axes = []
        for axis in axes { set(axis.parameter, axis.values) }
    }

    package static func == (a: ParameterGrid, b: ParameterGrid) -> Bool {
        a.axes.map(\.parameter) == b.axes.map(\.parameter) && a.axes.map(\.values) == b.axes.map(\.values)
    }

    /// The values of `parameter`, nil when it is not swept.
    package func values(_ parameter: DetectorParameter) -> [Double]? {
        axes.first { $0.parameter == parameter }?.values
    }

    /// Replaces (or adds) the values of `parameter`; duplicates are dropped.
    package mutating func set(_ parameter: DetectorParameter, _ values: [Double]) {
        var unique: [Double] = []
        for value in values where !unique.contains(value) { unique.append(value) }
        if let i = axes.firstIndex(where: { $0.parameter == parameter }) {
            axes[i].values = unique
        } else {
            axes.append((parameter, unique))
        }
    }

    /// The default sweep: score threshold, NMS threshold and input size for
    /// the DNNs (score and NMS replay cached detections, so they are fine-
    /// grained; each input size costs a network pass over every image, four
    /// with `rotations auto`, so two: the default and half of it); scale
    /// factor and minimum neighbours for Haar, which reruns per setting, so
    /// few values.
    package static func defaults(for kind: DetectorKind) -> ParameterGrid {
        switch kind {
        case .yunet, .centerface:
            return ParameterGrid([
                (.inputSize, [640, 320]),
                (.nmsThreshold, [0.2, 0.3, 0.4, 0.5]),
                (.scoreThreshold, stride(from: 20, through: 95, by: 5).map { Double($0) / 100 }),
            ])
        case .haar:
            return ParameterGrid([(.scaleFactor, [1.1, 1.2]), (.minNeighbors, [3, 5])])
        }
    }

    /// The grid as `--grid` reads it, for help: `inputSize 640,320 x
    /// scoreThreshold 0.2:0.95:0.05` (evenly spaced runs of more than three
    /// values as FROM:TO:STEP).
    package var summary: String {
        axes.map { axis in
            let v = axis.values
            let text = { (x: Double) in JSONText.number(x, digits: 4) }
            if v.count > 3 {
                let step = ((v[1] - v[0]) * 1e9).rounded() / 1e9
                if step > 0, v.indices.dropFirst().allSatisfy({ abs(v[$0] - v[$0 - 1] - step) < 1e-9 }) {
                    return "\(axis.parameter.rawValue) \(text(v[0])):\(text(v[v.count - 1])):\(text(step))"
                }
            }
            return "\(axis.parameter.rawValue) " + v.map(text).joined(separator: ",")
        }.joined(separator: " x ")
    }

    /// Every combination of the grid's values over `base`, first axis slowest.
    package func settings(base: DetectorSettings) -> [DetectorSettings] {
        var all = [base]
        for axis in axes where axis.parameter.applies(to: base.kind) {
            all = all.flatMap { settings in
                axis.values.map { value in
                    var next = settings
                    next[axis.parameter] = value
                    return next
                }
            }
        }
        return all
    }

    /// Parses a `--grid` value: `[DETECTOR.]PARAM=V1,V2,...` or
    /// `PARAM=FROM:TO:STEP`; the detector prefix limits it to one detector.
    package static func parse(_ text: String) throws -> (kind: DetectorKind?, parameter: DetectorParameter, values: [Double]) {
        let fail = { (reason: String) in FaceStickerError.invalidArgument("\(setting: .grid) \(text): " + reason) }
        guard let equals = text.firstIndex(of: "=") else { throw fail("expected PARAM=V1,V2,... or PARAM=FROM:TO:STEP") }
        var name = String(text[..<equals])
        var kind: DetectorKind?
        if let dot = name.firstIndex(of: ".") {
            let prefix = String(name[..<dot])
            guard let named = DetectorKind(rawValue: prefix) else {
                throw fail("unknown detector \"\(prefix)\" (haar, yunet, centerface)")
            }
            kind = named
            name = String(name[name.index(after: dot)...])
        }
        guard let parameter = DetectorParameter(name: name) else {
            throw fail("unknown parameter \"\(name)\" (\(DetectorParameter.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        let list = text[text.index(after: equals)...]
        var values: [Double] = []
        let range = list.split(separator: ":", omittingEmptySubsequences: false)
        if range.count == 3 {
            guard let from = Double(range[0]), let to = Double(range[1]), let step = Double(range[2]),
                  from.isFinite, to.isFinite, step.isFinite, step > 0, to >= from, (to - from) / step < 10_000 else {
                throw fail("FROM:TO:STEP needs numbers with FROM <= TO and STEP > 0 (at most 10000 values)")
            }
            let count = Int(((to - from) / step + 1e-9).rounded(.down))
            // Rounded to 1e-9 so 0.2 + 3 * 0.05 reads as 0.35, as typed.
            values = (0...count).map { ((from + Double($0) * step) * 1e9).rounded() / 1e9 }
        } else {
            values = try list.split(separator: ",", omittingEmptySubsequences: false).map { item in
                if case .success(let value) = parameter.parse(String(item)) { return value }
                if case .choice(let names) = parameter.spec.value {
                    throw fail("\"\(item)\" is not one of \(names.joined(separator: ", "))")
                }
                guard let value = Double(item.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                    throw fail("\"\(item)\" is not a number")
                }
                return value
            }
        }
        if parameter.isWhole, let bad = values.first(where: { $0 != $0.rounded() }) {
            throw fail("\(parameter.key) takes whole numbers, got \(bad)")
        }
        if let bad = values.first(where: { parameter.check($0) != nil }), let problem = parameter.check(bad) {
            throw fail("\(parameter.key) \(problem)")
        }
        return (kind, parameter, values)
    }
}
