import Dispatch
import Foundation
import Synchronization

/// Runs work items on several threads, each thread with its own worker
/// state (a detector handle is not thread-safe, so each job owns one).
package enum ParallelWork {
    /// `body(worker, i)` for every i in 0..<count, on `jobs` threads; results
    /// in index order. The first error stops the remaining items and is rethrown.
    package static func map<Worker, Result: Sendable>(
        count: Int, jobs: Int, makeWorker: @escaping @Sendable () throws -> Worker,
        _ body: @escaping @Sendable (inout Worker, Int) throws -> Result
    ) throws -> [Result] {
        let state = WorkQueue<Result>(count: count)
        let threads = max(1, min(jobs, count))
        let run: @Sendable (Int) -> Void = { _ in
            do {
                var worker = try makeWorker()
                while let i = state.next() {
                    state.store(try body(&worker, i), at: i)
                }
            } catch {
                state.fail(error)
            }
        }
        if threads == 1 {
            run(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads, execute: run)
        }
        return try state.results()
    }
}

/// `ParallelWork`'s queue of item indices and their results, shared by its
/// threads under one mutex; the first error stops the queue.
package final class WorkQueue<Result: Sendable>: Sendable {
    private struct State {
        var nextIndex = 0
        var values: [Result?]
        var error: Error?
    }

    private let count: Int
    private let state: Mutex<State>

    package init(count: Int) {
        self.count = count
        state = Mutex(State(values: Array(repeating: nil, count: count)))
    }

    package func next() -> Int? {
        state.withLock { state in
            guard state.error == nil, state.nextIndex < count else { return nil }
            state.nextIndex += 1
            return state.nextIndex - 1
        }
    }

    package func store(_ value: Result, at index: Int) {
        state.withLock { $0.values[index] = value }
    }

    package func fail(_ failure: Error) {
        state.withLock { state in
            if state.error == nil { state.error = failure }
        }
    }

    package func results() throws -> [Result] {
        try state.withLock { state in
            if let error = state.error { throw error }
            return state.values.compactMap { $0 }
        }
    }
}
