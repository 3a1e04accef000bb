import Foundation
import Synchronization

/// Writes the `--tracks` JSON file as the frames go by, one frame per line:
/// `{"frames": [{"index", "time", "faces": [{"id", "box", "score", "landmarks", "pose", "sticker", "source"}]}]}`,
/// in output-frame pixels. `sticker` is the first layer's placement (null without stickers);
/// `source` how the face's position was known (`TrackedFace.Source`: detected, interpolated, held).
final class TracksWriter: Sendable {
    private let handle: FileHandle
    private let path: String
    /// Frames added, and JSON not yet written (used by the track stage alone).
    private let pending = Mutex<(count: Int, buffer: String)>((0, "{\"frames\": [\n"))

    /// Creates (truncates) `path`: a temporary path, renamed by the caller.
    init(path: String) throws {
        self.path = path
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw FaceStickerError.output(path: path, reason: "cannot create the tracks file: \(SystemReason.of(errno: errno))")
        }
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    func add(index: Int, time: Double, faces: [PaintedFace]) throws {
        let full = pending.withLock { pending in
            if pending.count > 0 { pending.buffer += ",\n" }
            pending.count += 1
            pending.buffer += Self.line(index: index, time: time, faces: faces)
            return pending.buffer.utf8.count > 1 << 16
        }
        if full { try flush() }
    }

    /// Ends the JSON and closes the file.
    func finish() throws {
        pending.withLock { $0.buffer += "\n]}\n" }
        try flush()
        do {
            try handle.close()
        } catch {
            throw FaceStickerError.output(path: path, reason: SystemReason.of(error))
        }
    }

    private func flush() throws {
        let text = pending.withLock { pending in
            defer { pending.buffer = "" }
            return pending.buffer
        }
        do {
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw FaceStickerError.output(path: path, reason: SystemReason.of(error))
        }
    }

    /// One frame's JSON object.
    static func line(index: Int, time: Double, faces: [PaintedFace]) -> String {
        func n(_ value: Double) -> String { JSONText.number(value, digits: 2) }
        func pair(_ p: Point) -> String { "[\(n(p.x)), \(n(p.y))]" }
        let objects = faces.map { painted -> String in
            let face = painted.tracked.face, b = face.box
            let landmarks = face.landmarks.map { "[" + $0.points.map(pair).joined(separator: ", ") + "]" } ?? "null"
            let sticker = painted.placements.first.map {
                "{\"center\": \(pair($0.center)), \"size\": [\(n($0.size.width)), \(n($0.size.height))], "
                    + "\"angle\": \(n($0.angle)), \"skew\": \(n($0.skew))}"
            } ?? "null"
            return "{\"id\": \(painted.tracked.id), \"box\": [\(n(b.x)), \(n(b.y)), \(n(b.width)), \(n(b.height))], "
                + "\"score\": \(JSONText.number(face.score, digits: 4)), \"landmarks\": \(landmarks), "
                + "\"pose\": \(DetectionReport.json(pose: face.pose, landmarks: face.landmarks)), "
                + "\"sticker\": \(sticker), \"source\": \"\(painted.tracked.source.rawValue)\"}"
        }
        return "{\"index\": \(index), \"time\": \(JSONText.number(time, digits: 6)), \"faces\": [\(objects.joined(separator: ", "))]}"
    }
}
