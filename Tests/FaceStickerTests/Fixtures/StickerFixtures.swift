import Foundation
import Testing

/// A sticker folder laid out as `scripts/stickers.sh` installs one, built in a
/// temporary directory so tests need no set-up: the project's manifest, its
/// Twemoji art linked (not copied) from ../shared, and our own SVGs rendered
/// with rsvg-convert as the script renders them.
enum StickerFixtures {
    static let manifest = Fixtures.root.appendingPathComponent("stickers/stickers.json").path
    static let ownArt = Fixtures.root.appendingPathComponent("stickers/own").path
    /// ../shared's Twemoji PNGs, else the ones set-up renders into stickers/art from the same release.
    static let twemoji = Fixtures.hasShared("stickers/twemoji")
        ? Fixtures.sharedPath("stickers/twemoji") : Fixtures.root.appendingPathComponent("stickers/art").path

    /// A folder holding `stickers.json` and `art/`.
    static func installed() throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory()
        let files = FileManager.default
        try files.createDirectory(atPath: dir.path("art"), withIntermediateDirectories: true)
        try files.copyItem(atPath: manifest, toPath: dir.path("stickers.json"))
        for name in try files.contentsOfDirectory(atPath: twemoji) where name.hasSuffix(".png") {
            try files.createSymbolicLink(atPath: dir.path("art/" + name), withDestinationPath: twemoji + "/" + name)
        }
        for name in try files.contentsOfDirectory(atPath: ownArt) where name.hasSuffix(".svg") {
            let png = dir.path("art/" + name.dropLast(4) + ".png")
            try render(svg: ownArt + "/" + name, png: png)
        }
        return dir
    }

    /// Runs rsvg-convert (Debian's librsvg2-bin, which set-up installs) at 512 px wide.
    static func render(svg: String, png: String) throws {
        let run = try CLIRun(program: "/usr/bin/rsvg-convert", ["-w", "512", "-o", png, svg])
        try #require(run.status == 0, "rsvg-convert \(svg)")
    }
}
