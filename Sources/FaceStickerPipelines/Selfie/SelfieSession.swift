import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerVision

/// Takes a selfie from a frame source: skips warm-up frames, counts down,
/// takes a burst and keeps its best frame (`BurstChooser`), mirrored as set.
/// Decorating (stickers, filters) and writing are the caller's: the same
/// session serves `facesticker selfie` and its live preview.
package final class SelfieSession {
    package let source: FrameSource
    package let detector: FaceDetector
    package var options: SelfieOptions
    /// Whether frames are flipped left-right; starts from `options.mirror`.
    package var mirrored: Bool
    /// Called with each number of the countdown (3, 2, 1).
    package var onCountdown: (Int) -> Void = { _ in }
    /// Frames read from the source so far.
    package private(set) var framesRead = 0

    package init(source: FrameSource, detector: FaceDetector, options: SelfieOptions) {
        self.source = source
        self.detector = detector
        self.options = options
        mirrored = options.mirror ?? source.isLive
    }

    /// The next frame as RGBA (a picture's own pixels), mirrored as set; nil at the end of a file source.
    package func nextFrame() throws -> RGBAImage? {
        guard let frame = try source.next() else { return nil }
        framesRead += 1
        return mirrored ? frame.rgba.mirrored() : frame.rgba
    }

    /// Warm-up, countdown and burst: the whole capture.
    package func capture() throws -> SelfieShot {
        try warmUp()
        try countDown()
        return try burst()
    }

    /// Drops the warm-up frames, so a camera's exposure settles first.
    package func warmUp() throws {
        let count = options.warmUp ?? source.defaultWarmUp
        for _ in 0..<max(0, count) {
            guard try source.next() != nil else { throw ended(wanted: count) }
            framesRead += 1
        }
    }

    /// Counts down `options.countdown` seconds. A camera keeps being read
    /// meanwhile, so its buffers stay fresh and a stall is noticed.
    package func countDown() throws {
        let clock = ContinuousClock()
        for second in stride(from: options.countdown, to: 0, by: -1) {
            onCountdown(second)
            let tick = clock.now + .seconds(1)
            if source.isLive {
                while clock.now < tick {
                    guard try source.next() != nil else { return }
                    framesRead += 1
                }
            } else {
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    /// Takes up to `options.burst` frames (fewer when a file ends) and keeps the
    /// best. Only the best frame so far is held (a 4K frame is 33 MB): the best of
    /// a longer burst is always either the best so far or the newest frame.
    package func burst() throws -> SelfieShot {
        var kept: RGBAImage?
        var scores: [FrameScore] = []
        for _ in 0..<max(1, options.burst) {
            guard let frame = try nextFrame() else { break }
            let faces = try detector.detect(in: frame)
            scores.append(BurstChooser.score(frame, faces: faces))
            if BurstChooser.best(scores) == scores.count - 1 { kept = frame }
        }
        guard let best = BurstChooser.best(scores), let kept else {
            throw ended(wanted: options.warmUp ?? source.defaultWarmUp)
        }
        return SelfieShot(image: kept, faces: scores[best].faces, index: best, scores: scores)
    }

    private func ended(wanted skip: Int) -> FaceStickerError {
        .unreadable(path: source.name,
                    reason: "the source ended after \(framesRead) frame(s), before the capture (skipping \(skip); lower \(setting: .skip))")
    }
}
