import FaceSticker
import Foundation
import Testing

/// `facesticker video` with an effect hides a face in every frame it is found in, from the
/// first: the output's pixels under each detected box (the tracks file's `"source":
/// "detected"` entries) are the solid colour. A sticker still waits for two sightings.
@Suite(Fixtures.needsYuNet) struct RecallVideoCommandTests {
    /// A face seen by the tracker in one output frame, as the tracks file lists it.
    struct Listed {
        let id: Int
        let box: Rect
        let source: String
    }

    /// Each output frame's faces, by frame index.
    static func tracks(_ path: String) throws -> [[Listed]] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let frames = try #require(root["frames"] as? [[String: Any]])
        return try frames.map { frame in
            try #require(frame["faces"] as? [[String: Any]]).map { face in
                let b = (face["box"] as? [Double]) ?? [0, 0, 0, 0]
                return Listed(id: face["id"] as? Int ?? -1, box: Rect(x: b[0], y: b[1], width: b[2], height: b[3]),
                              source: face["source"] as? String ?? "")
            }
        }
    }

    /// The share of `box`'s pixels (inset by one, clipped to the frame) that are magenta.
    static func covered(_ box: Rect, in frame: RGBAImage) -> Double {
        let x0 = max(0, Int(box.x.rounded(.up)) + 1), y0 = max(0, Int(box.y.rounded(.up)) + 1)
        let x1 = min(frame.width, Int((box.x + box.width).rounded(.down)) - 1)
        let y1 = min(frame.height, Int((box.y + box.height).rounded(.down)) - 1)
        guard x1 > x0, y1 > y0 else { return 0 }
        var magenta = 0
        for y in y0..<y1 {
            for x in x0..<x1 {
                let p = frame[x, y]
                if p.0 > 200 && p.1 < 70 && p.2 > 200 { magenta += 1 }
            }
        }
        return Double(magenta) / Double((x1 - x0) * (y1 - y0))
    }

    /// Runs `video` with `sticker` on `input`; returns the output path and its tracks.
    static func run(_ input: String, sticker: String, in dir: TemporaryDirectory, name: String) throws -> (String, [[Listed]]) {
        let output = dir.path(name + ".mp4"), tracks = dir.path(name + ".json")
        let run = try CLIRun(["video", input, "--sticker", sticker, "--preset", "ultrafast", "--crf", "10", "--no-audio",
                              "--tracks", tracks, "-o", output])
        #expect(run.status == 0, "\(run.stderr)")
        return (output, try Self.tracks(tracks))
    }

    /// Every box the detector found is under the solid colour in its own frame; returns how many were checked.
    @discardableResult
    static func expectEveryDetectedFaceHidden(_ output: String, _ faces: [[Listed]]) throws -> Int {
        var checked = 0
        try VideoFrames.forEach(output) { index, frame in
            for face in faces[index] where face.source == "detected" {
                let share = Self.covered(face.box, in: frame)
                #expect(share == 1, "frame \(index): \(Int(share * 100))% of the face found at \(face.box) hidden")
                checked += 1
            }
        }
        return checked
    }

    /// carphone.mp4 (4 s, detected every 6th frame): every detection, from the first, is hidden.
    @Test func everyFaceFoundInCarphoneIsHidden() throws {
        let dir = try TemporaryDirectory()
        let (output, faces) = try Self.run(Fixtures.carphone, sticker: "solid:#ff00ff", in: dir, name: "solid")
        #expect(faces.count == 120)
        let first = try #require(faces.firstIndex { $0.contains { $0.source == "detected" } })
        #expect(faces.prefix(first).joined().allSatisfy { $0.source == "held" }, "before it, at most its lead-in")
        #expect(try Self.expectEveryDetectedFaceHidden(output, faces) >= 20)
    }

    /// 10 black frames, carphone's first 2 frames, 10 black, then its first 30: cuts at
    /// frames 10, 12 and 22, each detected at once. The face seen only in frames 10 and 11 is
    /// hidden in both, as is the face from frame 22 on (a new track, from its cut); with a
    /// sticker, the face seen once never shows, and the same picture at frame 22 does.
    @Test func aFaceSeenOnceIsHiddenAndAStickerWaitsForTwoSightings() throws {
        let dir = try TemporaryDirectory()
        let clip = dir.path("flash.mp4")
        // Lossless, so frames 10 and 22 have the same pixels (carphone's frame 0).
        try MediaTools.ffmpeg(["-i", Fixtures.carphone, "-filter_complex",
            "[0:v]setsar=1,split=2[a][b];[a]trim=end_frame=2,setpts=PTS-STARTPTS[flash];"
            + "[b]trim=end_frame=30,setpts=PTS-STARTPTS[face];"
            + "color=c=black:s=176x144:r=30000/1001,format=yuv420p,setsar=1,trim=end_frame=10,split=2[b1][b2];"
            + "[b1][flash][b2][face]concat=n=4:v=1:a=0[v]",
            "-map", "[v]", "-c:v", "libx264", "-preset", "ultrafast", "-qp", "0", clip])

        let (output, faces) = try Self.run(clip, sticker: "solid:#ff00ff", in: dir, name: "solid")
        #expect(faces.count == 52)
        #expect(faces[10].map(\.source) == ["detected"], "found in its first frame")
        #expect(faces[11].map(\.source) == ["held"])
        #expect(faces[0..<10].allSatisfy { $0.isEmpty } && faces[12..<22].allSatisfy { $0.isEmpty },
                "nothing shown across the cuts")
        #expect(faces[22].map(\.source) == ["detected"] && faces[22].first?.id != faces[10].first?.id)
        try Self.expectEveryDetectedFaceHidden(output, faces)
        try VideoFrames.forEach(output) { index, frame in
            guard index == 11, let held = faces[11].first else { return }
            #expect(Self.covered(held.box, in: frame) == 1, "the held face is hidden too")
        }

        let (_, stickered) = try Self.run(clip, sticker: "sunglasses", in: dir, name: "sunglasses")
        #expect(stickered[0..<22].allSatisfy { $0.isEmpty }, "one sighting gets no sticker")
        #expect(stickered[22].first?.id == 0, "the same picture, seen twice, does")
    }
}
