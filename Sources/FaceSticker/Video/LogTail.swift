import Foundation

/// Keeps the first and the last lines of a child's stderr, so a long log
/// stays small in memory and the lines that explain a failure survive.
final class LogTail: @unchecked Sendable {
    private let lock = NSLock()
    private var head: [String] = []
    private var tail: [String] = []
    private var partial = Data()
    private let keep: Int

    init(keep: Int = 20) { self.keep = keep }

    func append(_ data: Data) {
        lock.lock()
        defer { lock.unlock() }
        partial.append(data)
        while let newline = partial.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: partial[partial.startIndex..<newline], as: UTF8.self)
            partial.removeSubrange(partial.startIndex...newline)
            add(line.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        // A child that never ends its line must not grow us without bound.
        if partial.count > 4096 { add(String(decoding: partial, as: UTF8.self)); partial.removeAll() }
    }

    /// The first lines then the last ones, without duplicates between them.
    var lines: [String] {
        lock.lock()
        defer { lock.unlock() }
        let rest = partial.isEmpty ? [] : [String(decoding: partial, as: UTF8.self)]
        return head + tail + rest
    }

    private func add(_ line: String) {
        guard !line.isEmpty else { return }
        if head.count < keep { head.append(line); return }
        tail.append(line)
        if tail.count > keep { tail.removeFirst() }
    }
}
