@testable import FaceSticker
@testable import FaceStickerVision
import Foundation

/// The detector config parser (`--config FILE`). A config it accepts must
/// survive the round trip `tune` makes: encoded and read back, the same settings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let settings = try? DetectorConfig.decode(Data(bytes: data, count: size), source: "fuzz.json") else {
        return 0
    }
    let again = try? DetectorConfig.decode(DetectorConfig.encode(settings), source: "encoded.json")
    // A failed invariant is a finding: stop here so libFuzzer keeps the input.
    if again != settings { fatalError("config round trip changed \(settings) into \(String(describing: again))") }
    return 0
}
