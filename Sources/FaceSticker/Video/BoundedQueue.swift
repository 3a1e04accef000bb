import Foundation

/// A blocking first-in first-out queue of at most `capacity` items between two
/// pipeline threads: a fast producer waits for a slow consumer, so memory
/// stays flat however long the video. `close()` ends it after the items in it;
/// `cancel()` drops them and wakes everybody.
///
/// `@unchecked`: its threads block until there is room or an item, which needs
/// a condition variable (`NSCondition`); `Synchronization.Mutex` has none. Every
/// stored property is read and written only while `condition` is held.
final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private var cancelled = false
    let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Items waiting now.
    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count
    }

    /// Adds `item`, waiting for room; false when the queue was cancelled.
    @discardableResult
    func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item, waiting for one; nil once closed and empty, or cancelled.
    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty, !closed, !cancelled { condition.wait() }
        guard !cancelled, !items.isEmpty else { return nil }
        // The queue is short, so shifting is cheap, and a popped frame is freed at once.
        let item = items.removeFirst()
        condition.broadcast()
        return item
    }

    /// No more items will come; consumers finish what is queued.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Drops everything and wakes every waiting thread.
    func cancel() {
        condition.lock()
        cancelled = true
        items.removeAll()
        condition.broadcast()
        condition.unlock()
    }
}
