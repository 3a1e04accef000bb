import FaceStickerCore
import FaceStickerVision
// What a selfie session is asked (`SelfieOptions`) and what it gives back (`SelfieShot`,
// with each burst frame's `FrameScore`).

/// How `SelfieSession` takes a picture.
package struct SelfieOptions: Equatable, Sendable {
    /// Frames dropped before anything else; nil: the source's default (about a second of a camera's frames).
    package var warmUp: Int?
    /// Seconds counted down on stderr before the burst (0: none).
    package var countdown: Int
    /// Frames taken; the best one is kept (see `BurstChooser`).
    package var burst: Int
    /// Mirror the picture; nil: mirror live cameras only.
    package var mirror: Bool?

    package init(warmUp: Int? = nil, countdown: Int = 0, burst: Int = 5, mirror: Bool? = nil) {
        self.warmUp = warmUp
        self.countdown = countdown
        self.burst = burst
        self.mirror = mirror
    }
}

/// The frame a burst kept, with what was learned choosing it.
package struct SelfieShot: Sendable {
    /// The chosen frame, mirrored when the session mirrors, not yet decorated.
    package var image: RGBAImage
    /// Its faces, in `image`'s coordinates, best first.
    package var faces: [Face]
    /// Which frame of the burst it was (0-based).
    package var index: Int
    /// Every burst frame's score, in order.
    package var scores: [FrameScore]

    package init(image: RGBAImage, faces: [Face], index: Int, scores: [FrameScore]) {
        self.image = image
        self.faces = faces
        self.index = index
        self.scores = scores
    }
}

/// How good one burst frame is as a selfie (see `BurstChooser`).
package struct FrameScore: Equatable, Sendable {
    /// The faces found in the frame, best first.
    package var faces: [Face]
    /// Box area, in pixels, of the main face, the one the detector is most sure of (0 without a face).
    package var faceArea: Double
    /// Sharpness of the main face (variance of the Laplacian of its luma at `BurstChooser.patchSize`).
    package var faceSharpness: Double
    /// Sharpness of the whole frame, which decides only when no frame has a face.
    package var frameSharpness: Double

    package init(faces: [Face], faceArea: Double, faceSharpness: Double, frameSharpness: Double) {
        self.faces = faces
        self.faceArea = faceArea
        self.faceSharpness = faceSharpness
        self.frameSharpness = frameSharpness
    }

    /// Face area times face sharpness: a sharp face beats a blurred one of the
    /// same size, a larger face beats an equally sharp smaller one.
    package var value: Double { faceArea * faceSharpness }
}
