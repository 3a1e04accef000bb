import Foundation
import Synchronization
import FaceStickerCore

/// What a live run did, as `--stats` prints it: frames in (delivered by the
/// source), frames out (written or shown), dropped (a newer frame arrived
/// before the output took the last one), the output rate, the detector's
/// rate, the face mesh's (frames it followed faces into between detections),
/// the optical flow's (frames it carried faces into), and the latency from a frame's arrival to its output.
package struct LiveSummary: Equatable, Sendable {
    package var framesIn = 0
    package var framesOut = 0
    package var dropped = 0
    /// Frames out per second between the first and the last output.
    package var fpsOut = 0.0
    package var detections = 0
    /// Detections per second over the run.
    package var detectionRate = 0.0
    /// Frames the face mesh followed faces into.
    package var meshFits = 0
    /// Those per second over the run.
    package var meshRate = 0.0
    /// Frames the optical flow carried faces into.
    package var flowSteps = 0
    /// Those per second over the run.
    package var flowRate = 0.0
    /// The first frame (its tick) the face mesh followed a face into; nil: none.
    package var firstMeshFit: Int?
    /// Milliseconds from arrival to output.
    package var latencyMedian = 0.0
    package var latencyP95 = 0.0
    package var seconds = 0.0

    package init() {}

    /// Dropped frames as a share of the frames in.
    package var dropShare: Double { framesIn > 0 ? Double(dropped) / Double(framesIn) : 0 }

    /// `live: 270 frames in, 270 out, 0 dropped (0.0%), 23.98 fps out, detection 9.9/s, mesh 23.9/s, flow 23.9/s, latency median 8.1 ms, p95 12.0 ms, 11.3 s`
    package var line: String {
        func f(_ v: Double, _ digits: Int) -> String { String(format: "%.\(digits)f", v) }
        return "live: \(framesIn) frames in, \(framesOut) out, \(dropped) dropped (\(f(dropShare * 100, 1))%), "
            + "\(f(fpsOut, 2)) fps out, detection \(f(detectionRate, 1))/s, mesh \(f(meshRate, 1))/s, flow \(f(flowRate, 1))/s, "
            + "latency median \(f(latencyMedian, 1)) ms, p95 \(f(latencyP95, 1)) ms, \(f(seconds, 1)) s"
    }
}

/// The counters behind `LiveSummary`, shared by the loop's threads.
package final class LiveStats: Sendable {
    private struct State {
        var framesIn = 0
        var framesOut = 0
        var dropped = 0
        var detections = 0
        var meshFits = 0
        var flowSteps = 0
        var firstMeshFit: Int?
        var latencies: [Double] = []
        var firstOut: UInt64?
        var lastOut: UInt64?
        var start: UInt64?
    }

    private let state = Mutex(State())

    package init() {}

    package static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    package func arrived(at time: UInt64) {
        state.withLock { s in
            s.framesIn += 1
            if s.start == nil { s.start = time }
        }
    }

    package func droppedFrame() { state.withLock { $0.dropped += 1 } }

    package func detected() { state.withLock { $0.detections += 1 } }

    /// The face mesh followed the faces into one more frame, `tick`.
    package func followed(at tick: Int) {
        state.withLock { s in
            s.meshFits += 1
            if s.firstMeshFit == nil { s.firstMeshFit = tick }
        }
    }

    /// The optical flow carried the faces into one more frame.
    package func flowed() { state.withLock { $0.flowSteps += 1 } }

    /// A frame that arrived at `arrival` went out now.
    package func wentOut(arrival: UInt64, at time: UInt64 = LiveStats.now()) {
        state.withLock { s in
            s.framesOut += 1
            if s.firstOut == nil { s.firstOut = time }
            s.lastOut = time
            s.latencies.append(Double(time &- arrival) / 1e6)
        }
    }

    /// Frames out so far.
    package var framesOut: Int { state.withLock { $0.framesOut } }

    package func summary(at time: UInt64 = LiveStats.now()) -> LiveSummary {
        state.withLock { s in
            var summary = LiveSummary()
            summary.framesIn = s.framesIn
            summary.framesOut = s.framesOut
            summary.dropped = s.dropped
            summary.detections = s.detections
            summary.meshFits = s.meshFits
            summary.flowSteps = s.flowSteps
            summary.firstMeshFit = s.firstMeshFit
            if let first = s.firstOut, let last = s.lastOut, last > first, s.framesOut > 1 {
                summary.fpsOut = Double(s.framesOut - 1) / (Double(last - first) / 1e9)
            }
            if let start = s.start, time > start {
                summary.seconds = Double(time - start) / 1e9
                summary.detectionRate = Double(s.detections) / summary.seconds
                summary.meshRate = Double(s.meshFits) / summary.seconds
                summary.flowRate = Double(s.flowSteps) / summary.seconds
            }
            let sorted = s.latencies.sorted()
            summary.latencyMedian = Self.percentile(sorted, 0.5)
            summary.latencyP95 = Self.percentile(sorted, 0.95)
            return summary
        }
    }

    /// The value below which `p` of `sorted` lies (nearest rank); 0 when empty.
    package static func percentile(_ sorted: [Double], _ p: Double) -> Double { Statistics.percentile(sorted, p) }
}
