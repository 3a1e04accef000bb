@testable import FaceSticker
import Foundation
import Testing

/// Issue #20, section 5: between the detectors' searches a video's faces are
/// followed by their face mesh (`FaceMesher.followed`, `FaceFinder.VideoSession`),
/// as MediaPipe follows a face between detections.
@Suite(Fixtures.needsMesh) struct FaceFollowingTests {
    /// `image` moved by `dx`, `dy` pixels, on grey.
    static func shifted(_ image: RGBAImage, dx: Int, dy: Int) -> RGBAImage {
        var out = RGBAImage(width: image.width, height: image.height, fill: (128, 128, 128, 255))
        for y in max(0, dy)..<min(image.height, image.height + dy) {
            for x in max(0, dx)..<min(image.width, image.width + dx) {
                let to = (y * image.width + x) * 4, from = ((y - dy) * image.width + (x - dx)) * 4
                for c in 0..<4 { out.pixels[to + c] = image.pixels[from + c] }
            }
        }
        return out
    }

    /// The astronaut followed into a picture where she moved 14 px right and 9 down: the box
    /// moves with her (within 2 px) and keeps its size (within 5%), with a fresh mesh and pose;
    /// on a picture without her the face is lost (nil), so the detectors look again.
    @Test func aFollowedFaceMovesWithTheFace() throws {
        let image = try ImageFile.read(path: Fixtures.astronaut)
        let finder = try FaceFinder(settings: Fixtures.settings(.centerface))
        let face = try #require(try finder.detect(in: image).first)
        try #require(face.mesh != nil, "the astronaut is meshed")
        let mesher = try #require(finder.mesher)

        let moved = Self.shifted(image, dx: 14, dy: 9)
        let followed = try #require(try mesher.followed(face, in: moved))
        #expect(abs(followed.box.center.x - face.box.center.x - 14) <= 2, "\(followed.box) from \(face.box)")
        #expect(abs(followed.box.center.y - face.box.center.y - 9) <= 2, "\(followed.box) from \(face.box)")
        #expect(abs(followed.box.width / face.box.width - 1) <= 0.05, "\(followed.box) from \(face.box)")
        #expect(followed.pose != nil && followed.mesh?.count == 468)
        let eyes = try #require(followed.landmarks?.eyeCenter), before = try #require(face.landmarks?.eyeCenter)
        #expect(eyes.distance(to: Point(x: before.x + 14, y: before.y + 9)) <= 2, "eyes at \(eyes)")

        let empty = RGBAImage(width: image.width, height: image.height, fill: (128, 128, 128, 255))
        #expect(try mesher.followed(face, in: empty) == nil)
        var unmeshed = face
        unmeshed.mesh = nil
        #expect(try mesher.followed(unmeshed, in: moved) == nil, "a face without a mesh is not followed")
    }

    /// Two astronauts side by side, the right one's face hidden under grey for the first
    /// `comesIn` frames (a small patch: its coming in is no cut between shots), 25 fps
    /// (a detection every 3rd frame, 10 a second).
    static let comesIn = 40
    static func twoFaces(in dir: TemporaryDirectory) throws -> String {
        let clip = dir.path("two.mp4")
        try MediaTools.ffmpeg(["-loop", "1", "-framerate", "25", "-i", Fixtures.astronaut,
                               "-loop", "1", "-framerate", "25", "-i", Fixtures.astronaut, "-filter_complex",
                               "[1:v]drawbox=x=160:y=40:w=130:h=150:color=gray:t=fill:enable='lt(n,\(comesIn))'[r];[0:v][r]hstack",
                               "-frames:v", "90", "-pix_fmt", "yuv420p", "-c:v", "libx264", "-preset", "ultrafast", clip])
        return clip
    }

    /// The detection rounds and those followed by the mesh, from `--stats`.
    static func rounds(_ run: CLIRun) throws -> (all: Int, followed: Int) {
        let line = try #require(run.stderrLines.first { $0.hasPrefix("stats:") }, "\(run.stderr)")
        let words = line.split(separator: " ")
        let all = try #require(words.firstIndex(of: "rounds,").flatMap { Int(words[$0 - 1]) }, "\(line)")
        let followed = try #require(words.firstIndex(of: "followed").flatMap { Int(words[$0 - 1]) }, "\(line)")
        return (all, followed)
    }

    /// Stickers: most rounds follow the faces by their mesh, and a face that comes in while
    /// another is followed is found at the detectors' next search (`KeyRounds.searchEvery`
    /// rounds at most; the bound allows two more for the tracker's confirmation); the first
    /// face keeps its sticker throughout. Hiding faces follows none: every round runs the
    /// detectors.
    @Test func aFaceThatComesInIsFoundAtTheNextSearch() throws {
        let dir = try TemporaryDirectory()
        let clip = try Self.twoFaces(in: dir)
        let tracks = dir.path("tracks.json")
        let run = try CLIRun(["video", clip, "--sticker", Fixtures.sunglasses, "--preset", "ultrafast", "--stats",
                              "--tracks", tracks, "-o", dir.path("out.mp4")])
        #expect(run.status == 0, "\(run.stderr)")
        let (all, followed) = try Self.rounds(run)
        #expect(all == 30 && followed >= all / 2, "\(followed) of \(all) rounds followed")

        let every = 3
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: tracks))) as? [String: Any]
        let frames = try #require(root?["frames"] as? [[String: Any]])
        try #require(frames.count == 90)
        // Each face's box's left edge.
        func faces(_ frame: [String: Any]) -> [Double] {
            (frame["faces"] as? [[String: Any]] ?? []).compactMap { ($0["box"] as? [Double])?.first }
        }
        let left = frames.filter { faces($0).contains { $0 < 512 } }.count
        #expect(left >= 90 - 2 * every, "the left face in \(left) of 90 frames")
        let firstRight = frames.firstIndex { faces($0).contains { $0 >= 512 } }
        let latest = Self.comesIn + (KeyRounds.searchEvery + 2) * every
        #expect((firstRight ?? .max) <= latest, "the right face from frame \(firstRight.map(String.init) ?? "none"), by \(latest)")

        let blurred = try CLIRun(["video", clip, "--sticker", "blur", "--preset", "ultrafast", "--stats",
                                  "-o", dir.path("blurred.mp4")])
        #expect(blurred.status == 0, "\(blurred.stderr)")
        let hidden = try Self.rounds(blurred)
        #expect(hidden.all == 18 && hidden.followed == 0, "hiding faces follows none by the mesh (and detects every 5th frame at 25 fps): \(hidden)")
    }
}
