#if canImport(Glibc)
import Glibc
#endif

/// Turns a failed call at the V4L2 seam into the one line the user reads:
/// the device, and what went wrong in their terms (busy, unplugged, not a camera).
enum CameraFailure {
    /// One line for a failed call, in the user's terms.
    static func describe(_ path: String, _ error: V4L2SystemError, doing: String) -> FaceStickerError {
        let reason: String
        switch error.code {
        case ENOENT: reason = "no such device"
        case ENODEV, ENXIO: reason = doing == "open" ? "no such device" : "the camera was disconnected"
        case EBUSY: reason = "device is busy (another program is using the camera)"
        case EACCES, EPERM: reason = "permission denied (is your user in the video group?)"
        case EISDIR: reason = "is a folder, not a video device"
        // V4L2System.open asks VIDIOC_QUERYCAP itself, so a file that is no V4L2 device fails there.
        case ENOTTY where doing == "query" || doing == "open", EINVAL where doing == "query":
            reason = "not a V4L2 video device"
        case ENOMEM: reason = "not enough memory to \(doing)"
        case EIO where doing == "wait for a frame": reason = "the camera reported an error while streaming"
        default: reason = "cannot \(doing): \(error.reason)"
        }
        return .unreadable(path: path, reason: reason)
    }
}
