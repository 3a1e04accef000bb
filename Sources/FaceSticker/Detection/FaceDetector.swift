/// Finds faces in an image. Faces come back best first, in the coordinates of
/// the image given, however the detector scaled it internally.
public protocol FaceDetector: AnyObject {
    /// Which detector this is, for reports.
    var kind: DetectorKind { get }
    /// The settings it runs with, model path resolved.
    var settings: DetectorSettings { get }
    func detect(in image: RGBAImage) throws -> [Face]
}
