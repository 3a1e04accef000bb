import Synchronization

/// Counters and the first error of a running pipeline, shared by its threads.
final class PipelineState: Sendable {
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

    var framesWritten: Int { counts.withLock { $0.framesWritten } }
    var framesWithFaces: Int { counts.withLock { $0.framesWithFaces } }
    var faces: Int { counts.withLock { $0.faces } }
    var detectionSeconds: Double { counts.withLock { $0.detectionSeconds } }
    /// Detection rounds run, and of them those whose faces were all followed by their mesh.
    var detections: Int { counts.withLock { $0.detections } }
    var followedRounds: Int { counts.withLock { $0.followedRounds } }
    var error: Error? { counts.withLock { $0.error } }
    var damage: String? { counts.withLock { $0.damage } }
    /// How many detector threads the run had (set when it ends).
    var detectorThreads: Int {
        get { counts.withLock { $0.detectorThreads } }
        set { counts.withLock { $0.detectorThreads = newValue } }
    }

    func wroteFrame() { counts.withLock { $0.framesWritten += 1 } }
    func detected(seconds: Double) {
        counts.withLock { counts in
            counts.detectionSeconds += seconds
            counts.detections += 1
        }
    }
    func followed(rounds: Int) { counts.withLock { $0.followedRounds += rounds } }
    func setDamage(_ text: String?) { counts.withLock { $0.damage = text } }

    /// Notes a painted frame's faces (ids count up from 0, so the largest + 1 is the number seen).
    func painted(_ faces: [PaintedFace]) {
        counts.withLock { counts in
            if !faces.isEmpty { counts.framesWithFaces += 1 }
            for face in faces { counts.faces = max(counts.faces, face.tracked.id + 1) }
        }
    }

    /// Keeps the first error; returns whether this one was the first.
    @discardableResult
    func fail(_ error: Error) -> Bool {
        counts.withLock { counts in
            guard counts.error == nil else { return false }
            counts.error = error
            return true
        }
    }
}
