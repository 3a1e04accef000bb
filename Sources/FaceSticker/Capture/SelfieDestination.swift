import Foundation

/// Where `selfie` writes: a file named with `-o` (replaced), or a fresh
/// timestamped name that never overwrites anything.
package enum SelfieDestination: Equatable, Sendable {
    case replace(String)
    case fresh(String)

    /// The destination for `-o output` (nil: the current folder; a folder: a
    /// timestamped name in it). Refuses unknown image types; whether the file
    /// is one the run reads is `RunFiles`' question.
    package static func choose(output: String?, now: Date = Date(),
                              currentFolder: String = FileManager.default.currentDirectoryPath) throws -> SelfieDestination {
        let fresh = { (folder: String) in
            SelfieDestination.fresh((folder as NSString).appendingPathComponent(SelfieOutput.defaultName(for: now)))
        }
        guard let output else { return fresh(currentFolder) }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue {
            return fresh(output)
        }
        guard ImageFile.Format(path: output) != nil else {
            throw FaceStickerError.output(path: output, reason: "unknown image type (use .png, .jpg or .jpeg)")
        }
        return .replace(output)
    }

    /// The file replaced, when `-o` named one (a fresh name overwrites nothing).
    package var replaced: String? {
        if case .replace(let path) = self { return path }
        return nil
    }

    /// Writes capture number `shot` (0 for the first): a named file is
    /// replaced by the first capture and later ones get `-2`, `-3`...; a fresh
    /// name never overwrites. Returns the path written.
    package func write(_ image: RGBAImage, quality: Int, shot: Int = 0) throws -> String {
        switch self {
        case .replace(let path) where shot == 0:
            try ImageFile.write(image, to: path, quality: quality)
            return path
        case .replace(let path), .fresh(let path):
            return try SelfieOutput.writeNew(image, to: path, quality: quality)
        }
    }
}
