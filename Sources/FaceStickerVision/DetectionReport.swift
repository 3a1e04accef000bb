import FaceStickerCore
/// What `facesticker detect` prints for one image: plain lines or one JSON object.
package struct DetectionReport: Sendable {
    package var path: String
    package var detector: DetectorKind
    package var width: Int
    package var height: Int
    package var faces: [Face]
    /// Whether `json` gives each face's mesh points (`detect --mesh`).
    package var includeMesh: Bool

    package init(path: String, detector: DetectorKind, width: Int, height: Int, faces: [Face], includeMesh: Bool = false) {
        self.path = path
        self.detector = detector
        self.width = width
        self.height = height
        self.faces = faces
        self.includeMesh = includeMesh
    }

    /// One `path x y w h score` line per face.
    package var lines: [String] {
        faces.map { face in
            let b = face.box
            return [path, JSONText.number(b.x, digits: 1), JSONText.number(b.y, digits: 1),
                    JSONText.number(b.width, digits: 1), JSONText.number(b.height, digits: 1),
                    JSONText.number(face.score, digits: 4)].joined(separator: " ")
        }
    }

    /// `{"path", "detector", "width", "height", "faces": [{"box", "score", "landmarks", "pose"}]}` on one line
    /// (and each face's `"mesh"` with `includeMesh`).
    package var json: String {
        let faceObjects = faces.map { face -> JSONOutput in
            let b = face.box
            var fields: [(String, JSONOutput)] = [
                ("box", .numbers([b.x, b.y, b.width, b.height], digits: 1)),
                ("score", .number(face.score, digits: 4)),
                ("landmarks", .optional(face.landmarks) { .array($0.points.map { .numbers([$0.x, $0.y], digits: 1) }) }),
                ("pose", Self.json(pose: face.pose, landmarks: face.landmarks)),
            ]
            if includeMesh { fields.append(("mesh", Self.json(mesh: face.mesh))) }
            return .object(fields)
        }
        return JSONOutput.object([("path", .string(path)), ("detector", .string(detector.rawValue)),
                                  ("width", .int(width)), ("height", .int(height)), ("faces", .array(faceObjects))]).text
    }

    /// `[[x, y, z] x 468]` in pixels, or null for a face without a mesh.
    package static func json(mesh: [Point3]?) -> JSONOutput {
        .optional(mesh) { .array($0.map { .numbers([$0.x, $0.y, $0.z], digits: 1) }) }
    }

    /// `{"yaw", "pitch", "roll"}` in degrees (roll: the landmarks' eye line, the
    /// sticker angle), or null for a face without a head pose.
    package static func json(pose: HeadPose?, landmarks: Landmarks?) -> JSONOutput {
        guard let pose, let landmarks else { return .null }
        return .object([("yaw", .number(pose.yaw, digits: 1)), ("pitch", .number(pose.pitch, digits: 1)),
                        ("roll", .number(landmarks.roll, digits: 1))])
    }
}
