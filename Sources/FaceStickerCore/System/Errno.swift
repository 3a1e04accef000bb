#if canImport(Glibc)
import Glibc
#endif

/// A POSIX error number, as a failed system call leaves it in `errno`. Its
/// `description` is the one wording of such a failure for people (strerror's:
/// "No space left on device"); every Swift file says errno through this type.
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The number (`EINTR`, `ENOENT`, ...).
    public let code: Int32

    public init(code: Int32) { self.code = code }
    package init(_ code: Int32) { self.code = code }

    /// The calling thread's `errno` now.
    package static var current: Errno { Errno(errno) }

    /// strerror's words for the number.
    public var description: String { String(cString: strerror(code)) }
}

/// Calls `body` (a system call returning -1, or any negative value, with `errno` set on
/// failure) again for as long as it fails with EINTR, and returns its result: the Swift
/// side's one retry loop, as swift-system's `valueOrErrno(retryOnInterrupt:)`.
package func retryingOnInterrupt<Result: SignedInteger>(_ body: () -> Result) -> Result {
    while true {
        let result = body()
        if result < 0, errno == EINTR { continue }
        return result
    }
}
