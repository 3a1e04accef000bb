import FaceSticker

/// `facesticker selfie`: not built yet.
enum SelfieCommand: Command {
    static let name = "selfie"
    static let summary = "(not built yet)"
    static let usage = "usage: facesticker selfie (not built yet)"

    static func run(_ arguments: [String]) throws -> Int32 {
        throw FaceStickerError.invalidArgument("selfie: not built yet")
    }
}
