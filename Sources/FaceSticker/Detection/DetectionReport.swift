/// What `facesticker detect` prints for one image: plain lines or one JSON object.
package struct DetectionReport: Sendable {
    package var path: String
    package var detector: DetectorKind
    package var width: Int
    package var height: Int
    package var faces: [Face]

    package init(path: String, detector: DetectorKind, width: Int, height: Int, faces: [Face]) {
        self.path = path
        self.detector = detector
        self.width = width
        self.height = height
        self.faces = faces
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

    /// `{"path", "detector", "width", "height", "faces": [{"box", "score", "landmarks", "pose"}]}` on one line.
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
                + "\"pose\": \(Self.json(pose: face.pose, landmarks: face.landmarks))}"
        }
        return "{\"path\": \(JSONText.string(path)), \"detector\": \(JSONText.string(detector.rawValue)), "
            + "\"width\": \(width), \"height\": \(height), \"faces\": [\(faceObjects.joined(separator: ", "))]}"
    }

    /// `{"yaw", "pitch", "roll"}` in degrees (roll: the landmarks' eye line, the
    /// sticker angle), or null for a face without a head pose.
    package static func json(pose: HeadPose?, landmarks: Landmarks?) -> String {
        guard let pose, let landmarks else { return "null" }
        return "{\"yaw\": \(JSONText.number(pose.yaw, digits: 1)), \"pitch\": \(JSONText.number(pose.pitch, digits: 1)), "
            + "\"roll\": \(JSONText.number(landmarks.roll, digits: 1))}"
    }
}
