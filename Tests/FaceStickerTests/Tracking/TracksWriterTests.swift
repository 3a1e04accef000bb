@testable import FaceSticker
import Foundation
import Testing

/// The `--tracks` file's text.
@Suite struct TracksWriterTests {
    @Test func aFrameIsOneLineWithTheDocumentedKeys() {
        let face = Face(box: Rect(x: 10, y: 20.5, width: 30, height: 40), score: 0.98765,
                        landmarks: Landmarks(points: (0..<5).map { Point(x: Double($0), y: 1.005) }),
                        pose: HeadPose(yaw: 12.34, pitch: -5))
        let placement = Sticker.Placement(center: Point(x: 25, y: 30), size: Size(width: 60, height: 20.25), angle: -3.5)
        let label = Sticker.LayerLabel(sticker: "sunglasses", layer: Sticker.Layer(art: StickerArt(RGBAImage(width: 1, height: 1,
                                       fill: (0, 0, 0, 0))), fit: Sticker.Fit(anchor: .eyes, measure: .eyeDistance, size: 2)))
        let painted = PaintedFace(tracked: TrackedFace(id: 2, face: face, source: .detected), placements: [placement],
                                  labels: [label])
        #expect(TracksWriter.line(index: 7, time: 0.2335, faces: [painted]) ==
            "{\"index\": 7, \"time\": 0.2335, \"faces\": [{\"id\": 2, \"box\": [10, 20.5, 30, 40], \"score\": 0.9877, "
            + "\"landmarks\": [[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]], \"pose\": {\"yaw\": 12.3, \"pitch\": -5, \"roll\": 0}, \"head\": null, "
            + "\"sticker\": {\"center\": [25, 30], \"size\": [60, 20.25], \"angle\": -3.5, \"skew\": 0}, "
            + "\"layers\": [{\"sticker\": \"sunglasses\", \"anchor\": \"eyes\", \"center\": [25, 30], \"size\": [60, 20.25], "
            + "\"angle\": -3.5, \"skew\": 0}], \"source\": \"detected\"}]}")
        let bare = PaintedFace(tracked: TrackedFace(id: 0, face: Face(box: face.box, score: 1), source: .held), placements: [])
        #expect(TracksWriter.line(index: 0, time: 0, faces: [bare]).contains("\"landmarks\": null, \"pose\": null, \"head\": null, \"sticker\": null, \"layers\": [], \"source\": \"held\"}"))
    }

    /// Issue #40 (8): a face's pose, head points and outline go into the file and come back
    /// from it (`--tracks-in`) within its rounding; a head that is not nine points is named.
    @Test func theHeadGoesThereAndBack() throws {
        var face = Face(box: Rect(x: 10, y: 20, width: 30, height: 40), score: 0.9,
                        landmarks: Landmarks(points: (0..<5).map { Point(x: Double($0) + 10, y: 30) }),
                        pose: HeadPose(yaw: 41.25, pitch: -5))
        face.keptHead = HeadShape(points: (0..<9).map { Point3(x: Double($0) + 0.123, y: 2 * Double($0), z: -Double($0)) })
        face.outline = ConvexPolygon(corners: [Point(x: 10, y: 20), Point(x: 40, y: 20), Point(x: 25, y: 60)])
        let painted = PaintedFace(tracked: TrackedFace(id: 1, face: face, source: .detected), placements: [])
        let text = "{\"frames\": [" + TracksWriter.line(index: 0, time: 0, faces: [painted]) + "]}"
        let read = try #require(try TracksFile.decode(Data(text.utf8), path: "t.json").faces[0]?.first?.face)
        let head = try #require(read.keptHead)
        for (a, b) in zip(head.points, try #require(face.keptHead).points) {
            #expect(abs(a.x - b.x) < 0.006 && abs(a.y - b.y) < 0.006 && abs(a.z - b.z) < 0.006)
        }
        #expect(read.outline?.corners.count == 3)
        #expect(abs((read.pose?.yaw ?? 0) - 41.3) < 1e-9 && read.pose?.pitch == -5)
        for bad in ["{\"points\": [[1, 2, 3]]}", "{\"points\": null}", "[1]", "{\"points\": [[1, 2, 3]], \"outline\": [[1, 2]]}"] {
            let edited = text.replacing(#/"head": \{.*?\]\]\}/#, with: "\"head\": " + bad)
            #expect(throws: FaceStickerError.self, "\(bad)") { try TracksFile.decode(Data(edited.utf8), path: "t.json") }
        }
    }

    @Test func theFileIsValidJSONWithOneEntryPerFrame() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path("tracks.json")
        let writer = try TracksWriter(path: path)
        for i in 0..<3000 { try writer.add(index: i, time: Double(i) / 25, faces: []) }
        try writer.finish()
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        let frames = try #require(root?["frames"] as? [[String: Any]])
        #expect(frames.count == 3000)
        #expect(frames.last?["index"] as? Int == 2999)
        #expect(frames.last?["time"] as? Double == 119.96)
    }

    @Test func anEmptyVideoGivesAnEmptyList() throws {
        let dir = try TemporaryDirectory()
        let writer = try TracksWriter(path: dir.path("t.json"))
        try writer.finish()
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir.path("t.json"))))
        #expect((root as? [String: Any])?["frames"] as? [Any] != nil)
    }
}
