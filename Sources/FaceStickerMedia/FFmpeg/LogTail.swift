import Foundation
import Synchronization

/// Keeps the first and the last lines of a child's stderr, so a long log
/// stays small in memory and the lines that explain a failure survive.
package final class LogTail: Sendable {
    private struct State {
        var head: [String] = []
        var tail: [String] = []
        var partial = Data()
        let keep: Int

        mutating func add(_ line: String) {
            guard !line.isEmpty else { return }
            if head.count < keep { head.append(line); return }
            tail.append(line)
            if tail.count > keep { tail.removeFirst() }
        }
    }

    private let state: Mutex<State>

    package init(keep: Int = 20) { state = Mutex(State(keep: keep)) }

    package func append(_ data: Data) {
        state.withLock { state in
            state.partial.append(data)
            while let newline = state.partial.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: state.partial[state.partial.startIndex..<newline], as: UTF8.self)
                state.partial.removeSubrange(state.partial.startIndex...newline)
                state.add(line.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            // A child that never ends its line must not grow us without bound.
            if state.partial.count > 4096 {
                state.add(String(decoding: state.partial, as: UTF8.self))
                state.partial.removeAll()
            }
        }
    }

    /// The first lines then the last ones, without duplicates between them.
    package var lines: [String] {
        state.withLock { state in
            let rest = state.partial.isEmpty ? [] : [String(decoding: state.partial, as: UTF8.self)]
            return state.head + state.tail + rest
        }
    }
}
