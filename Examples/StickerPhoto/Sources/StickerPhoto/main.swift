import FaceSticker
import Foundation

// StickerPhoto IN OUT STICKER.png: puts the sticker picture on every face of IN.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: StickerPhoto IN OUT STICKER.png\n".utf8))
    exit(2)
}
do {
    var photo = try ImageFile.read(path: arguments[1])
    let finder = try FaceFinder(settings: .defaults(for: ModelStore.defaultKind(for: .photo)))
    let faces = try finder.detect(in: photo)
    let sticker = Sticker(name: "sticker", art: try ImageFile.read(path: arguments[3]), fit: .plainPicture)
    StickerRenderer(stickers: [sticker]).render(&photo, faces: faces)
    try ImageFile.write(photo, to: arguments[2])
    print("\(faces.count) face(s) stickered with \(finder.kind.rawValue); wrote \(arguments[2])")
} catch {
    FileHandle.standardError.write(Data("StickerPhoto: \(error)\n".utf8))
    exit(1)
}
