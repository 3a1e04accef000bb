import Foundation
import FaceStickerCore

/// The PNG and JPEG files of a folder, in name order, one frame each.
package final class ImageFolderSource: FrameSource {
    package let name: String
    /// The image files found, in the order they are given.
    package let files: [String]
    package let frameRate: FrameRate
    private var index = 0
    /// The picture at `index`, read early to learn the size and not read again.
    private var pending: RGBAImage?

    package static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Lists the folder; fails when it has no PNG or JPEG file. `rate` paces it in the live loop.
    package init(folder: String, rate: FrameRate = .thirty) throws {
        name = folder
        frameRate = rate
        files = try FileNames.list(folder).filter { !$0.name.hasPrefix(".") && Self.extensions.contains(PathText.extension(of: $0.name).lowercased()) }
            .sorted { $0.name.compare($1.name, options: .numeric) == .orderedAscending }
            .map(\.path)
        guard !files.isEmpty else {
            throw FaceStickerError.unreadable(path: folder, reason: "no PNG or JPEG images in the folder")
        }
    }

    /// The size of the next picture (read now, and given by `next`).
    package var size: (width: Int, height: Int) {
        get throws {
            guard index < files.count else { throw FaceStickerError.unreadable(path: name, reason: "no frame could be read") }
            let image = try pending ?? ImageFile.read(path: files[index])
            pending = image
            return (image.width, image.height)
        }
    }

    package func next() throws -> Frame? {
        guard index < files.count else { return nil }
        defer {
            index += 1
            pending = nil
        }
        return Frame(try pending ?? ImageFile.read(path: files[index]))
    }

    package func rewind() throws -> Bool {
        index = 0
        pending = nil
        return true
    }

    package func close() {
        index = files.count
        pending = nil
    }
}
