import Synchronization
import FaceStickerCore
import FaceStickerMedia

/// A dataset's images decoded once for several passes over them (one per
/// input size): each is kept after its first decoding while the images kept
/// stay under `budget` bytes, and decoded again after that. Every image's
/// size is kept. Safe to share between jobs.
package final class DecodedImages: Sendable {
    private struct State {
        var images: [Int: RGBAImage] = [:]
        var sizes: [Int: (width: Int, height: Int)] = [:]
        var bytes = 0
        var decodings = 0
    }

    /// 1 GiB: the 100 images of wider-dev take 69 MB, 3,226 WIDER FACE
    /// validation images (about 1024x700) a little under 9 GB.
    package static let defaultBudget = 1 << 30

    private let paths: [String]
    private let budget: Int
    private let state = Mutex(State())

    package init(paths: [String], budget: Int = DecodedImages.defaultBudget) {
        self.paths = paths
        self.budget = budget
    }

    /// Image `index`, decoded now unless kept.
    package func image(_ index: Int) throws -> RGBAImage {
        if let kept = state.withLock({ $0.images[index] }) { return kept }
        let image = try ImageFile.read(path: paths[index])
        let (pixels, overflow) = image.width.multipliedReportingOverflow(by: image.height)
        let bytes = overflow || pixels > Int.max / 4 ? Int.max : pixels * 4
        state.withLock { state in
            state.decodings += 1
            state.sizes[index] = (image.width, image.height)
            if state.images[index] == nil, bytes <= budget - state.bytes {
                state.images[index] = image
                state.bytes += bytes
            }
        }
        return image
    }

    /// The size of image `index` (decoding it the first time).
    package func size(_ index: Int) throws -> (width: Int, height: Int) {
        if let size = state.withLock({ $0.sizes[index] }) { return size }
        let image = try image(index)
        return (image.width, image.height)
    }

    /// How many times an image was decoded.
    package var decodings: Int { state.withLock { $0.decodings } }

    /// Drops the kept images (sizes stay).
    package func release() {
        state.withLock { state in
            state.images = [:]
            state.bytes = 0
        }
    }
}
