/// One dataset image and its annotated faces.
public struct LabeledImage: Hashable, Sendable {
    /// The image's name as the ground-truth file gives it (relative to `images/`).
    public var name: String
    /// The image file's path, ready to open.
    public var path: String
    /// The faces, in ground-truth file order (difficulty indices refer to this order).
    public var faces: [GroundTruthBox]

    public init(name: String, path: String, faces: [GroundTruthBox]) {
        self.name = name
        self.path = path
        self.faces = faces
    }
}
