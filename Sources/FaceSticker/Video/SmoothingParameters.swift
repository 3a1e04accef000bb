/// One Euro settings for sticker placements. Positions and sizes are
/// filtered with their speed measured in eye distances per second, angles in
/// degrees per second, so the same values suit every resolution.
///
/// Chosen by replaying unsmoothed placements of three clips through the
/// filter: a still face (astronaut.png looped with fresh noise per frame),
/// the same face panning 6 px a frame, and carphone.mp4. A 0.3 Hz floor holds
/// the still face's sticker to under 0.8 % of the eye distance per frame
/// (unsmoothed: up to 7 %); beta 4 lifts the cut-off to ~10 Hz once a face
/// moves 2-3 eye distances a second, so the panning face is trailed by about
/// 0.03 eye distances; a 0.5 Hz speed estimate keeps detector noise from
/// opening the filter. On carphone.mp4 this cuts the jitter (mean second
/// difference of the centre) from 0.057 to 0.023 eye distances a frame.
package struct SmoothingParameters: Equatable, Sendable {
    package var minCutoff: Double
    package var beta: Double
    package var derivativeCutoff: Double
    package var angleMinCutoff: Double
    package var angleBeta: Double

    package init(minCutoff: Double = 0.3, beta: Double = 4.0, derivativeCutoff: Double = 0.5,
                angleMinCutoff: Double = 0.3, angleBeta: Double = 0.1) {
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
        self.angleMinCutoff = angleMinCutoff
        self.angleBeta = angleBeta
    }
}
