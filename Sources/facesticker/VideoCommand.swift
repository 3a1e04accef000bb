import FaceSticker

/// `facesticker video`: not built yet.
enum VideoCommand: Command {
    static let name = "video"
    static let summary = "(not built yet)"
    static let usage = "usage: facesticker video (not built yet)"

    static func run(_ arguments: [String]) throws -> Int32 {
        throw FaceStickerError.invalidArgument("video: not built yet")
    }
}
