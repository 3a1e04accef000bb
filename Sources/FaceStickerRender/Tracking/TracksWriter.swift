import Foundation
import Synchronization
import FaceStickerCore
import FaceStickerVision

/// Writes the `--tracks` JSON file as the frames go by, one frame per line:
/// `{"firstFrame": N, "frames": [{"index", "time", "faces": [{"id", "box", "score", "landmarks", "pose", "head", "sticker", "layers", "source"}]}]}`,
/// in output-frame pixels. `sticker` is the first layer's placement (null without stickers), `layers`
/// every layer's, with its sticker and anchor (`Sticker.Placement.json`);
/// `source` how the face's position was known (`TrackedFace.Source`: detected, interpolated, held).
package final class TracksWriter: Sendable {
    private let handle: FileHandle
    private let path: String
    /// Frames added, and JSON not yet written (used by the track stage alone).
    private let pending: Mutex<(count: Int, buffer: String)>

    /// Creates (truncates) `path`: a temporary path, renamed by the caller.
    /// `firstFrame`: the input frame the output's first is (a part's start), written
    /// as `"firstFrame"` so the file can draw a part of the whole (`TracksFile`).
    package init(path: String, firstFrame: Int = 0) throws {
        self.path = path
        pending = Mutex((0, "{\"firstFrame\": \(firstFrame), \"frames\": [\n"))
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw FaceStickerError.output(path: path, reason: "cannot create the tracks file: \(SystemReason.of(errno: errno))")
        }
        handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
    }

    package func add(index: Int, time: Double, faces: [PaintedFace]) throws {
        let full = pending.withLock { pending in
            if pending.count > 0 { pending.buffer += ",\n" }
            pending.count += 1
            pending.buffer += Self.line(index: index, time: time, faces: faces)
            return pending.buffer.utf8.count > 1 << 16
        }
        if full { try flush() }
    }

    /// Ends the JSON and closes the file.
    package func finish() throws {
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
    package static func line(index: Int, time: Double, faces: [PaintedFace]) -> String {
        func pair(_ p: Point) -> JSONOutput { .numbers([p.x, p.y], digits: 2) }
        let objects = faces.map { painted -> JSONOutput in
            let face = painted.tracked.face, b = face.box
            let sticker = JSONOutput.optional(painted.placements.first) {
                .object([("center", pair($0.center)), ("size", .numbers([$0.size.width, $0.size.height], digits: 2)),
                         ("angle", .number($0.angle, digits: 2)), ("skew", .number($0.skew, digits: 2))])
            }
            return .object([("id", .int(painted.tracked.id)), ("box", .numbers([b.x, b.y, b.width, b.height], digits: 2)),
                            ("score", .number(face.score, digits: 4)),
                            ("landmarks", .optional(face.landmarks) { .array($0.points.map(pair)) }),
                            ("pose", DetectionReport.json(pose: face.pose, landmarks: face.landmarks)),
                            ("head", Self.json(head: face.head, outline: face.outline)),
                            ("sticker", sticker),
                            ("layers", .array(zip(painted.labels, painted.placements).map { $1.json($0, digits: 2) })),
                            ("source", .string(painted.tracked.source.rawValue))])
        }
        return JSONOutput.object([("index", .int(index)), ("time", .number(time, digits: 6)),
                                  ("faces", .array(objects))]).text
    }

    /// What a redraw needs of the face mesh (`HeadShape`): `{"points": [[x, y, z] x 9], "outline": [[x, y]...]}`,
    /// or null for a face without a mesh.
    package static func json(head: HeadShape?, outline: ConvexPolygon?) -> JSONOutput {
        .optional(head) { head in
            .object([("points", .array(head.points.map { .numbers([$0.x, $0.y, $0.z], digits: 2) })),
                     ("outline", .optional(outline) { .array($0.corners.map { .numbers([$0.x, $0.y], digits: 2) }) })])
        }
    }
}

extension Sticker.Placement {
    /// One layer as the JSON outputs give it (`photo --json`'s placements, the tracks file's
    /// layers): its sticker and anchor, the art's centre and size, its angle and skew.
    package func json(_ label: Sticker.LayerLabel, digits: Int) -> JSONOutput {
        .object([("sticker", .string(label.sticker)), ("anchor", .string(label.anchor.rawValue)),
                 ("center", .numbers([center.x, center.y], digits: digits)),
                 ("size", .numbers([size.width, size.height], digits: digits)),
                 ("angle", .number(angle, digits: digits)), ("skew", .number(skew, digits: digits))])
    }
}
