@testable import FaceSticker
@testable import FaceStickerCore
@testable import FaceStickerTuning
import FuzzSupport

/// The ground-truth parsers `tune` reads datasets with: WIDER FACE, FDDB,
/// CSV, JSON and the difficulty file. The first byte picks one
/// (`GroundTruthInput`); the rest is the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGroundTruth(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    guard let data, let (kind, bytes) = GroundTruthInput.split(Array(UnsafeBufferPointer(start: data, count: size)))
    else { return 0 }
    let lines = TextLines(path: "gt.txt", text: String(decoding: bytes, as: UTF8.self))
    switch kind {
    case .wider: _ = try? GroundTruth.Wider.parse(lines)
    case .fddb: _ = try? GroundTruth.FDDB.parse(lines)
    case .csv: _ = try? GroundTruth.BoxList.parseCSV(lines)
    case .json: _ = try? GroundTruth.BoxList.parseJSON(path: Scratch.write(bytes, name: "gt.json"))
    case .difficulty:
        var images = difficultyImages
        try? GroundTruth.Difficulty.apply(lines, to: &images)
    }
    return 0
}

/// The images a difficulty file is applied to: some faces, none, a name with a space.
private let difficultyImages: [LabeledImage] = {
    let face = GroundTruth.Box(box: Rect(x: 10, y: 10, width: 20, height: 20))
    return [
        LabeledImage(name: "a.jpg", path: "/fuzz/images/a.jpg", faces: [face, face, face]),
        LabeledImage(name: "b.jpg", path: "/fuzz/images/b.jpg", faces: []),
        LabeledImage(name: "c d.png", path: "/fuzz/images/c d.png", faces: [face]),
    ]
}()
