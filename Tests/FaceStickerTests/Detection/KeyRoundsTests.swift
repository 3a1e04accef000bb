@testable import FaceSticker
import Foundation
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
    /// key and a new shot (nil) get none; only keys are recorded.
    @Test func eachRoundBuildsOnItsKey() {
        let keys = KeyRounds()
        #expect(keys.key(for: 0) == nil && keys.key(for: nil) == nil)
        keys.record([Self.face(x: 1)], way: Self.upright, round: 0)
        keys.record([Self.face(x: 2)], way: Self.upright, round: 3) // not a key: kept nowhere
        #expect(keys.key(for: 7)?.faces.map(\.box.x) == [1])
        #expect(keys.key(for: 15)?.faces.map(\.box.x) == [1], "key 15 builds on key 0")
        keys.record([Self.face(x: 3)], way: KeyRounds.Way(turn: .clockwise90, missed: false, everFound: true), round: 15)
        #expect(keys.key(for: 16)?.way.turn == .clockwise90)
    }

    /// A round whose key is not known yet waits for it (another thread detects it);
    /// cancelling wakes it for good.
    @Test func aRoundWaitsForItsKey() async {
        let keys = KeyRounds()
        let waiter = Task.detached { keys.key(for: 20)?.faces.count }
        try? await Task.sleep(nanoseconds: 50_000_000)
        keys.record([Self.face(x: 1), Self.face(x: 2)], way: Self.upright, round: 15)
        #expect(await waiter.value == 2)
        let stuck = Task.detached { keys.key(for: 40) }
        keys.cancel()
        #expect(await stuck.value == nil)
    }
}
