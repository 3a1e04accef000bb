import FaceSticker
import Foundation

// StickerPhoto IN OUT [MODELS STICKERS]: sunglasses on every face of the photo IN,
// written to OUT. MODELS and STICKERS are the folders `make models` and `make stickers`
// fill in a FaceSticker checkout; without them, the installed ones (`make install`).
let arguments = CommandLine.arguments
guard arguments.count == 3 || arguments.count == 5 else {
    FileHandle.standardError.write(Data("usage: StickerPhoto IN OUT [MODELS STICKERS]\n".utf8))
    exit(2)
}
do {
    let locations = arguments.count == 5
        ? StickerEngine.Locations(models: arguments[3], stickers: arguments[4])
        : StickerEngine.Locations.installed()
    let engine = try StickerEngine(locations: locations, options: .init(stickers: ["sunglasses"]))
    let faces = try engine.stickerPhoto(at: arguments[1], to: arguments[2])
    print("\(faces.count) face(s) stickered; wrote \(arguments[2])")
} catch {
    FileHandle.standardError.write(Data("StickerPhoto: \(error)\n".utf8))
    exit(1)
}
