import Foundation
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

/// The overwrite policy, the same for every command: an output already there
/// (a file, a sequence's pictures, a `--tracks` file, tune's `-o`, `--plot`
/// and `--sheet`, selfie's and live's `-o`) is replaced only with
/// `-y`/`--overwrite`. Scripts never meet a question: where ffmpeg asks on a
/// terminal, the run is refused before any work, exit status 2, one line.
extension RunFiles {
    /// `check()`, then the policy. `replacing`: outputs the run replaces
    /// anyway (those `--skip-existing` found incomplete); `skipExisting`: the
    /// command has `--skip-existing`, and the line says so.
    func check(_ arguments: Arguments, replacing redone: Set<String> = [], skipExisting: Bool = false) throws {
        try check()
        // Outputs are written whole under a temporary name and renamed into place, which would
        // replace a FIFO, socket or device there, even with -y: such a path is refused (issue #41).
        for entry in writes {
            let kind = FileKind(path: entry.path, followingLinks: false)
            guard kind.isStream else { continue }
            throw UsageError("\(arguments.command): \(entry.role) \(entry.path) is \(kind.name), which a run never replaces; "
                + "choose a file's name (nothing was written)")
        }
        guard !arguments[ResultOptions.overwrite] else { return }
        let there = existingOutputs(except: redone)
        guard let first = there.first else { return }
        let more = there.count > 1 ? " (and \(there.count - 1) more)" : ""
        let skip = skipExisting ? ", --skip-existing skips complete ones" : ""
        throw UsageError("\(arguments.command): \(first.role) \(first.path) is already there\(more); "
            + "-y (--overwrite) replaces\(skip) (nothing was written)")
    }
}
