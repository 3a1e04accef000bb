import Synchronization

/// Runs face finding on video frames at the detection size. Each frame
/// goes from its YUV planes straight to an RGBA copy of exactly the size the
/// detector wants (`FaceFinder.inputSize`), so nothing is left to resize, and
/// shrinking while converting only converts the pixels the detector will see.
/// Faces come back in the frame's pixels. One per thread: the detectors are not thread-safe.
final class FrameDetector {
    private let finder: FaceFinder
    private let matrix: YUVMatrix
    private let resampler: AreaResampler

    /// `settings.inputSize` is the longest side the detector should see for frames of `width` x `height`.
    init(settings: DetectorSettings, width: Int, height: Int, matrix: YUVMatrix,
         wayUp: WayUp = WayUp()) throws {
        self.matrix = matrix
        self.wayUp = wayUp
        let target = AreaResampler.targetSize(width: width, height: height, longestSide: settings.inputSize)
        resampler = AreaResampler(sourceWidth: width, sourceHeight: height, width: target.width, height: target.height)
        finder = try FaceFinder(settings: settings)
    }

    /// Faces this thread's verifier confirmed in its previous detection, in the copy's pixels.
    private var trusted: [Rect] = []
    private var rounds = 0
    /// Every this many detections, every face is verified afresh.
    static let reverifyEvery = 8
    /// The way up of the picture, shared by a video's detector threads (a phone
    /// video whose rotation flag was lost is sideways throughout), and how many
    /// of this thread's detections in a row found no face that way.
    private let wayUp: WayUp
    private var misses = 0
    /// Detections in a row without a face before the other orientations are searched:
    /// one dropout must not send a face to another orientation.
    static let missesBeforeSearch = 3

    func detect(in frame: YUVFrame) throws -> [Face] {
        let small = resampler.rgba(frame, matrix: matrix)
        guard small.width > 0, small.height > 0 else { return [] }
        // A face the verifier confirmed a moment ago, still in the same place, is the same
        // face: confirming it once a round would double the detection cost of a video.
        rounds += 1
        let trust = rounds % Self.reverifyEvery == 0 ? [] : trusted
        var found: [Face]
        if finder.settings.rotations == .none {
            found = try finder.find(inCopy: small, trusted: trust, order: [.zero])
        } else {
            // The orientation faces were last found in, alone (faces standing upright in it).
            let facing = wayUp.turn
            found = try finder.find(inCopy: small, trusted: trust, order: [facing], rotations: .all)
            misses = found.isEmpty ? misses + 1 : 0
            // Every orientation is tried at the start, after a few empty detections (not after
            // one dropout), and when the few faces found are unsure; the one whose best face
            // scores clearly higher becomes the way up.
            let unsure = FaceFinder.needsTurnedPasses(found, found: found.count, unsure: true) && !found.isEmpty
            if rounds == 1 || misses >= Self.missesBeforeSearch || unsure {
                var results: [QuarterTurn: [Face]] = [:], votes: [QuarterTurn: Double] = [:]
                for turn in FaceFinder.searchOrder {
                    (results[turn], votes[turn]) = try finder.search(inCopy: small, turn: turn)
                }
                let chosen = wayUp.vote(votes)
                if chosen != facing {
                    found = results[chosen] ?? []
                    misses = 0
                }
            }
        }
        trusted = found.map(\.box)
        // Per axis: rounding each side to whole pixels leaves the two ratios slightly different.
        let sx = Double(frame.width) / Double(small.width), sy = Double(frame.height) / Double(small.height)
        return found.map { $0.scaled(x: sx, y: sy) }.filter(finder.minSizeAllows)
    }
}

/// Which way is up in a video's pictures, as its detector threads found it.
///
/// Each search of the four orientations votes with a score per orientation
/// (see `FaceFinder.search`); votes add up, older ones fading. The way up
/// stays as long as a face is found that way: detectors score a small face
/// upside down almost as high as upright, so a lead in votes alone must not
/// turn every sticker over. Only after `emptySearchesToSwitch` searches in a
/// row found nothing that way does the orientation with the most votes take over.
final class WayUp: Sendable {
    private struct State {
        var turn = QuarterTurn.zero
        var totals: [QuarterTurn: Double] = [:]
        var emptySearches = 0
    }

    private let state = Mutex(State())
    static let fading = 0.7
    static let emptySearchesToSwitch = 2

    init() {}

    var turn: QuarterTurn { state.withLock { $0.turn } }

    /// Adds one search's votes; returns the way up after it.
    func vote(_ scores: [QuarterTurn: Double]) -> QuarterTurn {
        state.withLock { s in
            for turn in QuarterTurn.allCases { s.totals[turn] = (s.totals[turn] ?? 0) * Self.fading + (scores[turn] ?? 0) }
            guard (scores[s.turn] ?? 0) <= 0 else {
                s.emptySearches = 0
                return s.turn
            }
            s.emptySearches += 1
            let found = s.totals.filter { (scores[$0.key] ?? 0) > 0 }
            if s.emptySearches >= Self.emptySearchesToSwitch, let best = found.max(by: { $0.value < $1.value }) {
                s.turn = best.key
                s.emptySearches = 0
            }
            return s.turn
        }
    }
}
