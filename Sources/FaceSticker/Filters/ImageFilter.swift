/// One colour effect, applied in place to every pixel's colour. Alpha is never changed.
public protocol ImageFilter: Sendable {
    /// The `--filter` spec that builds this filter again, such as `sepia:0.8`.
    var spec: String { get }

    func apply(to image: inout RGBAImage)
}
