import FaceSticker

/// The anonymisation and face-choice options `photo` and `video` share:
/// `--mask-scale`, `--mask-shape`, `--faces`, `--max-faces`, `--min-face`.
/// Parsed in one place so the option parser rewrite (issue #14 §1) can take
/// them over as a group; the library API is `Anonymisation.Mask` and `FaceChoice`.
struct FaceOptions {
    var mask = Anonymisation.Mask()
    var choice = FaceChoice.all

    /// The options' help lines; `ranks` says what `--faces` numbers mean for the command.
    static func help(ranks: String) -> String {
        """
          --faces all|largest|N,M which faces get stickers/effects: \(ranks) (default all)
          --max-faces N          only the N largest faces, 1...\(FaceChoice.maxFacesRange.upperBound)
          --min-face PX          leave faces narrower than PX output pixels alone
          --mask-scale S         blur/pixelate/solid cover the face box times S, \
        \(Anonymisation.Mask.scaleRange.lowerBound)...\(Anonymisation.Mask.scaleRange.upperBound) (default \(Anonymisation.Mask.defaultScale))
          --mask-shape ellipse|box  the outline of that cover (default ellipse)
        """
    }

    /// Takes the options out of `parser`.
    static func parse(_ parser: inout ArgumentParser) throws -> FaceOptions {
        var options = FaceOptions()
        if let text = try parser.value("--mask-scale") { options.mask.scale = try Anonymisation.Mask.parseScale(text) }
        if let text = try parser.value("--mask-shape") { options.mask.shape = try Anonymisation.Mask.parseShape(text) }
        if let text = try parser.value("--faces") { options.choice.selection = try FaceChoice.parseSelection(text) }
        if let text = try parser.value("--max-faces") { options.choice.maxFaces = try FaceChoice.parseMaxFaces(text) }
        if let text = try parser.value("--min-face") { options.choice.minFace = try FaceChoice.parseMinFace(text) }
        return options
    }

    /// `stickers` with this mask on their effects.
    func masked(_ stickers: [Sticker]) -> [Sticker] {
        stickers.map { $0.withMask(mask) }
    }
}
