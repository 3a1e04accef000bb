import Foundation

/// The PNG and JPEG files of a folder, in name order, one frame each.
package final class ImageFolderSource: FrameSource {
    package let name: String
    /// The image files found, in the order they are given.
    package let files: [String]
    private var next = 0

    package static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Lists the folder; fails when it has no PNG or JPEG file.
    package init(folder: String) throws {
        name = folder
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw FaceStickerError.unreadable(path: folder, reason: "cannot list the folder")
        }
        files = names.filter { !$0.hasPrefix(".") && Self.extensions.contains(($0 as NSString).pathExtension.lowercased()) }
            .sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            .map { (folder as NSString).appendingPathComponent($0) }
        guard !files.isEmpty else {
            throw FaceStickerError.unreadable(path: folder, reason: "no PNG or JPEG images in the folder")
        }
    }

    package var isLive: Bool { false }
    package var defaultWarmUp: Int { 0 }

    package func nextFrame() throws -> RGBAImage? {
        guard next < files.count else { return nil }
        defer { next += 1 }
        return try ImageFile.read(path: files[next])
    }

    package func close() {
        next = files.count
    }
}
