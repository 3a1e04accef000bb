import Foundation
import Synchronization
import FaceStickerVision

/// How far one long stage of `tune` has got: a network pass over the
/// dataset at one input size, the cascade's runs, the replay of the sweep,
/// the contact sheet, the anonymisation or scoring of `--mask`.
///
/// `DetectorTuner`, `ContactSheet` and `MaskCoverage` report their stages
/// through a callback taking these (the CLI draws a progress line from them);
/// each stage reports `done` 0 when it starts, then once per item finished,
/// ending with `done == total`.
package struct TuningProgress: Sendable, Equatable {
    /// What a stage does.
    package enum Stage: Sendable, Equatable, CustomStringConvertible {
        /// One network pass of `kind` over every image at one input size (as `CopyRule` describes it).
        case network(DetectorKind, size: String)
        /// The Haar cascade over every image, all its settings on each.
        case cascade(settings: Int)
        /// Replaying and scoring the settings of `kind` from the cached detections.
        case sweep(DetectorKind)
        /// Drawing the contact sheet's tiles.
        case sheet
        /// Detecting and hiding the faces of every image (`--mask`).
        case mask
        /// Scoring pictures another tool wrote (`--mask-outputs`).
        case scoring

        /// What the items are.
        package var unit: String {
            switch self {
            case .network, .cascade, .mask, .scoring: return "images"
            case .sweep: return "settings"
            case .sheet: return "tiles"
            }
        }

        package var description: String {
            switch self {
            case .network(let kind, let size): return "\(kind.rawValue) \(size)"
            case .cascade(let settings): return "haar, \(settings) settings"
            case .sweep(let kind): return "\(kind.rawValue) sweep"
            case .sheet: return "contact sheet"
            case .mask: return "hiding faces"
            case .scoring: return "scoring"
            }
        }
    }

    package var stage: Stage
    /// Items finished, of `total`.
    package var done: Int
    package var total: Int
    /// Seconds since the stage started.
    package var elapsed: Double

    package init(stage: Stage, done: Int, total: Int, elapsed: Double) {
        self.stage = stage
        self.done = done
        self.total = total
        self.elapsed = elapsed
    }

    /// Items per second so far (0 before the first).
    package var rate: Double { elapsed > 0 ? Double(done) / elapsed : 0 }

    /// Seconds left at the rate so far; nil before the first item.
    package var remaining: Double? {
        guard done > 0, rate > 0 else { return nil }
        return Double(max(0, total - done)) / rate
    }
}

/// The callback a long stage reports to; called on one thread at a time
/// (any thread), in order.
package typealias TuningProgressHandler = @Sendable (TuningProgress) -> Void

/// Counts one stage's finished items from any number of threads and reports
/// each count, in order, under one lock.
package final class ProgressCounter: Sendable {
    private struct State {
        var done = 0
    }

    private let stage: TuningProgress.Stage
    private let total: Int
    private let started: DispatchTime
    private let handler: TuningProgressHandler
    private let state = Mutex(State())

    /// Reports `done` 0 at once.
    package init(_ stage: TuningProgress.Stage, total: Int, handler: @escaping TuningProgressHandler) {
        self.stage = stage
        self.total = total
        self.handler = handler
        started = .now()
        handler(TuningProgress(stage: stage, done: 0, total: total, elapsed: 0))
    }

    /// One more item finished.
    package func step() {
        state.withLock { state in
            state.done = min(total, state.done + 1)
            let now = DispatchTime.now().uptimeNanoseconds, start = started.uptimeNanoseconds
            let elapsed = now > start ? Double(now - start) / 1e9 : 0
            handler(TuningProgress(stage: stage, done: state.done, total: total, elapsed: elapsed))
        }
    }

    /// Items finished so far.
    package var done: Int { state.withLock { $0.done } }
}
