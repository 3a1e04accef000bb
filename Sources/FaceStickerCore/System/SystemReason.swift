import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A failed file-system call in people's words: `Errno`'s ("No space left on
/// device", "Permission denied"). A Foundation error is read for the POSIX
/// error under it, so its dump (`Error Domain=NSCocoaErrorDomain
/// Code=640 ... UserInfo=...`) never reaches anyone.
package enum SystemReason {
    /// strerror's words for `code`.
    package static func of(errno code: Int32) -> String { Errno(code).description }

    /// strerror's words for the POSIX error under `error`; for a Foundation
    /// error without one, those of the errno its code stands for.
    package static func of(_ error: Error) -> String {
        let ns = error as NSError
        if ns.domain == NSPOSIXErrorDomain, let code = Int32(exactly: ns.code) { return of(errno: code) }
        if let under = ns.userInfo[NSUnderlyingErrorKey] as? NSError, under.domain == NSPOSIXErrorDomain,
           let code = Int32(exactly: under.code) {
            return of(errno: code)
        }
        guard ns.domain == NSCocoaErrorDomain else { return "\(error)" }
        switch CocoaError.Code(rawValue: ns.code) {
        case .fileNoSuchFile, .fileReadNoSuchFile: return of(errno: ENOENT)
        case .fileReadNoPermission, .fileWriteNoPermission: return of(errno: EACCES)
        case .fileWriteOutOfSpace: return of(errno: ENOSPC)
        case .fileWriteVolumeReadOnly: return of(errno: EROFS)
        case .fileReadTooLarge: return of(errno: EFBIG)
        case .fileWriteFileExists: return of(errno: EEXIST)
        case .fileReadInvalidFileName, .fileWriteInvalidFileName: return "the name is not valid"
        default: return "failed (Foundation error \(ns.code))"
        }
    }

    /// A Foundation file error as the one line users get: the file it names and
    /// the reason; nil for any other error.
    package static func line(_ error: Error) -> String? {
        let ns = error as NSError
        guard ns.domain == NSCocoaErrorDomain || ns.domain == NSPOSIXErrorDomain else { return nil }
        let path = ns.userInfo[NSFilePathErrorKey] as? String ?? (ns.userInfo[NSURLErrorKey] as? URL)?.path
        return (path.map { $0 + ": " } ?? "") + of(error)
    }
}
