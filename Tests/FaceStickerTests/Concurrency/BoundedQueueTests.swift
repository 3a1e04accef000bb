@testable import FaceSticker
import Foundation
import Testing

/// The queues between pipeline stages.
@Suite struct BoundedQueueTests {
    @Test func itemsArriveInOrderAndTheQueueNeverHoldsMoreThanItsCapacity() {
        let queue = BoundedQueue<Int>(capacity: 3)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            for i in 0..<500 { queue.push(i) }
            queue.close()
            done.signal()
        }
        var got: [Int] = []
        var most = 0
        while let item = queue.pop() {
            got.append(item)
            most = max(most, queue.count)
        }
        done.wait()
        #expect(got == Array(0..<500))
        #expect(most <= 3)
    }

    @Test func cancelWakesABlockedProducerAndConsumer() {
        let full = BoundedQueue<Int>(capacity: 1)
        full.push(1)
        let pushed = DispatchSemaphore(value: 0)
        let result = Box()
        Thread.detachNewThread {
            result.value = full.push(2)
            pushed.signal()
        }
        full.cancel()
        pushed.wait()
        #expect(result.value == false)
        #expect(full.pop() == nil)
        let empty = BoundedQueue<Int>(capacity: 1)
        let popped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            _ = empty.pop()
            popped.signal()
        }
        empty.cancel()
        popped.wait()
    }

    @Test func closeLetsTheQueuedItemsOut() {
        let queue = BoundedQueue<Int>(capacity: 4)
        queue.push(1)
        queue.push(2)
        queue.close()
        #expect(queue.pop() == 1)
        #expect(queue.pop() == 2)
        #expect(queue.pop() == nil)
    }

    private final class Box: @unchecked Sendable {
        var value: Bool?
    }
}
