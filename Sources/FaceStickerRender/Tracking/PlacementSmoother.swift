import FaceStickerCore
/// Smooths one tracked sticker's placement over time with One Euro filters
/// on its centre, size, angle and skew.
package struct PlacementSmoother: Sendable {
    private var x, y, width, height, angle, skew: OneEuroFilter
    private var lastAngle: Double?

    package init(_ parameters: SmoothingParameters = SmoothingParameters()) {
        let p = parameters
        x = OneEuroFilter(minCutoff: p.minCutoff, beta: p.beta, derivativeCutoff: p.derivativeCutoff)
        y = x
        width = x
        height = x
        angle = OneEuroFilter(minCutoff: p.angleMinCutoff, beta: p.angleBeta, derivativeCutoff: p.derivativeCutoff)
        skew = angle
    }

    /// The smoothed placement for the next frame, `interval` seconds on.
    /// `faceScale` is the face's eye distance (or an estimate of it) in pixels.
    package mutating func smooth(_ placement: Sticker.Placement, interval: Double, faceScale: Double) -> Sticker.Placement {
        // Angles wrap: follow the raw angle the short way round from the last output.
        var raw = placement.angle
        if let lastAngle {
            raw = lastAngle + Angle.wrapped(raw - lastAngle)
        }
        let scale = max(faceScale, 1)
        let turned = angle.filter(raw, interval: interval)
        lastAngle = turned
        let center = Point(x: x.filter(placement.center.x, interval: interval, scale: scale),
                           y: y.filter(placement.center.y, interval: interval, scale: scale))
        var smoothed = placement.moved(to: center) // the clip moves with the sticker
        smoothed.size = Size(width: width.filter(placement.size.width, interval: interval, scale: scale),
                             height: height.filter(placement.size.height, interval: interval, scale: scale))
        smoothed.angle = Angle.wrapped(turned)
        // A skew is a small angle (within Placement.maxSkew, which a mix of such values keeps):
        // no wrapping; a run of square placements stays exactly square.
        smoothed.skew = skew.filter(placement.skew, interval: interval)
        return smoothed
    }
}

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

/// The One Euro filter (Casiez, Roussel and Vogel, CHI 2012): a low-pass
/// filter whose cut-off rises with the signal's speed, so a still value is
/// held still (low cut-off removes jitter) while a moving one is followed with
/// little lag (high cut-off).
package struct OneEuroFilter: Sendable {
    /// Cut-off frequency in hertz when the value is still.
    package var minCutoff: Double
    /// How much the cut-off rises per unit of speed (speed divided by `scale`, per second).
    package var beta: Double
    /// Cut-off frequency, in hertz, of the speed estimate itself.
    package var derivativeCutoff: Double
    private var last: Double?
    private var speed = 0.0

    package init(minCutoff: Double, beta: Double, derivativeCutoff: Double = 1) {
        self.minCutoff = minCutoff
        self.beta = beta
        self.derivativeCutoff = derivativeCutoff
    }

    /// The filtered value for a new sample `interval` seconds after the last
    /// one. `scale` expresses the speed in a natural unit (for positions, the
    /// face's size) so one `beta` suits every resolution.
    package mutating func filter(_ value: Double, interval: Double, scale: Double = 1) -> Double {
        guard let last, interval > 0, value.isFinite else {
            if value.isFinite { self.last = value }
            return self.last ?? value
        }
        let rawSpeed = (value - last) / interval
        speed += Self.alpha(derivativeCutoff, interval) * (rawSpeed - speed)
        let cutoff = minCutoff + beta * abs(speed) / max(scale, 1e-9)
        let filtered = last + Self.alpha(cutoff, interval) * (value - last)
        self.last = filtered
        return filtered
    }

    /// Forgets the history: the next sample passes unchanged.
    package mutating func reset() {
        last = nil
        speed = 0
    }

    /// The smoothing factor of a first-order low-pass at `cutoff` hertz sampled every `interval` seconds.
    package static func alpha(_ cutoff: Double, _ interval: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / interval)
    }
}
