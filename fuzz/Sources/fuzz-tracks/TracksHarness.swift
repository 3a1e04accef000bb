@testable import FaceSticker
@testable import FaceStickerRender
import Foundation

/// The tracks-file reader (`--tracks-in`), and through it the strict JSON
/// reader every user JSON file goes through. A file it accepts must keep its
/// bounds and check against a video's frame count.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTracks(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    guard let tracks = try? TracksFile.decode(Data(bytes: data, count: size), path: "/fuzz/tracks.json") else { return 0 }
    // A failed invariant is a finding: stop here so libFuzzer keeps the input.
    if tracks.faces.values.contains(where: { $0.count > TracksFile.maxFaces }) { fatalError("over \(TracksFile.maxFaces) faces") }
    _ = tracks.pastTheEnd(of: "/fuzz/clip.mp4", frameCount: 8)
    return 0
}
