import Dispatch
import Synchronization
import FaceStickerCore
import FaceStickerMedia

/// The hand-over between the source and the output: one frame at most. A
/// frame that arrives while the last one is still waiting replaces it (the
/// old one is dropped, never queued), unless the producer chose to wait
/// (`--fast`: every frame, as fast as the output takes them).
package final class FrameSlot: Sendable {
    private struct State {
        var frame: Frame?
        var closed = false
    }

    package enum Taken {
        case frame(Frame)
        case empty
        case closed
    }

    private let state = Mutex(State())
    private let filled = DispatchSemaphore(value: 0)
    private let emptied = DispatchSemaphore(value: 0)

    /// Puts `frame`; returns whether a waiting frame was dropped for it. With
    /// `wait`, waits for the slot to empty instead (until `stop()` says to give up).
    package func put(_ frame: Frame, wait: Bool, stop: () -> Bool) -> Bool {
        if wait {
            while state.withLock({ $0.frame != nil && !$0.closed }), !stop() {
                _ = emptied.wait(timeout: .now() + .milliseconds(50))
            }
        }
        let dropped = state.withLock { s -> Bool in
            let had = s.frame != nil
            s.frame = frame
            return had
        }
        filled.signal()
        return dropped
    }

    /// The waiting frame, waiting for one at most `timeoutMs`.
    package func take(timeoutMs: Int) -> Taken {
        let deadline = DispatchTime.now() + .milliseconds(timeoutMs)
        while true {
            let taken = state.withLock { s -> Taken in
                if let frame = s.frame {
                    s.frame = nil
                    return .frame(frame)
                }
                return s.closed ? .closed : .empty
            }
            if case .frame = taken { emptied.signal() }
            guard case .empty = taken else { return taken }
            if filled.wait(timeout: deadline) == .timedOut { return .empty }
        }
    }

    /// No more frames will come (the ones waiting are still taken).
    package func close() {
        state.withLock { $0.closed = true }
        filled.signal()
        emptied.signal()
    }
}

/// A stage's inbox (the detector's, the face mesh follower's): the source offers
/// it a frame only when the stage is idle and asks (the detector once due: a
/// detection rate cap), so frames are not copied for nothing, and a stage always
/// takes the newest frame.
package final class StageInbox: Sendable {
    private struct State {
        var ready = false
        var frame: Frame?
        var closed = false
    }

    private let state = Mutex(State())
    private let filled = DispatchSemaphore(value: 0)
    /// Signalled when the stage asks for a frame, and on close.
    private let asked = DispatchSemaphore(value: 0)

    /// Whether the stage wants a frame now.
    package var wantsFrame: Bool { state.withLock { $0.ready && $0.frame == nil && !$0.closed } }

    /// Hands `frame` over when the stage wants one; returns whether it took it.
    @discardableResult
    package func offer(_ frame: Frame) -> Bool {
        let taken = state.withLock { s -> Bool in
            guard s.ready, s.frame == nil, !s.closed else { return false }
            s.frame = frame
            s.ready = false
            return true
        }
        if taken { filled.signal() }
        return taken
    }

    /// The stage asks for the next frame and waits for it; nil once closed.
    package func next() -> Frame? {
        state.withLock { $0.ready = true }
        asked.signal()
        while true {
            let (frame, closed) = state.withLock { s -> (Frame?, Bool) in
                let frame = s.frame
                s.frame = nil
                return (frame, s.closed)
            }
            if closed { return nil }
            if let frame { return frame }
            _ = filled.wait(timeout: .now() + .milliseconds(100))
        }
    }

    package func close() {
        state.withLock { $0.closed = true }
        filled.signal()
        asked.signal()
    }

    /// Waits until the detector asks for a frame (it loads its model first), the inbox
    /// closes, `stop` says so or `seconds` pass: woken by the ask, with `stop` looked at
    /// every 100 ms.
    package func waitForAsk(seconds: Double, stop: () -> Bool) {
        let deadline = DispatchTime.now() + seconds
        while !wantsFrame, !state.withLock({ $0.closed }), !stop(), DispatchTime.now() < deadline {
            _ = asked.wait(timeout: min(deadline, .now() + .milliseconds(100)))
        }
    }
}
