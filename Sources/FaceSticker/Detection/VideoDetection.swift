import Synchronization

extension FaceFinder {
    /// The video path's detection policy, one home for it: a `FaceFinder` run on
    /// copies of a video's frames already made at the detector's size, with the
    /// trust list (`VerifiedFaces`: a face the verifier confirmed a moment ago,
    /// in the same place, is not verified again), the way up (`WayUp`: votes of
    /// searches over the four orientations) and when to search them. A video's
    /// detector threads share one `WayUp` and one `VerifiedFaces`; each has its
    /// own session (detectors are not thread-safe).
    final class VideoSession {
        private let finder: FaceFinder
        /// Faces the verifier confirmed lately, shared by a video's detector threads.
        private let verified: VerifiedFaces
        private var rounds = 0
        /// The way up of the picture, shared by a video's detector threads (a phone
        /// video whose rotation flag was lost is sideways throughout), and how many
        /// of this thread's detections in a row found no face that way.
        private let wayUp: WayUp
        private var misses = 0
        private var patience = VideoSession.missesBeforeSearch
        /// Detections in a row without a face before the other orientations are searched:
        /// one dropout must not send a face to another orientation.
        static let missesBeforeSearch = 4
        static let maxPatience = 24

        /// Loads the detector `settings` name.
        init(settings: DetectorSettings, wayUp: WayUp = WayUp(), verified: VerifiedFaces = VerifiedFaces()) throws {
            finder = try FaceFinder(settings: settings)
            self.wayUp = wayUp
            self.verified = verified
        }

        /// The faces in `small`, a frame's copy at the detector's size, scaled by `sx`, `sy`
        /// to the frame's pixels; those narrower than `minSize` (in the frame) dropped.
        func faces(inCopy small: RGBAImage, scaleX sx: Double, scaleY sy: Double) throws -> [Face] {
            guard small.width > 0, small.height > 0 else { return [] }
            // A face the verifier confirmed a moment ago, still in the same place, is the same
            // face: confirming it once a round would double the detection cost of a video.
            rounds += 1
            let trust = verified.trusted()
            var found: [Face]
            if finder.settings.rotations == .none {
                found = try finder.find(inCopy: small, trusted: trust, order: [.zero])
            } else {
                // The orientation faces were last found in, alone (faces standing upright in it).
                let facing = wayUp.turn
                found = try finder.find(inCopy: small, trusted: trust, order: [facing], rotations: .all)
                misses = found.isEmpty ? misses + 1 : 0
                if !found.isEmpty { patience = Self.missesBeforeSearch }
                // Every orientation is tried at the start (and at every detection while faces are
                // seen only in other orientations) and after a few detections in a row
                // without a face (not after one dropout); `WayUp` decides from the votes. A search
                // that finds no face anywhere doubles the wait before the next one (up to
                // `maxPatience`): a shot without faces must not cost four passes a detection.
                if rounds == 1 || misses >= patience || wayUp.seeksFaces {
                    misses = 0
                    var results: [QuarterTurn: [Face]] = [:], votes: [QuarterTurn: Double] = [:]
                    for turn in FaceFinder.searchOrder {
                        (results[turn], votes[turn]) = try search(small, turn: turn, trusted: trust,
                                                                  known: turn == facing ? found : nil)
                    }
                    if results.values.allSatisfy(\.isEmpty) { patience = min(2 * patience, Self.maxPatience) }
                    let chosen = wayUp.vote(votes)
                    if chosen != facing { found = results[chosen] ?? [] }
                }
            }
            verified.record(found.map(\.box), trusted: trust)
            return found.map { $0.scaled(x: sx, y: sy) }.filter(finder.minSizeAllows)
        }

        /// The faces standing upright in the copy turned by `turn` (in the copy's
        /// pixels), and how sure the search is that this is the way up: its best
        /// face's score plus the verifier's score of it (detectors score some faces
        /// upside down almost as high as upright; two networks rarely agree on it).
        /// `known`: the faces already found that way (not searched again).
        private func search(_ image: RGBAImage, turn: QuarterTurn, trusted: [Rect],
                            known: [Face]?) throws -> (faces: [Face], vote: Double) {
            let faces = try known ?? finder.find(inCopy: image, trusted: trusted, order: [turn], rotations: .all)
            guard let best = faces.max(by: { $0.score < $1.score }) else { return (faces, 0) }
            guard let verifier = finder.verifier else { return (faces, best.score) }
            let orientation = ExifOrientation(rotation: turn, mirrored: false)
            let forward = orientation.transform(storedSize: Size(width: Double(image.width), height: Double(image.height)))
            return (faces, best.score + (try verifier.score(forward.apply(to: best), in: orientation.upright(image))))
        }
    }
}

