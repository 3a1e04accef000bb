import FaceStickerCore
import FaceStickerNative
/// Runs face finding on video frames at the detection size. Each frame
/// goes from its YUV planes straight to an RGBA copy of exactly the size the
/// detector wants (`FaceFinder.inputSize`), so nothing is left to resize, and
/// shrinking while converting only converts the pixels the detector will see.
/// The copy goes to Detection's video session (`FaceFinder.VideoSession`, the
/// policy: trust list, way up, searches); faces come back in the frame's
/// pixels. One per thread: the detectors are not thread-safe.
package final class FrameDetector {
    private let session: FaceFinder.VideoSession
    private let matrix: YUVMatrix
    private let resampler: AreaResampler

    /// `settings.inputSize` is the longest side the detector should see for frames of `width` x `height`;
    /// `keys` is shared by a video's detector threads; `follow`: whether faces are
    /// followed by their mesh between searches (`FaceFinder.VideoSession`).
    package init(settings: DetectorSettings, width: Int, height: Int, matrix: YUVMatrix,
         keys: KeyRounds = KeyRounds(), follow: Bool) throws {
        self.matrix = matrix
        let target = AreaResampler.targetSize(width: width, height: height, longestSide: settings.inputSize)
        resampler = AreaResampler(sourceWidth: width, sourceHeight: height, width: target.width, height: target.height)
        session = try FaceFinder.VideoSession(settings: settings, keys: keys, follow: follow)
    }

    /// The rounds so far whose faces were all followed by their mesh, with no detector run.
    package var followedRounds: Int { session.followedRounds }

    /// The faces in `frame`; `round` is the detection's place in the video's
    /// rhythm (0, 1, 2, ... in frame order; nil off the rhythm), which decides
    /// which faces the verifier is asked about and which way is up (`KeyRounds`);
    /// `shot`: which shot of the video the frame is in (0 for a live source).
    package func detect(in frame: YUVFrame, round: Int?, shot: Int = 0) throws -> [Face] {
        let small = resampler.rgba(frame, matrix: matrix)
        // Per axis: rounding each side to whole pixels leaves the two ratios slightly different.
        let sx = Double(frame.width) / Double(max(1, small.width)), sy = Double(frame.height) / Double(max(1, small.height))
        return try session.faces(inCopy: small, round: round, shot: shot, scaleX: sx, scaleY: sy)
    }
}

/// Follows faces from frame to frame between detections (live): each face, from
/// a frame a moment ago, is followed into the newest frame as the video path's
/// detection follows a face between its searches (`FaceFinder.followed`: by its
/// mesh, cropped where it was, else where the verifier finds it again). Only the
/// picture around each face is converted to RGBA, so following costs the
/// networks and not the frame's size. One per thread: the networks are not
/// thread-safe.
package final class FrameFollower {
    private let finder: FaceFinder
    private let matrix: YUVMatrix

    /// Nil when neither the face mesh nor a verifier is there to follow faces with.
    package init?(settings: DetectorSettings, matrix: YUVMatrix) throws {
        finder = try FaceFinder(settings: settings)
        guard finder.mesher != nil || finder.verifier != nil else { return nil }
        self.matrix = matrix
    }

    /// How much of the picture around a face is converted, in its box's longer sides: the
    /// mesh's crop (`FaceMesher.cropScale`) turned by any roll, and the verifier's.
    package static let regionScale = 2.5

    /// `faces` (in `frame`'s pixels as they were a moment ago) followed into `frame`; nil
    /// for one that was lost.
    package func follow(_ faces: [Face], in frame: YUVFrame) throws -> [Face?] {
        try faces.map { face in
            let side = max(face.box.width, face.box.height) * Self.regionScale
            let c = face.box.center
            guard side.isFinite, side >= 4, c.x.isFinite, c.y.isFinite else { return nil }
            let size = Int(min(side, 1e6).rounded(.up))
            let window = frame.window(x: Int(max(-1e6, min(1e6, c.x - side / 2)).rounded(.down)),
                                      y: Int(max(-1e6, min(1e6, c.y - side / 2)).rounded(.down)), width: size, height: size)
            guard window.width >= 4, window.height >= 4 else { return nil }
            let region = YUVConversion.rgba(frame.cropped(x: window.x, y: window.y, width: window.width, height: window.height),
                                            matrix: matrix)
            let origin = Point(x: Double(window.x), y: Double(window.y))
            guard let (found, byMesh) = try finder.followed(face.moved(by: Point(x: -origin.x, y: -origin.y)), in: region) else {
                return nil
            }
            var next = found.moved(by: origin)
            // A box the mesh moved keeps its size: only a detection (or the verifier) rescales
            // it. The mesh, cropped a little large or small, fits a little large or small too
            // (on a drawn face by several per cent a frame), which scaling the next crop by
            // would compound frame after frame.
            if byMesh {
                let c = next.box.center, (w, h) = (face.box.width, face.box.height)
                next.box = Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h)
            }
            return next
        }
    }
}

