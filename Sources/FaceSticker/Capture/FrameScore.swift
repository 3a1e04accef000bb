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
