#if canImport(Glibc)
import Glibc
#endif

/// A failed call at the V4L2 seam: which call, and the errno it set.
package struct V4L2SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call or ioctl, e.g. "open", "VIDIOC_S_FMT", "poll".
    package var call: String
    package var code: Int32

    package init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    /// The C library's text for the errno.
    package var reason: String { String(cString: strerror(code)) }

    package var description: String { "\(call): \(reason)" }
}
