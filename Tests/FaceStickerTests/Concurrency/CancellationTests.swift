import FaceSticker
import Foundation
import Testing

@Suite struct CancellationTests {
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var n = 0
        func bump() { lock.lock(); n += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return n }
    }

    @Test func actionsRunOnceAndLateOnesAtOnce() {
        let cancellation = Cancellation()
        let counter = Counter()
        cancellation.onCancel { counter.bump() }
        let removed = cancellation.onCancel { counter.bump() }
        cancellation.remove(removed)
        #expect(!cancellation.isCancelled)
        cancellation.cancel()
        cancellation.cancel()
        #expect(cancellation.isCancelled)
        #expect(counter.value == 1)
        cancellation.onCancel { counter.bump() }
        #expect(counter.value == 2)
    }
}
