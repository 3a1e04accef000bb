#if canImport(Glibc)
import Glibc
#endif

/// A failed call at the V4L2 seam: which call, and the errno it set.
public struct V4L2SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call or ioctl, e.g. "open", "VIDIOC_S_FMT", "poll".
    public var call: String
    public var code: Int32

    public init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    /// The C library's text for the errno.
    public var reason: String { String(cString: strerror(code)) }

    public var description: String { "\(call): \(reason)" }
}
