import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision

/// The stickers a user can name: the built-in anonymisation effects
/// (`blur[:STRENGTH]`, `pixelate[:BLOCKS]`, `solid[:#RRGGBB]`, see
/// `Anonymisation.Effect.parse`), those of the installed manifest, plus any
/// PNG (or JPEG) file, which gets `Sticker.Fit.plainPicture`.
package struct StickerLibrary: Sendable {
    /// Nil when no manifest is installed: only picture paths then work.
    package let manifest: StickerManifest?

    package init(manifest: StickerManifest?) {
        self.manifest = manifest
    }

    /// The library of the manifest at `path`.
    package static func load(manifestPath path: String) throws -> StickerLibrary {
        StickerLibrary(manifest: try StickerManifest.load(path: path))
    }

    /// The installed library: `stickers.json` in the first of `searchPaths`
    /// that has one; an empty library when none has.
    package static func installed() throws -> StickerLibrary {
        let file = searchPaths.map { $0 + "/stickers.json" }.first { FileManager.default.fileExists(atPath: $0) }
        guard let file else { return StickerLibrary(manifest: nil) }
        return try load(manifestPath: file)
    }

    /// The variable that names a sticker folder searched first.
    package static let environmentVariable = "FACESTICKER_STICKERS"

    /// Folders searched for `stickers.json`, in order: the one list that the
    /// man page's FILES, `-v` and the errors show.
    package static var searchOrder: [SearchPlace] {
        let env = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        return [
            SearchPlace("$\(environmentVariable)", env),
            SearchPlace("the stickers/ folder of the source checkout the binary was built in",
                        ModelStore.sourceTree().map { $0 + "/stickers" }),
            SearchPlace("PREFIX/share/facesticker/stickers, for a binary installed as PREFIX/bin/facesticker",
                        ModelStore.installedShare().map { $0 + "/stickers" }),
            SearchPlace("/usr/local/share/facesticker/stickers", "/usr/local/share/facesticker/stickers"),
        ]
    }

    /// The folders searched, in order.
    package static var searchPaths: [String] { SearchPlace.paths(searchOrder) }

    /// The manifest's entries (none without a manifest).
    package var entries: [StickerManifest.Entry] { manifest?.entries ?? [] }

    /// Whether every picture of `entry` is on disk.
    package func isInstalled(_ entry: StickerManifest.Entry) -> Bool {
        guard let manifest else { return false }
        return entry.layers.allSatisfy { FileManager.default.isReadableFile(atPath: manifest.artPath($0)) }
    }

    /// The sticker `nameOrPath` names: a manifest entry, else a picture file.
    package func sticker(named nameOrPath: String) throws -> Sticker {
        var cache = ArtCache()
        return try sticker(named: nameOrPath, cache: &cache)
    }

    /// `nameOrPath` as a picture file (read by `picture`), or the error saying what it is not.
    private func sticker(named nameOrPath: String, picture: (String) throws -> Sticker) throws -> Sticker {
        if FileManager.default.fileExists(atPath: nameOrPath) { return try picture(nameOrPath) }
        let looksLikePath = nameOrPath.contains("/") || nameOrPath.contains(".")
        if looksLikePath {
            try InputPath.check(nameOrPath) // names a symlink loop or no permission for what it is
            throw FaceStickerError.fileNotFound(path: nameOrPath)
        }
        let known = entries.map(\.name).joined(separator: ", ")
        let reason = manifest == nil
            ? "no sticker manifest is installed (looked in \(Self.searchPaths.joined(separator: ", "))) and no such file"
            : "not in \(manifest?.path ?? "") (\(known)) and no such file"
        throw FaceStickerError.invalidArgument("unknown sticker \"\(nameOrPath)\": \(reason)")
    }

    /// The files the sticker `nameOrPath` reads (its manifest and art, or the
    /// picture itself), with their roles, so no output can overwrite one.
    package func files(of nameOrPath: String) -> [RunFiles.Entry] {
        if (try? Anonymisation.Effect.parse(nameOrPath)) != nil { return [] }
        if let manifest, let entry = manifest.entry(named: nameOrPath) {
            return [RunFiles.Entry(role: "the sticker manifest", path: manifest.path)]
                + entry.layers.map { RunFiles.Entry(role: "the art of sticker \(entry.name)", path: manifest.artPath($0)) }
        }
        return [RunFiles.Entry(role: "the sticker picture", path: nameOrPath)]
    }

    /// The stickers `names` name, each picture decoded and prepared once
    /// however many layers and stickers use it (they share one `StickerArt`).
    package func stickers(named names: [String]) throws -> [Sticker] {
        var cache = ArtCache()
        return try names.map { try sticker(named: $0, cache: &cache) }
    }

    /// Loads `entry`'s pictures.
    package func sticker(_ entry: StickerManifest.Entry) throws -> Sticker {
        var cache = ArtCache()
        return try sticker(entry, cache: &cache)
    }

    /// A picture file as a one-layer sticker covering the face.
    package static func sticker(picture path: String) throws -> Sticker {
        var cache = ArtCache()
        return try sticker(picture: path, cache: &cache)
    }

    /// Prepared art by resolved path, shared within one loading.
    package struct ArtCache {
        private var arts: [String: StickerArt] = [:]

        mutating func art(_ path: String) throws -> StickerArt {
            let key = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            if let art = arts[key] { return art }
            let art = StickerArt(try StickerLibrary.readArt(path))
            arts[key] = art
            return art
        }
    }

    /// Decodes sticker art, refusing art above `Sticker.maxArtSide` a side
    /// before decoding it when the header says so (PNG, JPEG).
    package static func readArt(_ path: String) throws -> RGBAImage {
        let limit = Sticker.maxArtSide
        let tooBig = { (w: Int, h: Int) in
            FaceStickerError.unreadable(path: path, reason: "sticker art is \(w)x\(h) pixels; at most \(limit) a side")
        }
        try InputPath.check(path)
        if let (w, h) = ImageFile.headerSize(path: path), max(w, h) > limit { throw tooBig(w, h) }
        let image = try ImageFile.read(path: path)
        guard max(image.width, image.height) <= limit else { throw tooBig(image.width, image.height) }
        return image
    }

    private func sticker(named nameOrPath: String, cache: inout ArtCache) throws -> Sticker {
        // Built-in effects first: a picture file called "blur" is still reachable as ./blur.
        if let effect = try Anonymisation.Effect.parse(nameOrPath) { return Sticker(effect: effect) }
        if let entry = manifest?.entry(named: nameOrPath) { return try sticker(entry, cache: &cache) }
        return try sticker(named: nameOrPath) { try Self.sticker(picture: $0, cache: &cache) }
    }

    private func sticker(_ entry: StickerManifest.Entry, cache: inout ArtCache) throws -> Sticker {
        guard let manifest else { throw FaceStickerError.invalidArgument("no sticker manifest is installed") }
        let layers = try entry.layers.map { spec -> Sticker.Layer in
            let path = manifest.artPath(spec)
            guard FileManager.default.fileExists(atPath: path) else {
                throw FaceStickerError.unreadable(
                    path: path, reason: "sticker art not installed (scripts/stickers.sh fetches it)")
            }
            return Sticker.Layer(art: try cache.art(path), fit: spec.fit)
        }
        return Sticker(name: entry.name, layers: layers)
    }

    private static func sticker(picture path: String, cache: inout ArtCache) throws -> Sticker {
        Sticker(name: path, layers: [Sticker.Layer(art: try cache.art(path), fit: .plainPicture)])
    }
}