/// Carries faces from frame to frame by the picture's own motion (sparse optical flow on
/// the luma plane, `OpenCV.flowShift`): no network and no colour conversion (in the
/// emulated guest it follows about ten frames to the mesh's one), so on a machine too slow
/// to mesh every frame each face still moves with the head between the mesh's answers,
/// which then correct it. It keeps the last few frames it was shown, by
/// their number, so that a face placed on any of them can be carried on. One per thread.
package struct FrameFlow {
    private var recent: [(tick: Int, frame: YUVFrame)] = []
    private let capacity: Int

    /// For frames of `width` x `height`: as many kept as fit in 48 MB, 4 to 64.
    package init(width: Int, height: Int) {
        let bytes = max(1, YUVFrame.byteCount(width: max(1, width), height: max(1, height)))
        capacity = max(4, min(64, 48_000_000 / bytes))
    }

    /// The frame numbered `tick` may carry faces on (the oldest kept is forgotten).
    package mutating func remember(_ frame: YUVFrame, tick: Int) {
        recent.removeAll { $0.tick >= tick }
        recent.append((tick, frame))
        if recent.count > capacity { recent.removeFirst(recent.count - capacity) }
    }

    /// Whether the frame numbered `tick` is kept.
    package func remembers(_ tick: Int) -> Bool { recent.contains { $0.tick == tick } }

    /// How far the picture under each face moved from the remembered frame it was placed in
    /// (`tick`) to `frame`; nil where the motion was lost (too few corners agree) or the
    /// frame is no longer kept. Only the middle of the face's box is looked at (not the
    /// background around it), within a window about it (`windowScale`).
    package func shifts(_ faces: [(face: Face, tick: Int)], into frame: YUVFrame) throws -> [Point?] {
        try faces.map { face, tick -> Point? in
            guard let previous = recent.last(where: { $0.tick == tick })?.frame,
                  previous.width == frame.width, previous.height == frame.height else { return nil }
            let box = face.box, c = box.center
            guard box.width.isFinite, box.height.isFinite, c.x.isFinite, c.y.isFinite, box.width >= 8, box.height >= 8,
                  box.width < 1e6, box.height < 1e6 else { return nil }
            let inner = Rect(x: c.x - box.width * Self.inner / 2, y: c.y - box.height * Self.inner / 2,
                             width: box.width * Self.inner, height: box.height * Self.inner)
            let side = Int((max(box.width, box.height) * Self.windowScale).rounded(.up))
            let window = frame.window(x: Int(max(-1e6, min(1e6, c.x)).rounded(.down)) - side / 2,
                                      y: Int(max(-1e6, min(1e6, c.y)).rounded(.down)) - side / 2, width: side, height: side)
            let shift = try OpenCV.flowShift(from: previous, to: frame, window: window, box: inner)
            return shift.points > 0 ? Point(x: shift.dx, y: shift.dy) : nil
        }
    }

    /// The share of a face's box (each side, about its middle) whose picture is followed.
    package static let inner = 0.7
    /// The window the flow looks in, in the box's longer sides about its middle: room for the
    /// inner picture to move a fifth of the box between two frames the flow sees (its pyramid
    /// follows larger motions inside it). The cost grows with the window's area.
    package static let windowScale = 1.5
}
