import FaceSticker

/// `facesticker tune`: not built yet.
enum TuneCommand: Command {
    static let name = "tune"
    static let summary = "(not built yet)"
    static let usage = "usage: facesticker tune (not built yet)"

    static func run(_ arguments: [String]) throws -> Int32 {
        throw FaceStickerError.invalidArgument("tune: not built yet")
    }
}
