import Foundation
import FaceStickerCore

/// The sticker manifest, `stickers/stickers.json`: which stickers exist, their
/// layers' pictures and how each sits on a face.
///
/// ```json
/// {"credits": ["..."],
///  "stickers": [{"name": "sunglasses", "description": "...",
///                "layers": [{"art": "art/1f576_sunglasses.png", "anchor": "eyes",
///                            "measure": "eye-distance", "size": 2.4, "offset": [0, -0.04],
///                            "rotates": true}]}]}
/// ```
///
/// `anchor` and `size` are required; `measure` defaults to `eye-distance`,
/// `offset` (in measures: x toward the subject's left eye, y down the face)
/// to `[0, 0]`, `rotates` to true, `depth` (how far behind the eyes the layer
/// stands, in eye distances, -5...5) to the anchor's (`Sticker.Anchor.depth`). Unknown keys are refused so a typo is not
/// silently ignored; every error names the file and the key.
package struct StickerManifest: Hashable, Sendable {
    /// The file it was read from; art paths are relative to its folder.
    package let path: String
    /// Attribution lines for the art, printed wherever stickers are listed.
    package let credits: [String]
    package let entries: [StickerManifest.Entry]

    /// Reads and checks the manifest at `path`.
    package static func load(path: String) throws -> StickerManifest {
        try decode(try InputFile.contents(of: path, kind: .manifest), path: path)
    }

    /// Checks manifest JSON; `path` names it in errors and anchors its art paths.
    /// Read once, by the strict reader (`JSONReader`: a key given twice and bad
    /// syntax refused), then mapped key by key.
    package static func decode(_ data: Data, path: String) throws -> StickerManifest {
        let top = try Fields(try JSONReader.parse(data, path: path), at: "", path: path, allowed: ["credits", "stickers"])
        let credits = try top.array("credits").map { try $0.map { try top.string($0.value, at: $0.key) } } ?? []
        guard let stickers = try top.array("stickers") else { throw top.missing("stickers") }
        var entries: [Entry] = []
        for (key, value) in stickers {
            let entry = try self.entry(Fields(value, at: key, path: path, allowed: ["name", "description", "layers"]))
            guard !entries.contains(where: { $0.name == entry.name }) else {
                throw FaceStickerError.badValue(path: path, key: key + ".name", reason: "\"\(entry.name)\" is named twice")
            }
            entries.append(entry)
        }
        return StickerManifest(path: path, credits: credits, entries: entries)
    }

    /// The entry called `name`, if any.
    package func entry(named name: String) -> StickerManifest.Entry? {
        entries.first { $0.name == name }
    }

    /// Where a layer's picture is: relative paths start at the manifest's folder.
    package func artPath(_ layer: StickerManifest.LayerSpec) -> String {
        if layer.art.hasPrefix("/") { return layer.art }
        return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(layer.art).path
    }

    /// One element of `stickers`.
    private static func entry(_ c: Fields) throws -> Entry {
        guard let name = try c.string("name") else { throw c.missing("name") }
        let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
        guard let first = name.first, first != "-", name.allSatisfy(allowed.contains) else {
            throw c.bad("name", "\"\(name)\" is not lower-case letters, digits and dashes")
        }
        guard let items = try c.array("layers") else { throw c.missing("layers") }
        let layers = try items.map { try layer(Fields($0.value, at: $0.key, path: c.path,
                                                         allowed: ["art", "anchor", "measure", "size", "offset", "rotates", "depth"])) }
        guard !layers.isEmpty else { throw c.bad("layers", "no layers") }
        guard layers.count <= Sticker.maxLayers else {
            throw c.bad("layers", "\(layers.count) layers, at most \(Sticker.maxLayers)")
        }
        return Entry(name: name, summary: try c.string("description") ?? "", layers: layers)
    }

    /// One element of a sticker's `layers`.
    private static func layer(_ c: Fields) throws -> LayerSpec {
        guard let art = try c.string("art") else { throw c.missing("art") }
        guard !art.isEmpty else { throw c.bad("art", "empty path") }
        guard let anchorName = try c.string("anchor") else { throw c.missing("anchor") }
        guard let anchor = Sticker.Anchor(rawValue: anchorName) else {
            let names = Sticker.Anchor.allCases.map(\.rawValue).joined(separator: ", ")
            throw c.bad("anchor", "unknown anchor \"\(anchorName)\" (\(names))")
        }
        var measure = Sticker.Measure.eyeDistance
        if let measureName = try c.string("measure") {
            guard let named = Sticker.Measure(rawValue: measureName) else {
                let names = Sticker.Measure.allCases.map(\.rawValue).joined(separator: ", ")
                throw c.bad("measure", "unknown measure \"\(measureName)\" (\(names))")
            }
            measure = named
        }
        guard let size = try c.number("size") else { throw c.missing("size") }
        guard size > 0, size <= 20 else { throw c.bad("size", "must be above 0 and at most 20") }
        var offset = Point.zero
        if let pair = try c.array("offset", expected: "[x, y]") {
            let numbers = try pair.map { try c.number($0.value, at: $0.key) }
            guard numbers.count == 2, numbers.allSatisfy({ abs($0) <= 10 }) else {
                throw c.bad("offset", "must be [x, y], each within -10...10")
            }
            offset = Point(x: numbers[0], y: numbers[1])
        }
        let rotates = try c.bool("rotates") ?? true
        let depth = try c.number("depth")
        if let depth, !Sticker.Fit.depthRange.contains(depth) {
            let range = Sticker.Fit.depthRange
            throw c.bad("depth", "must be within \(Int(range.lowerBound))...\(Int(range.upperBound))")
        }
        return LayerSpec(art: art, fit: Sticker.Fit(anchor: anchor, measure: measure, size: size, offset: offset,
                                                    rotates: rotates, depth: depth))
    }

    /// One object of the manifest, its keys checked against those it may hold; every
    /// error names the file and the key's whole path (`stickers[0].layers[1].size`).
    /// A key given as null is one not given.
    private struct Fields {
        let values: [String: JSONValue]
        let key: String
        let path: String

        init(_ value: JSONValue, at key: String, path: String, allowed: Set<String>) throws {
            self.key = key
            self.path = path
            guard case .object(let values) = value else {
                throw FaceStickerError.badValue(path: path, key: key.isEmpty ? "(top level)" : key, reason: "expected a JSON object")
            }
            self.values = values
            if let unknown = values.keys.sorted().first(where: { !allowed.contains($0) }) {
                throw bad(unknown, "unknown key")
            }
        }

        func child(_ name: String) -> String { key.isEmpty ? name : key + "." + name }
        func bad(_ name: String, _ reason: String) -> FaceStickerError {
            .badValue(path: path, key: child(name), reason: reason)
        }
        func missing(_ name: String) -> FaceStickerError { bad(name, "missing") }

        private func value(_ name: String) -> JSONValue? {
            guard let value = values[name], value != .null else { return nil }
            return value
        }

        func string(_ name: String) throws -> String? { try value(name).map { try string($0, at: child(name)) } }
        func number(_ name: String) throws -> Double? { try value(name).map { try number($0, at: child(name)) } }
        func bool(_ name: String) throws -> Bool? {
            guard let value = value(name) else { return nil }
            guard case .bool(let flag) = value else { throw bad(name, "expected true or false") }
            return flag
        }
        /// The items of an array, each with its key (`layers[0]`).
        func array(_ name: String, expected: String = "a JSON array") throws -> [(key: String, value: JSONValue)]? {
            guard let value = value(name) else { return nil }
            guard case .array(let items) = value else { throw bad(name, "expected \(expected)") }
            return items.enumerated().map { (child(name) + "[\($0.offset)]", $0.element) }
        }

        func string(_ value: JSONValue, at key: String) throws -> String {
            guard case .string(let text) = value else { throw FaceStickerError.badValue(path: path, key: key, reason: "expected a string") }
            return text
        }
        func number(_ value: JSONValue, at key: String) throws -> Double {
            guard case .number(let number) = value, number.isFinite else {
                throw FaceStickerError.badValue(path: path, key: key, reason: "expected a number")
            }
            return number
        }
    }
}

extension StickerManifest {
    /// One sticker as the manifest describes it, before its art is loaded.
    package struct Entry: Hashable, Sendable {
        /// Lower-case letters, digits and dashes: what `--sticker` takes.
        package var name: String
        /// One line for `facesticker stickers`.
        package var summary: String
        /// Drawn in order, first at the bottom.
        package var layers: [StickerManifest.LayerSpec]

        package init(name: String, summary: String, layers: [StickerManifest.LayerSpec]) {
            self.name = name
            self.summary = summary
            self.layers = layers
        }
    }

    /// A manifest's description of one layer: which picture, and how it sits.
    package struct LayerSpec: Hashable, Sendable {
        /// The picture's path as the manifest gives it (relative to the manifest's folder, or absolute).
        package var art: String
        package var fit: Sticker.Fit

        package init(art: String, fit: Sticker.Fit) {
            self.art = art
            self.fit = fit
        }
    }
}
