@testable import FaceSticker
@testable import FaceStickerRender
import Foundation

/// The sticker manifest parser (`stickers.json`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzManifest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let json = Data(bytes: data, count: size)
    guard let manifest = try? StickerManifest.decode(json, path: "/fuzz/stickers.json") else { return 0 }
    for entry in manifest.entries {
        for layer in entry.layers { _ = manifest.artPath(layer) }
    }
    return 0
}
