import Foundation
import Testing
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

    /// Set-up's copy of MediaPipe's canonical face (`scripts/setup.sh samples`).
    static let canonicalPath = Fixtures.root.appendingPathComponent("samples/canonical_face.f32").path

    /// The astronaut's face on MediaPipe's canonical face (a real head's depth, issue #40),
    /// turned; nil without the canonical face or the mesh.
    static let canonical: PoseImages? = {
        guard let shape = PoseImages.canonicalFace(at: canonicalPath), let image = try? ImageFile.read(path: Fixtures.astronaut),
              let face = try? Fixtures.detector(.centerface).detect(in: image).first,
              let mesher = try? FaceMesher(), let mesh = try? mesher.mesh(of: face, in: image) else { return nil }
        return PoseImages(image: image, mesh: PoseImages.withDepth(of: shape, on: mesh))
    }()

    /// A test trait: the test runs only when set-up fetched the canonical face.
    static var needsCanonical: ConditionTrait {
        .enabled(if: FileManager.default.fileExists(atPath: canonicalPath),
                 "needs MediaPipe's canonical face: `make samples` (PyPI)")
    }
}
