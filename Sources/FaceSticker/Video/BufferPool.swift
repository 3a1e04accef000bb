import Foundation

/// Frame buffers handed back by the last stage for the first to fill again,
/// so a long video does not allocate (and the kernel zero) a fresh frame's
/// worth of memory for every frame. Holds at most `limit` buffers.
final class BufferPool: @unchecked Sendable {
    private let lock = NSLock()
    private var buffers: [[UInt8]] = []
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// A buffer of exactly `count` bytes if one is free (its contents are stale).
    func take(count: Int) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        guard let index = buffers.lastIndex(where: { $0.count == count }) else { return nil }
        return buffers.remove(at: index)
    }

    /// Keeps `buffer` for reuse (dropped when the pool is full).
    func give(_ buffer: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        if buffers.count < limit { buffers.append(buffer) }
    }
}
