import Foundation

/// Reads a tracks file as `--tracks` writes it (or as a user or another tool
/// edited it), for drawing stickers without detecting again:
/// `{"frames": [{"index": N, "faces": [{"id": N, "box": [x, y, w, h],
/// "score": S, "landmarks": [[x, y] x 5] or null}]}]}`, in frame pixels.
/// Other keys (`time`, `sticker`) are ignored; a frame not listed has no face.
package enum TracksFile {
    /// The most faces any one frame may hold, and frames the file may list.
    static let maxFaces = 10_000
    static let maxFrames = 10_000_000

    /// Faces by frame index. Errors name the file and the entry (`frames[3].faces[0].box`).
    package static func load(path: String) throws -> [Int: [TrackedFace]] {
        try InputPath.check(path)
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FaceStickerError.unreadable(path: path, reason: "cannot be read: \(SystemReason.of(error))")
        }
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw FaceStickerError.unreadable(path: path, reason: "not a JSON object (a tracks file written by video --tracks)")
        }
        guard let frames = root["frames"] as? [Any] else {
            throw FaceStickerError.badValue(path: path, key: "frames", reason: "missing, or not a list")
        }
        guard frames.count <= maxFrames else {
            throw FaceStickerError.badValue(path: path, key: "frames", reason: "more than \(maxFrames) frames")
        }
        var result: [Int: [TrackedFace]] = [:]
        for (i, item) in frames.enumerated() {
            let key = "frames[\(i)]"
            guard let frame = item as? [String: Any] else {
                throw FaceStickerError.badValue(path: path, key: key, reason: "not an object")
            }
            guard let index = whole(frame["index"]), index >= 0 else {
                throw FaceStickerError.badValue(path: path, key: key + ".index", reason: "missing, or not a whole number >= 0")
            }
            guard result[index] == nil else {
                throw FaceStickerError.badValue(path: path, key: key + ".index", reason: "frame \(index) is listed twice")
            }
            guard let faces = frame["faces"] as? [Any], faces.count <= maxFaces else {
                throw FaceStickerError.badValue(path: path, key: key + ".faces", reason: "missing, not a list, or over \(maxFaces) faces")
            }
            result[index] = try faces.enumerated().map { j, item in
                try face(item, path: path, key: key + ".faces[\(j)]")
            }
        }
        return result
    }

    private static func face(_ item: Any, path: String, key: String) throws -> TrackedFace {
        guard let face = item as? [String: Any] else {
            throw FaceStickerError.badValue(path: path, key: key, reason: "not an object")
        }
        guard let id = whole(face["id"]), id >= 0 else {
            throw FaceStickerError.badValue(path: path, key: key + ".id", reason: "missing, or not a whole number >= 0")
        }
        guard let box = numbers(face["box"]), box.count == 4, box[2] > 0, box[3] > 0, box.allSatisfy({ abs($0) < 1e6 }) else {
            throw FaceStickerError.badValue(path: path, key: key + ".box",
                                            reason: "not [x, y, width, height] with a positive width and height")
        }
        let score = number(face["score"]) ?? 1
        var landmarks: Landmarks?
        if let list = face["landmarks"], !(list is NSNull) {
            guard let pairs = list as? [Any], pairs.count == 5 else {
                throw FaceStickerError.badValue(path: path, key: key + ".landmarks", reason: "not 5 [x, y] points or null")
            }
            let points = try pairs.map { pair -> Point in
                guard let xy = numbers(pair), xy.count == 2, xy.allSatisfy({ abs($0) < 1e6 }) else {
                    throw FaceStickerError.badValue(path: path, key: key + ".landmarks", reason: "not 5 [x, y] points or null")
                }
                return Point(x: xy[0], y: xy[1])
            }
            landmarks = Landmarks(points: points)
        }
        let rect = Rect(x: box[0], y: box[1], width: box[2], height: box[3])
        return TrackedFace(id: id, face: Face(box: rect, score: score, landmarks: landmarks), source: .detected)
    }

    private static func number(_ value: Any?) -> Double? {
        // (On Linux a JSON number may also read as a Bool: 0 and 1 are numbers here.)
        let d: Double
        if let n = value as? Int {
            d = Double(n)
        } else if let n = value as? Double {
            d = n
        } else if let n = value as? NSNumber {
            d = n.doubleValue
        } else {
            return nil
        }
        return d.isFinite ? d : nil
    }

    private static func whole(_ value: Any?) -> Int? {
        guard let d = number(value), d == d.rounded(), abs(d) < 1e12 else { return nil }
        return Int(exactly: d)
    }

    private static func numbers(_ value: Any?) -> [Double]? {
        guard let list = value as? [Any] else { return nil }
        let values = list.compactMap(number)
        return values.count == list.count ? values : nil
    }
}
