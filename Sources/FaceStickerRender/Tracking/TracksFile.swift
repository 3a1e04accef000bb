import Foundation
import FaceStickerCore
import FaceStickerVision

/// A tracks file as `--tracks` writes it (or as a user or another tool edited
/// it), read for drawing stickers without detecting again (`--tracks-in`):
/// `{"frames": [{"index": N, "faces": [{"id": N, "box": [x, y, w, h],
/// "score": S, "landmarks": [[x, y] x 5] or null, "pose": {"yaw", "pitch"} or null,
/// "head": {"points": [[x, y, z] x 9], "outline": [[x, y]...]} or null}]}]}`, in
/// frame pixels; `pose` and `head` (what the face mesh gave) may be left out, and
/// with them a redraw places stickers as the first run did. Other keys (`time`,
/// `sticker`, `layers`) are ignored; a frame not listed has no face.
///
/// Frames are numbered as the output of the run that wrote the file: from the
/// part's first frame for a part (`--start`). `"firstFrame": N` says which frame
/// of the input that is (0, the default, for the whole video), so a file written
/// for the whole video draws any part of it (issue #41).
///
/// The file is read as it goes (`JSONReader`), one frame at a time, so memory
/// follows the faces kept, not the file's text; its size is capped
/// (`TextInput.tracks`) and its frames are checked against the video's
/// (`check(frameCount:video:)`).
package struct TracksFile: Sendable {
    /// The most faces any one frame may hold, and frames the file may list.
    package static let maxFaces = 10_000
    package static let maxFrames = 10_000_000

    /// The file read.
    package let path: String
    /// Faces by frame index.
    package let faces: [Int: [TrackedFace]]
    /// The input frame that the file's frame 0 is: where the part it was written for starts.
    package var firstFrame = 0

    package init(path: String, faces: [Int: [TrackedFace]], firstFrame: Int = 0) {
        self.path = path
        self.faces = faces
        self.firstFrame = firstFrame
    }

    /// The faces of the input's frame `index` (nil: the file lists none there).
    package func faces(atInputFrame index: Int) -> [TrackedFace]? { faces[index - firstFrame] }

    /// Reads the file at `path`. Errors name the file and the entry (`frames[3].faces[0].box`).
    package static func load(path: String) throws -> TracksFile {
        try read(JSONReader(path: path, kind: .tracks))
    }

    /// Reads tracks-file JSON from memory; `path` names it in errors.
    package static func decode(_ data: Data, path: String) throws -> TracksFile {
        try read(JSONReader(data: data, path: path))
    }

    private static func read(_ reader: JSONReader) throws -> TracksFile {
        let path = reader.path
        guard reader.nextIs(UInt8(ascii: "{")) else {
            throw FaceStickerError.unreadable(path: path, reason: "not a JSON object (a tracks file written by a video run with \(setting: .tracksFile))")
        }
        var result: [Int: [TrackedFace]]?
        var firstFrame = 0
        try reader.object(at: "") { name, key in
            if name == "firstFrame" {
                guard let first = whole(try reader.value(at: key)), first >= 0 else {
                    throw FaceStickerError.badValue(path: path, key: key, reason: "not a whole number >= 0")
                }
                firstFrame = first
                return
            }
            guard name == "frames" else {
                _ = try reader.value(at: key) // `time`, notes: read (so checked), not kept
                return
            }
            guard reader.nextIs(UInt8(ascii: "[")) else {
                throw FaceStickerError.badValue(path: path, key: "frames", reason: "missing, or not a list")
            }
            var frames: [Int: [TrackedFace]] = [:]
            try reader.array(at: key) { i, key in
                guard i < maxFrames else {
                    throw FaceStickerError.badValue(path: path, key: "frames", reason: "more than \(maxFrames) frames")
                }
                let (index, faces) = try frame(try reader.value(at: key), path: path, key: key)
                guard frames.updateValue(faces, forKey: index) == nil else {
                    throw FaceStickerError.badValue(path: path, key: key + ".index", reason: "frame \(index) is listed twice")
                }
            }
            result = frames
        }
        try reader.end()
        guard let result else { throw FaceStickerError.badValue(path: path, key: "frames", reason: "missing, or not a list") }
        return TracksFile(path: path, faces: result, firstFrame: firstFrame)
    }

    private static func frame(_ item: JSONValue, path: String, key: String) throws -> (Int, [TrackedFace]) {
        guard case .object(let frame) = item else {
            throw FaceStickerError.badValue(path: path, key: key, reason: "not an object")
        }
        guard let index = whole(frame["index"]), index >= 0 else {
            throw FaceStickerError.badValue(path: path, key: key + ".index", reason: "missing, or not a whole number >= 0")
        }
        guard case .array(let faces)? = frame["faces"], faces.count <= maxFaces else {
            throw FaceStickerError.badValue(path: path, key: key + ".faces", reason: "missing, not a list, or over \(maxFaces) faces")
        }
        return (index, try faces.enumerated().map { j, item in try face(item, path: path, key: key + ".faces[\(j)]") })
    }

    private static func face(_ item: JSONValue, path: String, key: String) throws -> TrackedFace {
        guard case .object(let face) = item else {
            throw FaceStickerError.badValue(path: path, key: key, reason: "not an object")
        }
        guard let id = whole(face["id"]), id >= 0 else {
            throw FaceStickerError.badValue(path: path, key: key + ".id", reason: "missing, or not a whole number >= 0")
        }
        guard let box = numbers(face["box"]), box.count == 4, box[2] > 0, box[3] > 0 else {
            throw FaceStickerError.badValue(path: path, key: key + ".box",
                                            reason: "not [x, y, width, height] with a positive width and height")
        }
        // A value no frame holds is named for what it is, not called "not positive" (issue #41).
        guard box.allSatisfy({ abs($0) < 1e6 }) else {
            throw FaceStickerError.badValue(path: path, key: key + ".box", reason: "a value beyond 1,000,000 pixels, which no frame holds")
        }
        var score = 1.0
        if case .number(let n)? = face["score"] { score = n }
        var landmarks: Landmarks?
        if let list = face["landmarks"], list != .null {
            guard case .array(let pairs) = list, pairs.count == 5 else {
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
        var read = Face(box: rect, score: score, landmarks: landmarks, pose: try pose(face["pose"], path: path, key: key + ".pose"))
        if let head = face["head"], head != .null {
            let problem = "not {\"points\": [[x, y, z] x 9], \"outline\": [[x, y] x 3 or more] or null} or null"
            guard case .object(let fields) = head, let points = fields["points"].flatMap({ Self.points($0, size: 3) }),
                  let shape = HeadShape(points: points.map { Point3(x: $0[0], y: $0[1], z: $0[2]) }) else {
                throw FaceStickerError.badValue(path: path, key: key + ".head", reason: "\(problem)")
            }
            read.keptHead = shape
            if let outline = fields["outline"], outline != .null {
                guard let corners = Self.points(outline, size: 2), corners.count >= 3 else {
                    throw FaceStickerError.badValue(path: path, key: key + ".head", reason: "\(problem)")
                }
                read.outline = ConvexPolygon(corners: corners.map { Point(x: $0[0], y: $0[1]) })
            }
        }
        return TrackedFace(id: id, face: read, source: .detected)
    }

    /// `{"yaw": Y, "pitch": P}` in degrees within -90...90 (other keys ignored), or null.
    private static func pose(_ value: JSONValue?, path: String, key: String) throws -> HeadPose? {
        guard let value, value != .null else { return nil }
        guard case .object(let fields) = value, case .number(let yaw)? = fields["yaw"], case .number(let pitch)? = fields["pitch"],
              abs(yaw) <= 90, abs(pitch) <= 90 else {
            throw FaceStickerError.badValue(path: path, key: key, reason: "not {\"yaw\", \"pitch\"} in degrees (-90...90) or null")
        }
        return HeadPose(yaw: yaw, pitch: pitch)
    }

    /// A list of up to `maxPoints` points of `size` coordinates each, every one within 10^6; nil otherwise.
    private static func points(_ value: JSONValue, size: Int) -> [[Double]]? {
        guard case .array(let items) = value, items.count <= maxPoints else { return nil }
        var out: [[Double]] = []
        for item in items {
            guard let xs = numbers(item), xs.count == size, xs.allSatisfy({ abs($0) < 1e6 }) else { return nil }
            out.append(xs)
        }
        return out
    }

    /// The most points a head's outline may have (the mesh's convex hull has a few dozen).
    package static let maxPoints = 1_000

    /// A whole number below 10^12 (so exactly an Int), or nil.
    private static func whole(_ value: JSONValue?) -> Int? {
        guard case .number(let d)? = value, d == d.rounded(), abs(d) < 1e12 else { return nil }
        return Int(exactly: d)
    }

    private static func numbers(_ value: JSONValue?) -> [Double]? {
        guard case .array(let list)? = value else { return nil }
        let values = list.compactMap { item -> Double? in
            if case .number(let n) = item { return n }
            return nil
        }
        return values.count == list.count ? values : nil
    }

    // MARK: Checked against the video

    /// What is wrong when the file lists frames past the end of `video`, which has
    /// `frameCount` frames (the first of them, how many, the last); nil when none are.
    /// Frames are counted as the input's (`firstFrame` on from the file's numbers).
    package func pastTheEnd(of video: String, frameCount: Int) -> String? {
        var past: (first: Int, last: Int, count: Int)?
        for file in faces.keys where file + firstFrame >= frameCount {
            let index = file + firstFrame
            past = (min(past?.first ?? index, index), max(past?.last ?? index, index), (past?.count ?? 0) + 1)
        }
        guard let past else { return nil }
        let frames = frameCount > 0 ? "\(frameCount) frames (0 to \(frameCount - 1))" : "no frames"
        let more = past.count > 1 ? " and \(past.count - 1) more, up to frame \(past.last)," : ""
        let numbered = firstFrame > 0 ? " (counted from its firstFrame, \(firstFrame))" : ""
        return "frame \(past.first)\(more)\(numbered) is past the end of \(video), which has \(frames)"
    }

    /// Refuses, before any work, a run whose output starts at input frame `start`
    /// when the file begins later (written for a part that starts after it): the
    /// frames between would be drawn with no face.
    package func check(startingAt start: Int, video: String) throws {
        guard start < firstFrame else { return }
        throw FaceStickerError.unreadable(path: path, reason: "written for a part of \(video) from its frame \(firstFrame) "
            + "(\"firstFrame\"), but this run starts at frame \(start); give a part within the file's, "
            + "or detect again without \(setting: .tracksIn) (nothing was written)")
    }

    /// Refuses a file that lists frames past the end of `video` (a tracks file of another video, or of a longer cut).
    package func check(frameCount: Int, video: String) throws {
        guard let problem = pastTheEnd(of: video, frameCount: frameCount) else { return }
        throw FaceStickerError.unreadable(path: path, reason: problem + "; is it the tracks file of another video? (nothing was written)")
    }
}
