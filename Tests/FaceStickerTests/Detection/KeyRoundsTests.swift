@testable import FaceSticker
import Foundation
import Synchronization
import Testing

/// The key rounds of a video's detection: which detection builds on which, and waiting for them.
@Suite struct KeyRoundsTests {
    static func face(x: Double) -> Face { Face(box: Rect(x: x, y: 0, width: 10, height: 10), score: 1) }
    static let upright = KeyRounds.Way(turn: .zero, missed: false, everFound: true)

    @Test func everyFifteenthRoundIsAKey() {
        #expect(KeyRounds.key(of: 0) == (0, true))
        #expect(KeyRounds.key(of: 14) == (0, false))
        #expect(KeyRounds.key(of: 15) == (15, true))
        #expect(KeyRounds.key(of: 31) == (30, false))
    }

    /// A round after a key gets that key; a key gets the key before it; the first
    /// key and a new shot (nil) get none; only keys are kept as keys.
    @Test func eachRoundBuildsOnItsKey() {
        let keys = KeyRounds()
        #expect(keys.key(for: 0) == nil && keys.key(for: nil) == nil)
        keys.record([Self.face(x: 1)], way: Self.upright, round: 0)
        keys.record([Self.face(x: 2)], way: Self.upright, round: 3) // not a key: kept as a round only
        #expect(keys.key(for: 7)?.faces.map(\.box.x) == [1])
        #expect(keys.key(for: 15)?.faces.map(\.box.x) == [1], "key 15 builds on key 0")
        keys.record([Self.face(x: 3)], way: KeyRounds.Way(turn: .clockwise90, missed: false, everFound: true), round: 15)
        #expect(keys.key(for: 16)?.way.turn == .clockwise90)
    }

    /// Every fifth round searches with the detectors, keys included; the rounds
    /// between follow the round before's faces, which each round finds in the
    /// same shot only (not across a cut), and not for a round of nil.
    @Test func roundsBetweenSearchesFollowTheRoundBefore() {
        #expect((0..<16).filter(KeyRounds.searches) == [0, 5, 10, 15])
        let keys = KeyRounds()
        keys.record([Self.face(x: 1)], way: Self.upright, round: 0)
        keys.record([Self.face(x: 2), Self.face(x: 3)], way: Self.upright, round: 1, shot: 0)
        keys.record([Self.face(x: 4)], way: Self.upright, round: nil, shot: 1)
        #expect(keys.faces(ofRound: 1, shot: 0)?.map(\.box.x) == [2, 3])
        #expect(keys.faces(ofRound: 1, shot: 1) == nil, "round 1 is in shot 0")
        #expect(keys.faces(ofRound: -1, shot: 0) == nil)
        // A round not detected yet is waited for (another thread detects it), on a thread
        // of its own: a wait must not hold one of Swift concurrency's few threads.
        let waiter = Self.onThread { keys.faces(ofRound: 2, shot: 0)?.count }
        Self.waitForWaiter(keys)
        keys.record([], way: Self.upright, round: 2)
        #expect(waiter() == 0)
        let stuck = Self.onThread { keys.faces(ofRound: 3, shot: 0)?.count }
        keys.cancel()
        #expect(stuck() == .some(nil))
    }

    /// Returns once a thread waits in `keys` (so the record after it wakes a waiter,
    /// not one that has yet to look): a condition, not a fixed time.
    static func waitForWaiter(_ keys: KeyRounds) {
        let deadline = Date().addingTimeInterval(60)
        while keys.waiters == 0, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        #expect(keys.waiters > 0, "a thread waits for the round")
    }

    /// Starts `work` on a new thread; the function returned waits for its result.
    static func onThread<T: Sendable>(_ work: @escaping @Sendable () -> T) -> () -> T? {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        Thread.detachNewThread {
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
        return {
            done.wait()
            return result.withLock { $0 }
        }
    }

    /// A round whose key is not known yet waits for it (another thread detects it);
    /// cancelling wakes it for good.
    @Test func aRoundWaitsForItsKey() {
        let keys = KeyRounds()
        let waiter = Self.onThread { keys.key(for: 20)?.faces.count }
        Self.waitForWaiter(keys)
        keys.record([Self.face(x: 1), Self.face(x: 2)], way: Self.upright, round: 15)
        #expect(waiter() == 2)
        let stuck = Self.onThread { keys.key(for: 40)?.faces.count }
        keys.cancel()
        #expect(stuck() == .some(nil))
    }
}
