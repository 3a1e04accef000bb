import Synchronization
import FaceStickerRender

/// Counters and the first error of a running pipeline, shared by its threads.
package final class PipelineState: Sendable {
    private struct Counts {
        var framesWritten = 0
        var framesWithFaces = 0
        var faces = 0
        var detectionSeconds = 0.0
        var detections = 0
        var followedRounds = 0
        var error: Error?
        var damage: String?
        var detectorThreads = 1
    }

    private let counts = Mutex(Counts())

    package var framesWritten: Int { counts.withLock { $0.framesWritten } }
    package var framesWithFaces: Int { counts.withLock { $0.framesWithFaces } }
    package var faces: Int { counts.withLock { $0.faces } }
    package var detectionSeconds: Double { counts.withLock { $0.detectionSeconds } }
    /// Detection rounds run, and of them those whose faces were all followed by their mesh.
    package var detections: Int { counts.withLock { $0.detections } }
    package var followedRounds: Int { counts.withLock { $0.followedRounds } }
    package var error: Error? { counts.withLock { $0.error } }
    package var damage: String? { counts.withLock { $0.damage } }
    /// How many detector threads the run had (set when it ends).
    package var detectorThreads: Int {
        get { counts.withLock { $0.detectorThreads } }
        set { counts.withLock { $0.detectorThreads = newValue } }
    }

    package func wroteFrame() { counts.withLock { $0.framesWritten += 1 } }
    package func detected(seconds: Double) {
        counts.withLock { counts in
            counts.detectionSeconds += seconds
            counts.detections += 1
        }
    }
    package func followed(rounds: Int) { counts.withLock { $0.followedRounds += rounds } }
    package func setDamage(_ text: String?) { counts.withLock { $0.damage = text } }

    /// Notes a painted frame's faces (ids count up from 0, so the largest + 1 is the number seen).
    package func painted(_ faces: [PaintedFace]) {
        counts.withLock { counts in
            if !faces.isEmpty { counts.framesWithFaces += 1 }
            for face in faces { counts.faces = max(counts.faces, face.tracked.id + 1) }
        }
    }

    /// Keeps the first error; returns whether this one was the first.
    @discardableResult
    package func fail(_ error: Error) -> Bool {
        counts.withLock { counts in
            guard counts.error == nil else { return false }
            counts.error = error
            return true
        }
    }
}
