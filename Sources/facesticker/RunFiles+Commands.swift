import FaceSticker

/// What every command adds to its `RunFiles`: the files detection reads and
/// the stickers' files, so each command names only its own inputs and outputs.
extension RunFiles {
    /// The detector's config and model, and every installed model.
    mutating func read(detector: FaceFinder, config: String?) {
        read("the detector config", config)
        read("the detector model", detector.settings.model)
        for kind in DetectorKind.allCases { read("the installed \(kind.rawValue) model", ModelStore.defaultModel(for: kind)) }
    }

    /// Every file the stickers named read (manifest, art, pictures).
    mutating func read(stickers names: [String], in library: StickerLibrary) {
        for name in names { read(library.files(of: name)) }
    }

    /// A `--source` (selfie, live): the file or camera, and for a folder every photo in it.
    mutating func read(source path: String?) throws {
        guard let path else { return }
        read("the source", path)
        if try FrameSources.kind(of: path) == .folder, let folder = try? ImageFolderSource(folder: path) {
            for photo in folder.files { read("a photo of the source folder", photo) }
        }
    }
}
