import Synchronization

/// `ParallelWork`'s queue of item indices and their results, shared by its
/// threads under one mutex; the first error stops the queue.
final class WorkQueue<Result: Sendable>: Sendable {
    private struct State {
        var nextIndex = 0
        var values: [Result?]
        var error: Error?
    }

    private let count: Int
    private let state: Mutex<State>

    init(count: Int) {
        self.count = count
        state = Mutex(State(values: Array(repeating: nil, count: count)))
    }

    func next() -> Int? {
        state.withLock { state in
            guard state.error == nil, state.nextIndex < count else { return nil }
            state.nextIndex += 1
            return state.nextIndex - 1
        }
    }

    func store(_ value: Result, at index: Int) {
        state.withLock { $0.values[index] = value }
    }

    func fail(_ failure: Error) {
        state.withLock { state in
            if state.error == nil { state.error = failure }
        }
    }

    func results() throws -> [Result] {
        try state.withLock { state in
            if let error = state.error { throw error }
            return state.values.compactMap { $0 }
        }
    }
}
