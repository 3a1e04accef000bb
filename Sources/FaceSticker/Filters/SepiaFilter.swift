/// `sepia[:intensity]`, like Core Image's CISepiaTone: the classic sepia
/// matrix, blended with the original colour by `intensity` (0 leaves the
/// picture as it is, 1, the default, is full sepia).
public struct SepiaFilter: ImageFilter {
    /// Rows give output R, G, B from input (r, g, b).
    public static let matrix: [[Double]] = [
        [0.393, 0.769, 0.189],
        [0.349, 0.686, 0.168],
        [0.272, 0.534, 0.131],
    ]

    /// 0...1.
    public let intensity: Double
    private let colorMatrix: ColorMatrix

    /// `intensity` is clamped to 0...1 (a value that is not finite means 1).
    public init(intensity: Double = 1) {
        let intensity = intensity.isFinite ? min(max(intensity, 0), 1) : 1
        self.intensity = intensity
        colorMatrix = ColorMatrix(rows: Self.matrix, intensity: intensity)
    }

    public var spec: String { "sepia:\(intensity)" }

    public func apply(to image: inout RGBAImage) { colorMatrix.apply(to: &image) }
}
