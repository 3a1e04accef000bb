// The hand-offs between the video pipeline's stages: a bounded queue, a queue that
// restores frame order, and a pool of reusable frame buffers.

import Foundation
import Synchronization

/// A blocking first-in first-out queue of at most `capacity` items between two
/// pipeline threads: a fast producer waits for a slow consumer, so memory
/// stays flat however long the video. `close()` ends it after the items in it;
/// `cancel()` drops them and wakes everybody.
///
/// `@unchecked`: its threads block until there is room or an item, which needs
/// a condition variable (`NSCondition`); `Synchronization.Mutex` has none. Every
/// stored property is read and written only while `condition` is held.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Element] = []
    private var closed = false
    private var cancelled = false
    package let capacity: Int

    package init(capacity: Int) { self.capacity = max(1, capacity) }

    /// Items waiting now.
    package var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count
    }

    /// Adds `item`, waiting for room; false when the queue was cancelled.
    @discardableResult
    package func push(_ item: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while items.count >= capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        items.append(item)
        condition.broadcast()
        return true
    }

    /// The next item, waiting for one; nil once closed and empty, or cancelled.
    package func pop() -> Element? {
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
    package func close() {
        condition.changing { closed = true }
    }

    /// Drops everything and wakes every waiting thread.
    package func cancel() {
        condition.changing {
            cancelled = true
            items.removeAll()
        }
    }
}

/// Hands items made out of order by several worker threads to one consumer in
/// order of their index (0, 1, 2 ...). A worker with an item too far ahead
/// waits, so at most `capacity` items are held; `capacity` must be at least the
/// number of workers, or they could all wait for the one item none is making.
/// `@unchecked` for the reason `BoundedQueue` gives.
package final class ReorderQueue<Element: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Int: Element] = [:]
    private var next = 0
    private var producers: Int
    private var cancelled = false
    package let capacity: Int

    package init(capacity: Int, producers: Int) {
        self.capacity = max(1, capacity)
        self.producers = producers
    }

    /// Adds item `index`, waiting while it is `capacity` or more ahead; false when cancelled.
    @discardableResult
    package func put(_ index: Int, _ item: Element) -> Bool {
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
    package func take() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items[next] == nil, producers > 0, !cancelled { condition.wait() }
        guard !cancelled, let item = items.removeValue(forKey: next) else { return nil }
        next += 1
        condition.broadcast()
        return item
    }

    /// One producer will put nothing more.
    package func producerFinished() {
        condition.changing { producers -= 1 }
    }

    /// Drops everything and wakes every waiting thread.
    package func cancel() {
        condition.changing {
            cancelled = true
            items.removeAll()
        }
    }
}

/// Frame buffers handed back by the last stage for the first to fill again,
/// so a long video does not allocate (and the kernel zero) a fresh frame's
/// worth of memory for every frame. Holds at most `limit` buffers.
package final class BufferPool: Sendable {
    private let buffers = Mutex<[[UInt8]]>([])
    private let limit: Int

    package init(limit: Int) { self.limit = limit }

    /// A buffer of exactly `count` bytes if one is free (its contents are stale).
    package func take(count: Int) -> [UInt8]? {
        buffers.withLock { buffers in
            guard let index = buffers.lastIndex(where: { $0.count == count }) else { return nil }
            return buffers.remove(at: index)
        }
    }

    /// Keeps `buffer` for reuse (dropped when the pool is full).
    package func give(_ buffer: consuming [UInt8]) {
        let buffer = buffer
        buffers.withLock { buffers in
            if buffers.count < limit { buffers.append(buffer) }
        }
    }
}

extension NSCondition {
    /// Runs `body` holding the lock, then wakes every waiting thread.
    package func changing(_ body: () -> Void) {
        lock()
        body()
        broadcast()
        unlock()
    }
}
