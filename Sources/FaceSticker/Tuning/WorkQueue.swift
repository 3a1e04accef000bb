import Foundation

/// `ParallelWork`'s queue of item indices and their results, shared by its
/// threads under one lock; the first error stops the queue.
final class WorkQueue<Result>: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private let count: Int
    private var values: [Result?]
    private var error: Error?

    init(count: Int) {
        self.count = count
        values = Array(repeating: nil, count: count)
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard error == nil, nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ value: Result, at index: Int) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    func fail(_ failure: Error) {
        lock.lock()
        if error == nil { error = failure }
        lock.unlock()
    }

    func results() throws -> [Result] {
        lock.lock()
        defer { lock.unlock() }
        if let error { throw error }
        return values.compactMap { $0 }
    }
}
