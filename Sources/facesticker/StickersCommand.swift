import FaceSticker

/// `facesticker stickers`: the stickers `--sticker` can name.
enum StickersCommand: Command {
    static let name = "stickers"
    static let summary = "list the stickers and where each sits on a face"
    static let synopsis = "[options]"
    static let details = """
    Lists the installed stickers: name, the anchor of each layer (eyes,
    between-eyes, nose, mouth, above-head, face) and what it is. Any PNG
    path also works as --sticker: it covers the whole face. The manifest
    (stickers.json, which also gives each layer's size) is looked for where
    FILES in facesticker(1) says.
    """

    static let examples = [
        Example("facesticker stickers", "Lists each sticker's name, where it sits on a face and what it is."),
        Example("facesticker stickers --names", "Only the names of the installed stickers, one a line (shell completion asks this)."),
        Example("facesticker stickers --json", "One JSON object per sticker, with whether its art is installed."),
    ]

    static let json = Flag("--json", help: "one JSON object per sticker on stdout (schema: docs/command-line.md, --json)")
    static let names = Flag("--names", help: "only the names of the stickers whose art is installed, one a line "
                                       + "(for scripts and shell completion)")
    static var groups: [OptionGroup] { [OptionGroup(nil, [json, names])] }

    static func run(_ arguments: Arguments) throws -> Int32 {
        try arguments.noPositionals("it takes no arguments")
        let library = try StickerLibrary.installed()
        guard let manifest = library.manifest else {
            throw FaceStickerError.invalidArgument(
                "stickers: no sticker manifest found (looked in \(SearchPlace.looked(StickerLibrary.searchOrder)))")
        }
        let nameWidth = (manifest.entries.map(\.name.count).max() ?? 0) + 2
        let placements = manifest.entries.map { $0.layers.map(\.fit.anchor.rawValue).joined(separator: " + ") }
        let placementWidth = (placements.map(\.count).max() ?? 0) + 2
        var missing = 0
        if arguments[names] {
            for entry in manifest.entries where library.isInstalled(entry) { try Console.out(entry.name) }
            return ExitStatus.success
        }
        if arguments[json] {
            for entry in manifest.entries {
                let installed = library.isInstalled(entry)
                if !installed { missing += 1 }
                var object = JSONObject()
                object.add("name", entry.name)
                object.add("anchors", strings: entry.layers.map(\.fit.anchor.rawValue))
                object.add("description", entry.summary)
                object.add("installed", .bool(installed))
                try Console.out(json: object.text)
            }
            if missing > 0 {
                Console.note("stickers: \(missing) sticker(s) lack their art; scripts/stickers.sh (run by make) fetches it")
            }
            return ExitStatus.success
        }
        for (entry, placement) in zip(manifest.entries, placements) {
            let installed = library.isInstalled(entry)
            if !installed { missing += 1 }
            try Console.out(pad(entry.name, nameWidth) + pad(placement, placementWidth) + entry.summary
                + (installed ? "" : " (art not installed)"))
        }
        try Console.out("")
        try Console.out("Any PNG path also works as --sticker: it covers the whole face.")
        try manifest.credits.forEach { try Console.out($0) }
        if missing > 0 {
            Console.note("stickers: \(missing) sticker(s) lack their art; scripts/stickers.sh (run by make) fetches it")
        }
        return ExitStatus.success
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text.padding(toLength: width, withPad: " ", startingAt: 0)
    }
}
