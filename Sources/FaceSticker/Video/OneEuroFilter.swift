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
    static func alpha(_ cutoff: Double, _ interval: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoff)
        return 1 / (1 + tau / interval)
    }
}
