/// How a picture is scaled into a destination of another shape; the result
/// is centred. The names match AVLayerVideoGravity's resizeAspectFill,
/// resizeAspect and resize.
package enum ContentMode: String, CaseIterable, Hashable, Sendable {
    /// Scale uniformly until the destination is covered; the overflow is cropped.
    case fill
    /// Scale uniformly until the picture just fits; the rest is letterbox.
    case fit
    /// Scale each axis on its own to the destination; the aspect may change.
    case stretch

    /// The x and y scale factors from `source` to `destination`; nil when either
    /// size is empty or not finite.
    package func scale(from source: Size, to destination: Size) -> (x: Double, y: Double)? {
        let sx = destination.width / source.width, sy = destination.height / source.height
        guard sx.isFinite, sy.isFinite, sx > 0, sy > 0 else { return nil }
        switch self {
        case .fill: return (max(sx, sy), max(sx, sy))
        case .fit: return (min(sx, sy), min(sx, sy))
        case .stretch: return (sx, sy)
        }
    }

    /// Maps (0, 0)-(source) into (0, 0)-(destination), centred; nil when either
    /// size is empty or not finite.
    package func transform(from source: Size, to destination: Size) -> Transform2D? {
        guard let s = scale(from: source, to: destination) else { return nil }
        return Transform2D(a: s.x, b: 0, c: 0, d: s.y,
                               tx: (destination.width - source.width * s.x) / 2,
                               ty: (destination.height - source.height * s.y) / 2)
    }
}
