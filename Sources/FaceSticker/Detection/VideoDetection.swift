import Foundation
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
        /// `round`: the detection's place in the video's rhythm (see `VerifiedFaces`;
        /// nil for a new shot detected off the rhythm).
        func faces(inCopy small: RGBAImage, round: Int?, scaleX sx: Double, scaleY sy: Double) throws -> [Face] {
            // A face the verifier confirmed a moment ago, still in the same place, is the same
            // face: confirming it once a round would double the detection cost of a video.
            var found: [Face] = []
            defer { verified.record(found, round: round) }
            guard small.width > 0, small.height > 0 else { return [] }
            rounds += 1
            let keyFaces = verified.trusted(round: round)
            let trust = keyFaces.map(\.box)
            let rolls = keyFaces.compactMap { face in face.roll.map { FaceMesher.KnownRoll(box: face.box, roll: $0) } }
            if finder.settings.rotations == .none {
                found = try finder.find(inCopy: small, trusted: trust, known: rolls, order: [.zero])
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

/// The faces a video's verifier confirmed, shared by its detector threads, so
/// that a face found again in the same place (IoU at least
/// `FaceVerifier.matchIoU`) is not sent to the verifier at every detection.
///
/// Deterministic whichever thread detects which frame: detections are counted
/// in the video's rhythm (`round`, 0, 1, 2, ... in frame order), and every
/// `reverifyAfter`-th round is a key round, which verifies every face it finds.
/// The rounds after a key trust the key's faces only: a thread that gets one
/// before the key's faces are known waits for them. So each frame's faces
/// depend on that frame and its key frame alone, and the same video always
/// gives the same output. A round of nil (a new shot, detected off the rhythm)
/// verifies every face and trusts none. The key's faces also carry their roll,
/// so that the face mesh crops a face found again in the same place only the
/// way up the key found it (one crop instead of two: `FaceMesher.KnownRoll`).
///
/// `@unchecked`: a thread waits for a key round another thread detects, which
/// needs a condition variable (`NSCondition`); `Synchronization.Mutex` has none.
/// Every stored property is read and written only while `condition` is held.
final class VerifiedFaces: @unchecked Sendable {
    private let condition = NSCondition()
    /// One face of a key round: its box, and its roll where the face mesh was sure of it.
    struct KeyFace: Sendable {
        var box: Rect
        var roll: Double?
    }

    /// The faces of each key round known so far (the last few).
    private var keys: [Int: [KeyFace]] = [:]
    private var cancelled = false
    static let reverifyAfter = 15
    static let keptKeys = 4

    init() {}

    /// The key round `round` trusts, and whether it is that key itself.
    static func key(of round: Int) -> (key: Int, isKey: Bool) {
        let key = round - round % reverifyAfter
        return (key, key == round)
    }

    /// The faces whose boxes need no verification in detection `round` (and whose
    /// rolls tell the face mesh which way is up): none for a key round or nil,
    /// else the key's, once the key's faces are known.
    func trusted(round: Int?) -> [KeyFace] {
        guard let round, round >= 0 else { return [] }
        let (key, isKey) = Self.key(of: round)
        guard !isKey else { return [] }
        condition.lock()
        defer { condition.unlock() }
        while keys[key] == nil, !cancelled, key >= (keys.keys.max() ?? -1) - Self.keptKeys * Self.reverifyAfter {
            condition.wait()
        }
        return keys[key] ?? []
    }

    /// Records the faces of detection `round` (only a key round's are kept).
    /// A key round that failed records none, so nobody waits for it for ever.
    func record(_ faces: [Face], round: Int?) {
        guard let round, round >= 0, Self.key(of: round).isKey else { return }
        let known = faces.map { KeyFace(box: $0.box, roll: $0.pose == nil ? nil : $0.landmarks?.roll) }
        condition.changing {
            keys[round] = known
            let oldest = round - Self.keptKeys * Self.reverifyAfter
            keys = keys.filter { $0.key >= oldest }
        }
    }

    /// Wakes every waiting thread for good (the video is being abandoned).
    func cancel() { condition.changing { cancelled = true } }
}
