import FaceSticker
import Foundation

/// The WIDER FACE dev set in ../shared and small datasets made from it.
enum TuningFixtures {
    static let widerDev = Fixtures.sharedPath("data/wider-dev")

    /// A dataset folder in `dir` holding the first `count` images of wider-dev (of `names`, when given):
    /// `images` is a symlink into ../shared, the ground truth and difficulty
    /// lines are copied from wider-dev's own files (nothing enters the repo).
    static func tinyWider(in dir: TemporaryDirectory, count: Int, folder: String = "tiny",
                          names wanted: [String]? = nil) throws -> String {
        let root = dir.path(folder)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/images", withDestinationPath: widerDev + "/images")
        let lines = try String(contentsOfFile: widerDev + "/wider_face_gt.txt", encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
        var kept: [Substring] = []
        var names: [Substring] = []
        var i = 0
        while names.count < count, i + 1 < lines.count {
            let name = lines[i], faces = Int(lines[i + 1]) ?? 0
            let length = 2 + max(faces, 1)
            if wanted?.contains(String(name)) ?? true {
                kept += lines[i..<min(i + length, lines.count)]
                names.append(name)
            }
            i += length
        }
        try (kept.joined(separator: "\n") + "\n")
            .write(toFile: root + "/wider_face_gt.txt", atomically: true, encoding: .utf8)
        let difficulty = try String(contentsOfFile: widerDev + "/difficulty.tsv", encoding: .utf8)
            .split(separator: "\n").filter { line in names.contains { line.hasPrefix($0 + "\t") } }
        try (difficulty.joined(separator: "\n") + "\n")
            .write(toFile: root + "/difficulty.tsv", atomically: true, encoding: .utf8)
        return root
    }

    /// A folder with `images/` holding small grey JPEGs named `names`.
    static func imageFolder(in dir: TemporaryDirectory, names: [String]) throws -> String {
        let root = dir.path("set")
        try FileManager.default.createDirectory(atPath: root + "/images", withIntermediateDirectories: true)
        for name in names {
            try ImageFile.write(RGBAImage(width: 32, height: 24, fill: (128, 128, 128, 255)), to: root + "/images/" + name)
        }
        return root
    }
}
