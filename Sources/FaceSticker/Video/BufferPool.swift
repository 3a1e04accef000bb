import Synchronization

/// Frame buffers handed back by the last stage for the first to fill again,
/// so a long video does not allocate (and the kernel zero) a fresh frame's
/// worth of memory for every frame. Holds at most `limit` buffers.
final class BufferPool: Sendable {
    private let buffers = Mutex<[[UInt8]]>([])
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    /// A buffer of exactly `count` bytes if one is free (its contents are stale).
    func take(count: Int) -> [UInt8]? {
        buffers.withLock { buffers in
            guard let index = buffers.lastIndex(where: { $0.count == count }) else { return nil }
            return buffers.remove(at: index)
        }
    }

    /// Keeps `buffer` for reuse (dropped when the pool is full).
    func give(_ buffer: consuming [UInt8]) {
        let buffer = buffer
        buffers.withLock { buffers in
            if buffers.count < limit { buffers.append(buffer) }
        }
    }
}
