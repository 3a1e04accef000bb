import Foundation

/// Any `FrameSource` (camera, folder, still) as YUV frames, converted with `YUVMatrix.bt601`.
package final class LiveFrameSource: LiveSource {
    package private(set) var source: FrameSource
    package let width: Int
    package let height: Int
    package let frameRate: FrameRate
    package var isLive: Bool { source.isLive }
    package let matrix = YUVMatrix.bt601
    private var first: RGBAImage?
    private let reopen: (() throws -> FrameSource)?
    /// A still's one frame, kept: `--loop` shows it again without reading the file again.
    private var still: YUVFrame?
    private var stillShown = false

    /// Reads the first frame to learn the size. `rate`: the pace for files (default 30 fps);
    /// a camera's own interval wins unless `rate` is given. `reopen` starts the source again for `--loop`.
    package init(_ source: FrameSource, rate: FrameRate? = nil, reopen: (() throws -> FrameSource)? = nil) throws {
        self.source = source
        self.reopen = reopen
        guard let image = try source.nextFrame() else {
            throw FaceStickerError.unreadable(path: source.name, reason: "no frame could be read")
        }
        first = image
        width = image.width
        height = image.height
        if let rate {
            frameRate = rate
        } else if let camera = source as? CameraSource, let interval = camera.camera.frameInterval, interval >= 0.001, interval <= 60,
                  let cameraRate = FrameRate(numerator: Int((1 / interval * 1000).rounded()), denominator: 1000) {
            frameRate = cameraRate
        } else if let thirty = FrameRate(numerator: 30, denominator: 1) {
            frameRate = thirty
        } else {
            throw FaceStickerError.internal("frame rate 30/1")
        }
    }

    deinit { close() }

    package var name: String { source.name }

    package func next() throws -> YUVFrame? {
        if let still {
            defer { stillShown = true }
            return stillShown ? nil : still
        }
        let image: RGBAImage
        if let first {
            image = first
            self.first = nil
        } else {
            guard let read = try source.nextFrame() else { return nil }
            image = read
        }
        // A camera may change size (another camera after `c`); frames keep the first size.
        guard image.width == width, image.height == height else {
            let resized = try OpenCV.resize(image, width: width, height: height)
            return YUVConversion.frame(resized, matrix: matrix)
        }
        let frame = YUVConversion.frame(image, matrix: matrix)
        if source is StillImageSource {
            still = frame
            stillShown = true
        }
        return frame
    }

    package func rewind() throws -> Bool {
        if still != nil {
            stillShown = false
            return true
        }
        guard let reopen else { return false }
        source.close()
        source = try reopen()
        return true
    }

    /// Replaces the source (another camera); its frames are scaled to this source's size.
    package func replace(with other: FrameSource) {
        source.close()
        source = other
    }

    package func close() { source.close() }
}
