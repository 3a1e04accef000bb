import Dispatch
import Foundation

/// Runs work items on several threads, each thread with its own worker
/// state (a detector handle is not thread-safe, so each job owns one).
enum ParallelWork {
    /// `body(worker, i)` for every i in 0..<count, on `jobs` threads; results
    /// in index order. The first error stops the remaining items and is rethrown.
    static func map<Worker, Result: Sendable>(
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
