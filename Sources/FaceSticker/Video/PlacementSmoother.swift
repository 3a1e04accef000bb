/// Smooths one tracked sticker's placement over time with One Euro filters
/// on its centre, size and angle.
package struct PlacementSmoother: Sendable {
    private var x, y, width, height, angle: OneEuroFilter
    private var lastAngle: Double?

    package init(_ parameters: SmoothingParameters = SmoothingParameters()) {
        let p = parameters
        x = OneEuroFilter(minCutoff: p.minCutoff, beta: p.beta, derivativeCutoff: p.derivativeCutoff)
        y = x
        width = x
        height = x
        angle = OneEuroFilter(minCutoff: p.angleMinCutoff, beta: p.angleBeta, derivativeCutoff: p.derivativeCutoff)
    }

    /// The smoothed placement for the next frame, `interval` seconds on.
    /// `faceScale` is the face's eye distance (or an estimate of it) in pixels.
    package mutating func smooth(_ placement: StickerPlacement, interval: Double, faceScale: Double) -> StickerPlacement {
        // Angles wrap: follow the raw angle the short way round from the last output.
        var raw = placement.angle
        if let lastAngle {
            raw = lastAngle + Self.wrapped(raw - lastAngle)
        }
        let scale = max(faceScale, 1)
        let turned = angle.filter(raw, interval: interval)
        lastAngle = turned
        return StickerPlacement(
            center: Point(x: x.filter(placement.center.x, interval: interval, scale: scale),
                          y: y.filter(placement.center.y, interval: interval, scale: scale)),
            size: Size(width: width.filter(placement.size.width, interval: interval, scale: scale),
                       height: height.filter(placement.size.height, interval: interval, scale: scale)),
            angle: Self.wrapped(turned))
    }

    /// `degrees` brought into -180..<180.
    static func wrapped(_ degrees: Double) -> Double {
        var d = degrees.truncatingRemainder(dividingBy: 360)
        if d >= 180 { d -= 360 }
        if d < -180 { d += 360 }
        return d
    }
}
