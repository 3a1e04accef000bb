import Foundation

/// Counters and the first error of a running pipeline, shared by its threads.
final class PipelineState: @unchecked Sendable {
    private let lock = NSLock()
    private var _framesWritten = 0
    private var _framesWithFaces = 0
    private var _faces = 0
    private var _detectionSeconds = 0.0
    private var _error: Error?
    private var _damage: String?
    /// Set once the run ended: how many detector threads it had.
    var detectorThreads = 1

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    var framesWritten: Int { locked { _framesWritten } }
    var framesWithFaces: Int { locked { _framesWithFaces } }
    var faces: Int { locked { _faces } }
    var detectionSeconds: Double { locked { _detectionSeconds } }
    var error: Error? { locked { _error } }
    var damage: String? { locked { _damage } }

    func wroteFrame() { locked { _framesWritten += 1 } }
    func detected(seconds: Double) { locked { _detectionSeconds += seconds } }
    func setDamage(_ text: String?) { locked { _damage = text } }

    /// Notes a painted frame's faces (ids count up from 0, so the largest + 1 is the number seen).
    func painted(_ faces: [PaintedFace]) {
        locked {
            if !faces.isEmpty { _framesWithFaces += 1 }
            for face in faces { _faces = max(_faces, face.tracked.id + 1) }
        }
    }

    /// Keeps the first error; returns whether this one was the first.
    @discardableResult
    func fail(_ error: Error) -> Bool {
        locked {
            guard _error == nil else { return false }
            _error = error
            return true
        }
    }
}
