import Synchronization

/// A cancel flag shared by a job's threads, with the actions that stop them
/// (cancelling queues, killing child processes). Cancelling runs each action
/// once; an action registered after cancelling runs at once.
public final class Cancellation: Sendable {
    private struct State {
        var cancelled = false
        var actions: [Int: @Sendable () -> Void] = [:]
        var nextToken = 0
    }

    private let state = Mutex(State())

    /// A flag not yet cancelled.
    public init() {}

    /// Whether `cancel()` was called.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Sets the flag and runs every registered action once (outside the lock).
    public func cancel() {
        let pending = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.cancelled else { return [] }
            state.cancelled = true
            defer { state.actions.removeAll() }
            return Array(state.actions.values)
        }
        pending.forEach { $0() }
    }

    /// Registers `action` to run on cancel; returns a token for `remove`.
    @discardableResult
    package func onCancel(_ action: @escaping @Sendable () -> Void) -> Int {
        let token = state.withLock { state -> Int? in
            guard !state.cancelled else { return nil }
            state.nextToken += 1
            state.actions[state.nextToken] = action
            return state.nextToken
        }
        guard let token else {
            action()
            return -1
        }
        return token
    }

    /// Unregisters an action (its job ended).
    package func remove(_ token: Int) {
        state.withLock { $0.actions[token] = nil }
    }
}

/// The error a cancelled video job ends with (Ctrl-C, SIGTERM): not a fault
/// of the input, so it is not a `FaceStickerError`.
package struct Interrupted: Error, CustomStringConvertible {
    package init() {}
    package var description: String { "interrupted; no output written" }
}
