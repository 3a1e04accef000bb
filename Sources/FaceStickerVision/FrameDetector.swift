import FaceStickerCore
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
