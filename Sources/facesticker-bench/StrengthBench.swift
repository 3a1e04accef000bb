import FaceSticker
import Foundation

/// `facesticker-bench strength PHOTO... [--specs blur:3,pixelate:6]`: how many faces
/// each detector finds again after each anonymisation effect (docs/anonymisation.md's
/// strength table; a few minutes over the WIDER dev photos). YuNet comes from
/// `FACESTICKER_YUNET_FILE` when it is not installed.
enum StrengthBench {
    static let defaultSpecs = ["blur:3", "blur:5", "blur:8", "pixelate:10", "pixelate:6"]

    static func run(_ arguments: [String]) throws {
        var photos: [String] = [], specs = defaultSpecs
        var rest = arguments[...]
        while let next = rest.popFirst() {
            if next == "--specs", let list = rest.popFirst() {
                specs = list.split(separator: ",").map(String.init)
            } else {
                photos.append(next)
            }
        }
        for kind in [DetectorKind.yunet, .centerface] {
            var settings = DetectorSettings.defaults(for: kind)
            if kind == .yunet, ModelStore.defaultModel(for: .yunet) == nil,
               let file = ProcessInfo.processInfo.environment["FACESTICKER_YUNET_FILE"] {
                settings.model = file
            }
            let detector = try FaceFinder(settings: settings)
            for spec in specs {
                var before = 0, again = 0, inRegion = 0
                for photo in photos {
                    let counts = try RecognitionCheck.measure(photo, spec: spec, detector: detector)
                    before += counts.before
                    again += counts.again
                    inRegion += counts.inRegion
                }
                print("\(kind.rawValue) \(spec): \(again) of \(before) faces found again "
                      + "(\(inRegion) detections in covered regions) in \(photos.count) photos")
            }
        }
    }
}
