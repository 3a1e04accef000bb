import FaceSticker
import Foundation

/// `facesticker-bench video-left ORIGINAL MASKED [--width PX] [--score T]`: the faces a
/// video's masks left, frame by frame (`VideoMaskCoverage`; `scripts/bench-mask.sh`, third part).
enum VideoLeftBench {
    static func run(_ arguments: [String]) throws {
        var files: [String] = [], width = VideoMaskCoverage.defaultWidth, score = VideoMaskCoverage.defaultScore
        var rest = arguments[...]
        while let next = rest.popFirst() {
            switch next {
            case "--width": width = rest.popFirst().flatMap { Int($0) } ?? width
            case "--score": score = rest.popFirst().flatMap { Double($0) } ?? score
            default: files.append(next)
            }
        }
        guard files.count == 2 else { throw FaceStickerError.invalidArgument("video-left: ORIGINAL MASKED") }
        let coverage = try VideoMaskCoverage.measure(original: files[0], masked: files[1], width: width, score: score)
        print("\(files[0]) -> \(files[1]): \(coverage.frames) frames; reference: CenterFace at \(width) px on every original frame")
        for line in coverage.lines { print(line) }
    }
}
