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
    package static func decode(_ data: Data, path: String) throws -> StickerManifest {
        // The strict reading first (a key given twice, bad syntax), then the mapping onto `File`.
        _ = try JSONReader.parse(data, path: path)
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let error as DecodingError {
            throw describe(error, path: path)
        } catch {
            throw FaceStickerError.unreadable(path: path, reason: "not a valid sticker manifest")
        }
        var seen = Set<String>()
        for (index, entry) in file.stickers.enumerated() {
            guard seen.insert(entry.name).inserted else {
                throw FaceStickerError.badValue(path: path, key: "stickers[\(index)].name",
                                                reason: "\"\(entry.name)\" is named twice")
            }
        }
        return StickerManifest(path: path, credits: file.credits ?? [], entries: file.stickers)
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

    private static func describe(_ error: DecodingError, path: String) -> FaceStickerError {
        func key(_ codingPath: [CodingKey]) -> String {
            var text = ""
            for part in codingPath {
                if let index = part.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + part.stringValue
                }
            }
            return text.isEmpty ? "(top level)" : text
        }
        switch error {
        case .typeMismatch(let type, let context):
            return .badValue(path: path, key: key(context.codingPath), reason: "expected \(expected(type))")
        case .valueNotFound(let type, let context):
            return .badValue(path: path, key: key(context.codingPath), reason: "expected \(expected(type)), got null")
        case .keyNotFound(let missing, let context):
            return .badValue(path: path, key: key(context.codingPath + [missing]), reason: "missing")
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return .unreadable(path: path, reason: "not valid JSON") }
            return .badValue(path: path, key: key(context.codingPath), reason: context.debugDescription)
        @unknown default:
            return .unreadable(path: path, reason: "not a valid sticker manifest")
        }
    }

    private static func expected(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type: return "a number"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is [Double].Type: return "[x, y]"
        default:
            return String(describing: type).hasPrefix("Array") ? "a JSON array" : "a JSON object"
        }
    }

    /// The file's top level.
    private struct File: Decodable {
        var credits: [String]?
        var stickers: [StickerManifest.Entry]

        private enum Key: String, CodingKey, CaseIterable { case credits, stickers }

        init(from decoder: Decoder) throws {
            try StickerManifest.refuseUnknownKeys(in: decoder, allowed: Key.allCases.map(\.rawValue))
            let c = try decoder.container(keyedBy: Key.self)
            credits = try c.decodeIfPresent([String].self, forKey: .credits)
            stickers = try c.decode([EntryFile].self, forKey: .stickers).map(\.entry)
        }
    }

    /// One element of `stickers`.
    private struct EntryFile: Decodable {
        var entry: StickerManifest.Entry

        private enum Key: String, CodingKey, CaseIterable { case name, description, layers }

        init(from decoder: Decoder) throws {
            try StickerManifest.refuseUnknownKeys(in: decoder, allowed: Key.allCases.map(\.rawValue))
            let c = try decoder.container(keyedBy: Key.self)
            let name = try c.decode(String.self, forKey: .name)
            let allowed = Set("abcdefghijklmnopqrstuvwxyz0123456789-")
            guard let first = name.first, first != "-", name.allSatisfy(allowed.contains) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .name, in: c, debugDescription: "\"\(name)\" is not lower-case letters, digits and dashes")
            }
            let layers = try c.decode([LayerFile].self, forKey: .layers).map(\.spec)
            guard !layers.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .layers, in: c, debugDescription: "no layers")
            }
            guard layers.count <= Sticker.maxLayers else {
                throw DecodingError.dataCorruptedError(
                    forKey: .layers, in: c, debugDescription: "\(layers.count) layers, at most \(Sticker.maxLayers)")
            }
            entry = StickerManifest.Entry(name: name, summary: try c.decodeIfPresent(String.self, forKey: .description) ?? "",
                                 layers: layers)
        }
    }

    /// One element of a sticker's `layers`.
    private struct LayerFile: Decodable {
        var spec: StickerManifest.LayerSpec

        private enum Key: String, CodingKey, CaseIterable { case art, anchor, measure, size, offset, rotates, depth }

        init(from decoder: Decoder) throws {
            try StickerManifest.refuseUnknownKeys(in: decoder, allowed: Key.allCases.map(\.rawValue))
            let c = try decoder.container(keyedBy: Key.self)
            let art = try c.decode(String.self, forKey: .art)
            guard !art.isEmpty else {
                throw DecodingError.dataCorruptedError(forKey: .art, in: c, debugDescription: "empty path")
            }
            let anchorName = try c.decode(String.self, forKey: .anchor)
            guard let anchor = Sticker.Anchor(rawValue: anchorName) else {
                let names = Sticker.Anchor.allCases.map(\.rawValue).joined(separator: ", ")
                throw DecodingError.dataCorruptedError(
                    forKey: .anchor, in: c, debugDescription: "unknown anchor \"\(anchorName)\" (\(names))")
            }
            var measure = Sticker.Measure.eyeDistance
            if let measureName = try c.decodeIfPresent(String.self, forKey: .measure) {
                guard let named = Sticker.Measure(rawValue: measureName) else {
                    let names = Sticker.Measure.allCases.map(\.rawValue).joined(separator: ", ")
                    throw DecodingError.dataCorruptedError(
                        forKey: .measure, in: c, debugDescription: "unknown measure \"\(measureName)\" (\(names))")
                }
                measure = named
            }
            let size = try c.decode(Double.self, forKey: .size)
            guard size > 0, size <= 20 else {
                throw DecodingError.dataCorruptedError(forKey: .size, in: c, debugDescription: "must be above 0 and at most 20")
            }
            var offset = Point.zero
            if let pair = try c.decodeIfPresent([Double].self, forKey: .offset) {
                guard pair.count == 2, pair.allSatisfy({ abs($0) <= 10 }) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .offset, in: c, debugDescription: "must be [x, y], each within -10...10")
                }
                offset = Point(x: pair[0], y: pair[1])
            }
            let rotates = try c.decodeIfPresent(Bool.self, forKey: .rotates) ?? true
            let depth = try c.decodeIfPresent(Double.self, forKey: .depth)
            if let depth, !Sticker.Fit.depthRange.contains(depth) {
                let range = Sticker.Fit.depthRange
                throw DecodingError.dataCorruptedError(
                    forKey: .depth, in: c, debugDescription: "must be within \(Int(range.lowerBound))...\(Int(range.upperBound))")
            }
            spec = StickerManifest.LayerSpec(art: art, fit: Sticker.Fit(anchor: anchor, measure: measure, size: size,
                                                               offset: offset, rotates: rotates, depth: depth))
        }
    }

    /// Any key, to list what an object holds.
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func refuseUnknownKeys(in decoder: Decoder, allowed: [String]) throws {
        let all = try decoder.container(keyedBy: AnyKey.self)
        for key in all.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(codingPath: all.codingPath + [key],
                                                    debugDescription: "unknown key"))
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
