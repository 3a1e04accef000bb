import Synchronization

/// Where the library's warnings go: a problem that did not stop the work (a
/// damaged JPEG decoded as far as it could be), one line naming the user's
/// file. The library never prints; the CLI installs a handler that writes the
/// line to stderr. Without one, warnings are dropped.
package enum Warnings {
    private static let handler = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Sends every later warning to `report` (from any thread).
    package static func install(_ report: @escaping @Sendable (String) -> Void) {
        handler.withLock { $0 = report }
    }

    /// Reports `line` to the installed handler, if any.
    package static func emit(_ line: String) {
        let report = handler.withLock { $0 }
        report?(line)
    }
}
