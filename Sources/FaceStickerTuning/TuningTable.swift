import Foundation
import FaceStickerCore
import FaceStickerVision

/// The text `tune` prints: the ranked table and the baseline-versus-best summary.
package enum TuningTable {
    /// The table, best first: the first `limit` rows (all when 0), plus any
    /// baseline row below them so the default is always shown. Columns: rank,
    /// the objective, precision, recall, F1 and AP on the objective's subset,
    /// P-any (of all detections, the share that matches any labelled face,
    /// WIDER's invalid ones included), recall per difficulty subset (when
    /// known), then the setting.
    package static func lines(_ report: TuningReport, limit: Int = 20) -> [String] {
        let difficulties = report.subsets.filter { $0 != .all }
        var header = [pad("rank", 5), pad(report.objective.description, 8), pad("P", 6), pad("R", 6), pad("F1", 6),
                      pad("AP", 6), pad("P-any", 6)]
        header += difficulties.map { pad("R-" + $0.rawValue.prefix(3), 6) }
        header.append("setting (\(report.subset.rawValue), IoU \(JSONText.number(report.iouThreshold, digits: 3)))")
        var lines = [header.joined(separator: " ")]
        for (index, row) in report.rows.enumerated() where limit <= 0 || index < limit || row.isBaseline {
            let m = report.metrics(of: row)
            var cells = [pad("\(index + 1)", 5), pad(report.objectiveValue(of: row).map { f($0) } ?? "-", 8),
                         pad(f(m.precision), 6), pad(f(m.recall), 6), pad(f(m.f1), 6), pad(f(m.averagePrecision), 6),
                         pad(row.metrics[.all].map { f($0.anyFacePrecision) } ?? "-", 6)]
            cells += difficulties.map { pad(row.metrics[$0].map { f($0.recall) } ?? "-", 6) }
            cells.append(row.label + (row.isBaseline ? " (default)" : ""))
            lines.append(cells.joined(separator: " "))
        }
        if limit > 0, report.rows.count > limit {
            lines.append("(\(report.rows.count) settings, the first \(limit) shown)")
        }
        return lines
    }

    /// One line per detector: its baseline's objective, its best, and the gain.
    package static func summary(_ report: TuningReport) -> [String] {
        var kinds: [DetectorKind] = []
        for row in report.rows where !kinds.contains(row.settings.kind) { kinds.append(row.settings.kind) }
        return kinds.compactMap { kind in
            guard let best = report.best(for: kind) else { return nil }
            let bestValue = report.objectiveValue(of: best)
            var line = "\(kind.rawValue): best \(report.objective) \(bestValue.map { f($0) } ?? "-") with \(best.label)"
            if let baseline = report.baseline(for: kind) {
                let baseValue = report.objectiveValue(of: baseline)
                line += "; default \(baseValue.map { f($0) } ?? "-")"
                if let bestValue, let baseValue {
                    line += " (" + (bestValue >= baseValue ? "+" : "") + f(bestValue - baseValue) + ")"
                }
            }
            return line
        }
    }

    private static func f(_ value: Double) -> String { String(format: "%.3f", value) }

    private static func pad(_ text: some StringProtocol, _ width: Int) -> String {
        text.count >= width ? String(text) : String(text) + String(repeating: " ", count: width - text.count)
    }
}
