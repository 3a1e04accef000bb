import Foundation
import FaceStickerCore
import FaceStickerMedia

/// Names and writes selfie pictures.
package enum SelfieOutput {
    /// `selfie-YYYYMMDD-HHMMSS.png` for `date`, in local time.
    package static func defaultName(for date: Date, extension ext: String = "png") -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return "selfie-\(formatter.string(from: date)).\(ext)"
    }

    /// `path`, then `name-2.ext`, `name-3.ext`...: the names tried in turn.
    package static func candidate(_ path: String, _ attempt: Int) -> String {
        guard attempt > 1 else { return path }
        let ext = PathText.extension(of: path)
        let base = ext.isEmpty ? path : String(path.dropLast(ext.count + 1))
        return base + "-\(attempt)" + (ext.isEmpty ? "" : "." + ext)
    }

    /// Writes `image` as PNG or JPEG (by extension) to `path`, or, when that
    /// file exists, to the first free `-2`, `-3`... name; returns the path written.
    /// The picture is encoded to a temporary file first and then placed without
    /// replacing (`AtomicFile.Pending.place`): a name taken meanwhile is passed over.
    package static func writeNew(_ image: RGBAImage, to path: String, quality: Int = ImageFile.defaultJPEGQuality) throws -> String {
        let pending = try AtomicFile.Pending(for: path)
        defer { pending.abandon() }
        try ImageFile.write(image, to: pending.temporary, quality: quality)
        for attempt in 1...10_000 {
            let target = candidate(path, attempt)
            if try pending.place(at: target) { return target }
        }
        throw FaceStickerError.output(path: path, reason: "10000 files of that name already exist")
    }
}

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
            SelfieDestination.fresh(PathText.join(folder, SelfieOutput.defaultName(for: now)))
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
