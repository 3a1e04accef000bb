import Foundation

/// A cancel flag shared by a job's threads, with the actions that stop them
/// (cancelling queues, killing child processes). Cancelling runs each action
/// once; an action registered after cancelling runs at once.
public final class Cancellation: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var actions: [Int: @Sendable () -> Void] = [:]
    private var nextToken = 0

    public init() {}

    public var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    public func cancel() {
        lock.lock()
        guard !cancelled else { lock.unlock(); return }
        cancelled = true
        let pending = actions.values
        actions.removeAll()
        lock.unlock()
        pending.forEach { $0() }
    }

    /// Registers `action` to run on cancel; returns a token for `remove`.
    @discardableResult
    public func onCancel(_ action: @escaping @Sendable () -> Void) -> Int {
        lock.lock()
        if cancelled {
            lock.unlock()
            action()
            return -1
        }
        let token = nextToken
        nextToken += 1
        actions[token] = action
        lock.unlock()
        return token
    }

    /// Unregisters an action (its job ended).
    public func remove(_ token: Int) {
        lock.lock()
        actions[token] = nil
        lock.unlock()
    }
}
