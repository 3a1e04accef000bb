import Foundation
import FaceStickerCore
import FaceStickerNative

/// Opens the frame source a path names.
package enum FrameSources {
    /// What kind of source `path` is: a folder of images, a character device
    /// (a camera), a PNG or JPEG still, else a video file.
    package enum Kind: Equatable, Sendable {
        case camera, folder, still, video
    }

    /// Classifies `path`; fails when it does not exist.
    package static func kind(of path: String) throws -> Kind {
        switch try InputPath.check(path, folders: true, devices: true) {
        case .folder: return .folder
        case .characterDevice: return .camera
        case .file: break
        }
        let ext = PathText.extension(of: path).lowercased()
        return ImageFolderSource.extensions.contains(ext) ? .still : .video
    }

    /// Opens `path` as a file source (`--source`); a character device opens as a camera
    /// (at about `width` x `height`, with `controls` set). `rate` paces files (default:
    /// a video's own rate, 30 fps for pictures); a camera is asked for the listed rate
    /// nearest it (default: its fastest).
    package static func open(_ path: String, width: Int = CameraSource.defaultSize.width,
                            height: Int = CameraSource.defaultSize.height, controls: [ControlSetting] = [],
                            rate: FrameRate? = nil, system: any V4L2System = V4L2()) throws -> FrameSource {
        switch try kind(of: path) {
        case .camera:
            return try CameraSource(path: path, width: width, height: height, fps: rate?.value, controls: controls,
                                    system: system)
        case .folder: return try ImageFolderSource(folder: path, rate: rate ?? .thirty)
        case .still: return try StillImageSource(path: path, rate: rate ?? .thirty)
        case .video: return try VideoFileSource(path: path, rate: rate)
        }
    }
}
