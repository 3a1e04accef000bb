@testable import FaceSticker
@testable import FaceStickerMedia
@testable import FaceStickerRender
import FuzzSupport

/// The PNG loader (`ImageFile.read`, libpng behind it), then what a sticker
/// does with the pixels. Inputs are PNG files; see `PNGChunks.repaired`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, size > 0 else { return 0 }
    let bytes = PNGChunks.repaired(Array(UnsafeBufferPointer(start: data, count: size)))
    let path = Scratch.write(bytes, name: "input.png")
    guard let image = try? ImageFile.read(path: path) else { return 0 }
    _ = ImageFile.isOpaque(image)
    _ = StickerArt(image)
    return 0
}
