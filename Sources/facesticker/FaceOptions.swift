import FaceSticker

/// The anonymisation and face-choice options `photo` and `video` share:
/// `--faces`, `--max-faces`, `--min-face`, `--mask-scale`, `--mask-shape`
/// (library: `FaceChoice` and `Anonymisation.Mask`, which hold their ranges and defaults).
enum FaceOptions {
    static let faces = Option<FaceChoice.Selection>("--faces", placeholder: "all|largest|N,M", default: FaceChoice.all.selection,
                                                    defaultText: "all",
                                                    setting: .faces, help: "which faces get stickers or effects: all, the largest, or the "
                                                        + "numbered ones (photo: size ranks, 1 = largest; video: track ids, "
                                                        + "as --tracks writes them)",
                                                    parse: { try FaceChoice.parseSelection($0) })
    static let maxFaces = Option<Int?>("--max-faces", placeholder: "N", default: nil, range: FaceChoice.maxFacesRange,
                                       setting: .maxFaces, help: "only the N largest faces")
    static let minFace = Option<Double?>("--min-face", placeholder: "PX", default: nil,
                                         setting: .minFace, help: "leave faces narrower than PX output pixels alone",
                                         parse: { try FaceChoice.parseMinFace($0) })
    static let maskScale = Option<Double>("--mask-scale", placeholder: "S", default: Anonymisation.Mask.defaultScale,
                                          setting: .maskScale, help: "blur, pixelate and solid cover the face box times S "
                                              + "(\(JSONText.number(Anonymisation.Mask.scaleRange.lowerBound, digits: 2))..."
                                              + "\(JSONText.number(Anonymisation.Mask.scaleRange.upperBound, digits: 2)))",
                                          parse: { try Anonymisation.Mask.parseScale($0) })
    static let maskShape = Option<Anonymisation.MaskShape>("--mask-shape", placeholder: "ellipse|box",
                                                           default: Anonymisation.Mask().shape,
                                                           setting: .maskShape, help: "the outline of that cover",
                                                           parse: { try Anonymisation.Mask.parseShape($0) })
    static let group = OptionGroup("faces and anonymisation", [faces, maxFaces, minFace, maskScale, maskShape])

    struct Choice {
        var mask = Anonymisation.Mask()
        var choice = FaceChoice.all

        /// `stickers` with this mask on their effects.
        func masked(_ stickers: [Sticker]) -> [Sticker] { stickers.map { $0.withMask(mask) } }
    }

    static func parse(_ arguments: Arguments) -> Choice {
        var options = Choice()
        options.mask.scale = arguments[maskScale]
        options.mask.shape = arguments[maskShape]
        options.choice.selection = arguments[faces]
        options.choice.maxFaces = arguments[maxFaces]
        options.choice.minFace = arguments[minFace]
        return options
    }
}