/// Which way is up in a video's pictures, as its detector threads found it.
///
/// Each search of the four orientations votes with a score per orientation
/// (see `VideoSession.search`); votes add up, older ones fading. The way up
/// stays as long as a face is found that way: detectors score a small face
/// upside down almost as high as upright, so a lead in votes alone must not
/// turn every sticker over. Only after `emptySearchesToSwitch` searches in a
/// row found nothing that way does the orientation with the most votes take over.
final class WayUp: Sendable {
    private struct State {
        var turn = QuarterTurn.zero
        var totals: [QuarterTurn: Double] = [:]
        var emptySearches = 0
        /// Whether a search ever found a face the current way up.
        var everFound = false
        /// Whether the last search found a face in any orientation.
        var lastSearchFoundAny = false
    }

    private let state = Mutex(State())
    static let fading = 0.7
    static let emptySearchesToSwitch = 2

    init() {}

    var turn: QuarterTurn { state.withLock { $0.turn } }

    /// Whether faces were seen in another orientation but never yet this way up: then
    /// every detection searches, so the decision does not wait on which thread got which frame.
    var seeksFaces: Bool { state.withLock { !$0.everFound && $0.lastSearchFoundAny } }

    /// Adds one search's votes; returns the way up after it.
    func vote(_ scores: [QuarterTurn: Double]) -> QuarterTurn {
        state.withLock { s in
            for turn in QuarterTurn.allCases { s.totals[turn] = (s.totals[turn] ?? 0) * Self.fading + (scores[turn] ?? 0) }
            s.lastSearchFoundAny = scores.values.contains { $0 > 0 }
            guard (scores[s.turn] ?? 0) <= 0 else {
                s.emptySearches = 0
                s.everFound = true
                return s.turn
            }
            s.emptySearches += 1
            let found = s.totals.filter { (scores[$0.key] ?? 0) > 0 }
            guard let best = found.max(by: { $0.value < $1.value }) else { return s.turn }
            // Detectors see a small face upside down about as well as upright, so a half
            // turn away from a way up that found faces before needs twice the evidence.
            let halfTurn = QuarterTurn(degrees: best.key.degrees - s.turn.degrees) == .clockwise180
            let needed = Self.emptySearchesToSwitch * (halfTurn && s.everFound ? 2 : 1)
            if s.emptySearches >= needed {
                s.turn = best.key
                s.emptySearches = 0
                s.everFound = true
            }
            return s.turn
        }
    }
}

/// The faces a video's verifier confirmed lately, in the detector copy's
/// pixels, shared by its detector threads: a face found again in the same
/// place (IoU at least `FaceVerifier.matchIoU`) is trusted without asking
/// the verifier, until `reverifyAfter` detections have passed since it last
/// did; then it is verified afresh. A place no face was found in for a few
/// detections is forgotten.
final class VerifiedFaces: Sendable {
    private struct Entry {
        var box: Rect
        var verified: Int
        var seen: Int
    }

    private struct State {
        var round = 0
        var entries: [Entry] = []
    }

    private let state = Mutex(State())
    static let reverifyAfter = 15
    static let forgetAfter = 6

    init() {}

    /// The boxes that need no verification in the next detection.
    func trusted() -> [Rect] {
        state.withLock { s in
            s.entries.filter { s.round - $0.verified < Self.reverifyAfter }.map(\.box)
        }
    }

    /// Records a detection's faces; `trusted` is what `trusted()` gave it, so
    /// faces on none of those boxes went through the verifier just now.
    func record(_ faces: [Rect], trusted: [Rect]) {
        state.withLock { s in
            s.round += 1
            for box in faces {
                let wasTrusted = trusted.contains { $0.iou(box) >= FaceVerifier.matchIoU }
                if let i = s.entries.firstIndex(where: { $0.box.iou(box) >= FaceVerifier.matchIoU }) {
                    s.entries[i].box = box
                    s.entries[i].seen = s.round
                    if !wasTrusted { s.entries[i].verified = s.round }
                } else {
                    s.entries.append(Entry(box: box, verified: s.round, seen: s.round))
                }
            }
            let round = s.round
            s.entries.removeAll { round - $0.seen > Self.forgetAfter }
        }
    }
}

