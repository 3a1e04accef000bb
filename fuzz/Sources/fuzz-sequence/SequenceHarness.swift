@testable import FaceSticker
@testable import FaceStickerCore
@testable import FaceStickerMedia
import Foundation

/// The image sequence pattern parser (`video frames/%04d.png`, `-o out/%04d.png`).
/// A pattern it accepts must name every frame so that the name reads back as
/// that frame, hold no `/` in a frame's name, and survive the round trip
/// through the form ffmpeg is given; one it refuses is refused with a line
/// that starts with the pattern.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSequence(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data else { return 0 }
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = ImageSequence.isPattern(text)
    let pattern: ImageSequence.Pattern
    do {
        pattern = try ImageSequence.Pattern(text)
    } catch FaceStickerError.invalidArgument(let message) {
        if !message.hasPrefix(text + ": ") { fatalError("the refusal does not start with the pattern: \(message)") }
        return 0
    } catch {
        fatalError("not a usage error: \(error)")
    }
    // A failed invariant is a finding: stop here so libFuzzer keeps the input.
    for number in [0, 1, 9, 10, 99, 12_345, Int(Int32.max)] {
        let name = pattern.name(frame: number)
        if name.contains("/") { fatalError("frame \(number) of \(text) is named \(name)") }
        if pattern.frame(named: name) != number { fatalError("\(name) does not read back as frame \(number) of \(text)") }
    }
    _ = pattern.frame(named: text)
    guard let again = try? ImageSequence.Pattern(pattern.ffmpeg(in: nil)),
          (again.folder, again.prefix, again.width, again.suffix) == (pattern.folder, pattern.prefix, pattern.width, pattern.suffix)
    else { fatalError("\(text) does not survive the round trip through \(pattern.ffmpeg(in: nil))") }
    return 0
}
