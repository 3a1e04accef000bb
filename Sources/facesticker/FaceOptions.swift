import FaceSticker

/// The anonymisation and face-choice options `photo` and `video` share:
/// `--faces`, `--max-faces`, `--min-face`, `--mask-scale`, `--mask-shape`
/// (library: `FaceChoice` and `Anonymisation.Mask`).
enum FaceOptions {
    /// The library's parse error as the parser's problem text (it names the option itself).
    private static func problem(_ option: String, _ check: () throws -> Void) -> String? {
        do {
            try check()
            return nil
        } catch {
            let message = "\(error)"
            return message.hasPrefix(option + ": ") ? String(message.dropFirst(option.count + 2)) : message
        }
    }

    static let faces = Option.value("--faces", placeholder: "all|largest|N,M", kind: .custom { text in
        problem("--faces") { _ = try FaceChoice.parseSelection(text) }
    }, default: "all", help: "which faces get stickers or effects: all, the largest, or the numbered ones "
        + "(photo: size ranks, 1 = largest; video: track ids, as --tracks writes them)")
    static let maxFaces = Option.value("--max-faces", placeholder: "N", kind: .int(FaceChoice.maxFacesRange),
                                       help: "only the N largest faces")
    static let minFace = Option.value("--min-face", placeholder: "PX", kind: .custom { text in
        problem("--min-face") { _ = try FaceChoice.parseMinFace(text) }
    }, help: "leave faces narrower than PX output pixels alone")
    static let maskScale = Option.value("--mask-scale", placeholder: "S", kind: .custom { text in
        problem("--mask-scale") { _ = try Anonymisation.Mask.parseScale(text) }
    },
                                        default: JSONText.number(Anonymisation.Mask.defaultScale, digits: 2),
                                        help: "blur, pixelate and solid cover the face box times S (0.5...4)")
    static let maskShape = Option.value("--mask-shape", placeholder: "ellipse|box",
                                        kind: .custom { text in problem("--mask-shape") { _ = try Anonymisation.Mask.parseShape(text) } },
                                        default: "ellipse", help: "the outline of that cover")
    static let group = OptionGroup("faces and anonymisation", [faces, maxFaces, minFace, maskScale, maskShape])

    struct Choice {
        var mask = Anonymisation.Mask()
        var choice = FaceChoice.all

        /// `stickers` with this mask on their effects.
        func masked(_ stickers: [Sticker]) -> [Sticker] { stickers.map { $0.withMask(mask) } }
    }

    static func parse(_ arguments: Arguments) throws -> Choice {
        var options = Choice()
        try asUsage {
            if let text = arguments.string(maskScale) { options.mask.scale = try Anonymisation.Mask.parseScale(text) }
            if let text = arguments.string(maskShape) { options.mask.shape = try Anonymisation.Mask.parseShape(text) }
            if let text = arguments.string(faces) { options.choice.selection = try FaceChoice.parseSelection(text) }
            if let text = arguments.string(maxFaces) { options.choice.maxFaces = try FaceChoice.parseMaxFaces(text) }
            if let text = arguments.string(minFace) { options.choice.minFace = try FaceChoice.parseMinFace(text) }
        }
        return options
    }
}
