import FaceSticker

/// `facesticker devices`: not built yet.
enum DevicesCommand: Command {
    static let name = "devices"
    static let summary = "(not built yet)"
    static let usage = "usage: facesticker devices (not built yet)"

    static func run(_ arguments: [String]) throws -> Int32 {
        throw FaceStickerError.invalidArgument("devices: not built yet")
    }
}
