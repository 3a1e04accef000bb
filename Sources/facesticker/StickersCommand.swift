import FaceSticker

/// `facesticker stickers`: not built yet.
enum StickersCommand: Command {
    static let name = "stickers"
    static let summary = "(not built yet)"
    static let usage = "usage: facesticker stickers (not built yet)"

    static func run(_ arguments: [String]) throws -> Int32 {
        throw FaceStickerError.invalidArgument("stickers: not built yet")
    }
}
