import Foundation
import FaceStickerCore
import FaceStickerVision

/// Which faces get stickers and effects (`--faces`, `--max-faces`,
/// `--min-face`); the others are left as they are. A face's size is its
/// box's width in output pixels.
///
/// The rules apply in this order: `selection` (photo: size ranks among all
/// faces found, 1 = largest; video: track ids as the `--tracks` file writes
/// them), then `minFace`, then `maxFaces` keeps the largest of what is left.
/// In a video a track's size is the largest it has been so far, so a face
/// that was big enough once keeps its effect when it moves away, and a
/// chosen track loses its place only to one 10% larger: no flicker.
package struct FaceChoice: Hashable, Sendable {
    package enum Selection: Hashable, Sendable {
        /// Every face.
        case all
        /// The largest face only (the same as `maxFaces` 1).
        case largest
        /// Photo: these size ranks (1 = largest); video: these track ids.
        case listed([Int])
    }

    /// `--max-faces` and `--min-face` values accepted.
    package static let maxFacesRange = 1...1000
    package static let minFaceRange = 1...100_000
    /// How much larger (as a factor) a track must be to take a chosen track's place.
    package static let hysteresis = 1.1

    package var selection: Selection
    /// Keep at most this many faces, the largest.
    package var maxFaces: Int?
    /// Leave faces narrower than this many output pixels alone.
    package var minFace: Double?

    package init(selection: Selection = .all, maxFaces: Int? = nil, minFace: Double? = nil) {
        self.selection = selection
        self.maxFaces = maxFaces
        self.minFace = minFace
    }

    /// Every face: the default.
    package static let all = FaceChoice()

    /// Whether every face is chosen whatever they are.
    package var choosesAll: Bool { selection == .all && maxFaces == nil && minFace == nil }

    /// The size rules go by: the box width (0 for a degenerate box).
    package static func size(of face: Face) -> Double {
        face.box.width.isFinite ? max(0, face.box.width) : 0
    }

    /// How many faces to keep at most: `maxFaces`, or 1 for `largest`.
    package var limit: Int? {
        selection == .largest ? 1 : maxFaces
    }

    // MARK: Parsing

    /// A `--faces` value: `all`, `largest`, or a comma-separated list of numbers
    /// (`2`, `1,3`); numbers at least 0 (photo ranks start at 1: see `validateForPhoto`).
    package static func parseSelection(_ text: String, setting: SettingName = .faces) throws -> Selection {
        switch text.lowercased() {
        case "all": return .all
        case "largest": return .largest
        default: break
        }
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        var numbers: [Int] = []
        for item in items {
            let trimmed = item.trimmingCharacters(in: .whitespaces)
            guard let number = Int(trimmed), number >= 0, number <= 1_000_000 else {
                throw FaceStickerError.invalidArgument(
                    "\(setting: setting): \"\(text)\" is not all, largest or a list of face numbers like 1,3 (\"\(trimmed)\" is not a number)")
            }
            if !numbers.contains(number) { numbers.append(number) }
        }
        return .listed(numbers)
    }

    /// A `--max-faces` value: a whole number in `maxFacesRange`.
    package static func parseMaxFaces(_ text: String, setting: SettingName = .maxFaces) throws -> Int {
        guard let value = Int(text) else {
            throw FaceStickerError.invalidArgument("\(setting: setting): \"\(text)\" is not a whole number (\(maxFacesRange.lowerBound)...\(maxFacesRange.upperBound))")
        }
        guard maxFacesRange.contains(value) else {
            throw FaceStickerError.invalidArgument("\(setting: setting): \(text) is outside \(maxFacesRange.lowerBound)...\(maxFacesRange.upperBound)")
        }
        return value
    }

    /// A `--min-face` value: pixels, a whole number in `minFaceRange`.
    package static func parseMinFace(_ text: String, setting: SettingName = .minFace) throws -> Double {
        guard let value = Int(text) else {
            throw FaceStickerError.invalidArgument("\(setting: setting): \"\(text)\" is not a whole number of pixels (\(minFaceRange.lowerBound)...\(minFaceRange.upperBound))")
        }
        guard minFaceRange.contains(value) else {
            throw FaceStickerError.invalidArgument("\(setting: setting): \(text) is outside \(minFaceRange.lowerBound)...\(minFaceRange.upperBound)")
        }
        return Double(value)
    }

    /// Throws when the selection lists rank 0: photo ranks start at 1 (the largest face).
    package func validateForPhoto(setting: SettingName = .faces) throws {
        if case .listed(let ranks) = selection, ranks.contains(0) {
            throw FaceStickerError.invalidArgument("\(setting: setting): rank 0: face ranks start at 1 (the largest face)")
        }
    }

    // MARK: Photo

    /// The indices into `faces` of those chosen, in their order in `faces`.
    package func chosenIndices(of faces: [Face]) -> [Int] {
        if choosesAll { return Array(faces.indices) }
        let sizes = faces.map(Self.size)
        // Largest first; equal sizes left to right, then top to bottom, so ranks are stable.
        let ranked = faces.indices.sorted { a, b in
            if sizes[a] != sizes[b] { return sizes[a] > sizes[b] }
            if faces[a].box.x != faces[b].box.x { return faces[a].box.x < faces[b].box.x }
            return faces[a].box.y < faces[b].box.y
        }
        var candidates = ranked
        if case .listed(let ranks) = selection {
            candidates = ranked.enumerated().filter { ranks.contains($0.offset + 1) }.map(\.element)
        }
        if let minFace { candidates = candidates.filter { sizes[$0] >= minFace } }
        if let limit { candidates = Array(candidates.prefix(limit)) }
        return candidates.sorted()
    }

    /// The faces chosen, in their order in `faces`.
    package func chosen(_ faces: [Face]) -> [Face] {
        chosenIndices(of: faces).map { faces[$0] }
    }
}
