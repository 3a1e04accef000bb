import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision
import FaceStickerRender

/// One long video across many runs (issue #43): `video --segment I/N` makes part I of N,
/// recorded with what `join` checks (`OutputRecord.Segment`), and `VideoJoiner` puts the
/// parts back together.
extension VideoOptions {
    /// Which part of how many a run makes (`video --segment I/N`).
    package struct Segment: Equatable, Sendable {
        /// From 1.
        package var number: Int
        package var count: Int

        package init(_ number: Int, of count: Int) {
            self.number = number
            self.count = count
        }
    }

    /// Makes these options write part `number` of `count` of the video at `input`: its frames
    /// (`VideoStickerer.segment`), warmed up on the frames around them, without audio (the
    /// join takes the source's, once), recorded as that part.
    package mutating func cut(segment number: Int, of count: Int, input: String) throws {
        range = try VideoStickerer.segment(number, of: count, input: input)
        warmUp = true
        encoder.audio = false
        segment = Segment(number, of: count)
    }

    /// What shapes a part's pictures, as 16 hexadecimal digits: parts made with the same
    /// detector, tracking, stickers (their art's pixels included), filters, choice of faces
    /// and encoder settings have the same; where they go, how they are
    /// reported and which part they are do not count. `join` refuses parts whose differ.
    package func fingerprint(painter: TrackPainter) -> String {
        var print = Fingerprint()
        print.add(detector.kind.rawValue)
        for model in [detector.model, detector.verifierModel] {
            // A model by its name and size: the same file on every machine, wherever installed.
            print.add(model.map { "\(PathText.name(of: $0)):\(Self.size(of: $0))" } ?? "installed")
        }
        for parameter in DetectorParameter.allCases { print.add("\(parameter.key)=\(detector[parameter])") }
        print.add("\(String(describing: detectWidth)) \(String(describing: detectEvery)) \(String(describing: tracker))")
        print.add("\(profile) \(encoder.crf) \(encoder.preset) \(sequenceRate) \(warmUp)")
        for sticker in painter.stickers {
            print.add(sticker.name)
            for layer in sticker.layers {
                print.add("\(layer.fit) \(String(describing: layer.effect))")
                if let art = layer.art.levels.first { print.add(floats: art.pixels) }
            }
        }
        print.add("\(painter.assignment) \(painter.filters.specs) \(String(describing: painter.smoothing)) \(painter.choice)")
        return print.hex
    }

    private static func size(of path: String) -> UInt64 {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.uint64Value ?? 0
    }
}

extension VideoStickerer {
    /// The default output of part `segment` of `input`: the whole run's name with
    /// `-partIofN` (I zero-padded to N's digits, so that the parts' names sort in order).
    package static func defaultOutput(for input: String, in folder: String? = nil, segment: VideoOptions.Segment) -> String {
        let whole = defaultOutput(for: input, in: folder)
        let digits = String(segment.count).count
        let number = String(repeating: "0", count: max(0, digits - String(segment.number).count)) + String(segment.number)
        return PathText.removingExtension(whole) + "-part\(number)of\(segment.count)." + PathText.extension(of: whole)
    }

    /// The whole video's name for parts named as `defaultOutput(for:in:segment:)` names
    /// them (`long-stickered-part01of16.mp4` → `long-stickered.mp4`, beside it); nil for another name.
    package static func joinedName(of part: String) -> String? {
        let name = PathText.removingExtension(PathText.name(of: part))
        guard let range = name.range(of: #"-part[0-9]+of[0-9]+$"#, options: .regularExpression), range.lowerBound > name.startIndex
        else { return nil }
        let ext = PathText.extension(of: part)
        return PathText.join(PathText.folder(of: part), String(name[..<range.lowerBound]) + (ext.isEmpty ? "" : "." + ext))
    }
}
