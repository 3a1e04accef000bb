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
        let faceObjects = faces.map { face -> String in
            let b = face.box
            let box = [b.x, b.y, b.width, b.height].map { JSONText.number($0, digits: 1) }.joined(separator: ", ")
            let marks = face.landmarks.map { landmarks in
                "[" + landmarks.points.map {
                    "[\(JSONText.number($0.x, digits: 1)), \(JSONText.number($0.y, digits: 1))]"
                }.joined(separator: ", ") + "]"
            } ?? "null"
            return "{\"box\": [\(box)], \"score\": \(JSONText.number(face.score, digits: 4)), \"landmarks\": \(marks), "
                + "\"pose\": \(Self.json(pose: face.pose, landmarks: face.landmarks))"
                + (includeMesh ? ", \"mesh\": \(Self.json(mesh: face.mesh))}" : "}")
        }
        return "{\"path\": \(JSONText.string(path)), \"detector\": \(JSONText.string(detector.rawValue)), "
            + "\"width\": \(width), \"height\": \(height), \"faces\": [\(faceObjects.joined(separator: ", "))]}"
    }

    /// `[[x, y, z] x 468]` in pixels, or null for a face without a mesh.
    static func json(mesh: [Point3]?) -> String {
        guard let mesh else { return "null" }
        return "[" + mesh.map { p in
            "[\(JSONText.number(p.x, digits: 1)), \(JSONText.number(p.y, digits: 1)), \(JSONText.number(p.z, digits: 1))]"
        }.joined(separator: ", ") + "]"
    }

    /// `{"yaw", "pitch", "roll"}` in degrees (roll: the landmarks' eye line, the
    /// sticker angle), or null for a face without a head pose.
    package static func json(pose: HeadPose?, landmarks: Landmarks?) -> String {
        guard let pose, let landmarks else { return "null" }
        return "{\"yaw\": \(JSONText.number(pose.yaw, digits: 1)), \"pitch\": \(JSONText.number(pose.pitch, digits: 1)), "
            + "\"roll\": \(JSONText.number(landmarks.roll, digits: 1))}"
    }
}
