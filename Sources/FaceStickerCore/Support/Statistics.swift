/// Summaries of measured values, one home for each (live's latency, the masks' shares).
package enum Statistics {
    /// The value below which `p` of `sorted` lies (nearest rank: the smallest value at least
    /// that share of them are at or under); 0 when empty.
    package static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty, p.isFinite else { return 0 }
        let rank = Int((min(max(p, 0), 1) * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    /// The mean of `values`; 0 when empty.
    package static func mean(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
    }
}
