import FaceStickerCore
/// Colour filters applied one after another, in the order given, as
/// `--filter sepia:0.8 --filter vignette` asks.
package struct FilterChain: Sendable {
    /// What `init(specs:)` accepts, for help texts and error messages.
    package static let validSpecs = "none, sepia[:0...1], mono, comic, vignette[:0...1]"
    /// The filters' names, as `filter(spec:)` knows them (shell completion offers them).
    package static let names = ["none", "sepia", "mono", "comic", "vignette"]

    package let filters: [any ImageFilter]

    package init(filters: [any ImageFilter]) {
        self.filters = filters
    }

    /// Parses each spec, `name` or `name:value`. `none` adds nothing.
    /// Throws `invalidArgument` naming the bad spec and the valid ones.
    package init(specs: [String]) throws {
        var filters: [any ImageFilter] = []
        for spec in specs {
            if let filter = try Self.filter(spec: spec) { filters.append(filter) }
        }
        self.filters = filters
    }

    /// True when applying changes nothing.
    package var isEmpty: Bool { filters.isEmpty }

    /// The specs that build this chain again.
    package var specs: [String] { filters.map(\.spec) }

    package func apply(to image: inout RGBAImage) {
        for filter in filters { filter.apply(to: &image) }
    }

    /// One spec's filter; nil for `none`.
    package static func filter(spec: String) throws -> (any ImageFilter)? {
        let parts = spec.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.first.map { $0.lowercased() } ?? ""
        let value = parts.count > 1 ? String(parts[1]) : nil

        func fail(_ problem: String) -> FaceStickerError {
            .invalidArgument("filter \"\(spec)\": \(problem) (valid: \(validSpecs))")
        }
        func noValue() throws {
            if value != nil { throw fail("\(name) takes no value") }
        }
        func fraction(_ what: String) throws -> Double? {
            guard let value else { return nil }
            guard let number = Double(value), number.isFinite else {
                throw fail("\(what) \"\(value)\" is not a number")
            }
            guard (0...1).contains(number) else { throw fail("\(what) \(value) is outside 0...1") }
            return number
        }

        switch name {
        case "none":
            try noValue()
            return nil
        case "sepia":
            return SepiaFilter(intensity: try fraction("intensity") ?? 1)
        case "mono":
            try noValue()
            return MonoFilter()
        case "comic":
            try noValue()
            return ComicFilter()
        case "vignette":
            return VignetteFilter(strength: try fraction("strength") ?? VignetteFilter.defaultStrength)
        default:
            throw fail("unknown filter")
        }
    }
}

/// One colour effect, applied in place to every pixel's colour. Alpha is never changed.
package protocol ImageFilter: Sendable {
    /// The `--filter` spec that builds this filter again, such as `sepia:0.8`.
    var spec: String { get }

    func apply(to image: inout RGBAImage)
}
