import Foundation

/// Hands items made out of order by several worker threads to one consumer in
/// order of their index (0, 1, 2 ...). A worker with an item too far ahead
/// waits, so at most `capacity` items are held; `capacity` must be at least the
/// number of workers, or they could all wait for the one item none is making.
///
/// `@unchecked`: its threads block until there is room or an item, which needs
/// a condition variable (`NSCondition`); `Synchronization.Mutex` has none. Every
/// stored property is read and written only while `condition` is held.
final class ReorderQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Int: Element] = [:]
    private var next = 0
    private var producers: Int
    private var cancelled = false
    let capacity: Int

    init(capacity: Int, producers: Int) {
        self.capacity = max(1, capacity)
        self.producers = producers
    }

    /// Adds item `index`, waiting while it is `capacity` or more ahead; false when cancelled.
    @discardableResult
    func put(_ index: Int, _ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while index >= next + capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items[index] = item
        condition.broadcast()
        return true
    }

    /// The next item in order, waiting for it; nil once every producer finished
    /// without making it, or when cancelled.
    func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items[next] == nil, producers > 0, !cancelled { condition.wait() }
        guard !cancelled, let item = items.removeValue(forKey: next) else { return nil }
        next += 1
        condition.broadcast()
        return item
    }

    /// One producer will put nothing more.
    func producerFinished() {
        condition.lock()
        producers -= 1
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
