import FaceSticker

/// `facesticker photo`: not built yet.
enum PhotoCommand: Command {
    static let name = "photo"
    static let summary = "(not built yet)"
    static let usage = "usage: facesticker photo (not built yet)"

    static func run(_ arguments: [String]) throws -> Int32 {
        throw FaceStickerError.invalidArgument("photo: not built yet")
    }
}
