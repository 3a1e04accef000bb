@testable import FaceSticker
import PoseImages

/// The astronaut's face turned to known poses (`PoseImages`), built once.
enum PoseFixture {
    static let astronaut: PoseImages? = {
        guard let image = try? ImageFile.read(path: Fixtures.astronaut),
              let face = try? Fixtures.detector(.centerface).detect(in: image).first,
              let mesher = try? FaceMesher(), let mesh = try? mesher.mesh(of: face, in: image) else { return nil }
        return PoseImages(image: image, mesh: mesh)
    }()

    static func turned(yaw: Double, pitch: Double) -> PoseImages.Rendered? { astronaut?.turned(yaw: yaw, pitch: pitch) }
}
