import Foundation
import Synchronization
import FaceStickerCore

extension FaceFinder {
    /// The video path's detection policy, one home for it: a `FaceFinder` run on
    /// copies of a video's frames already made at the detector's size, with the
    /// key rounds (`KeyRounds`): every 15th detection confirms every face it finds
    /// and decides which way is up; the detections after it trust its faces and
    /// look its way up only. Between searches (`KeyRounds.searchEvery`), faces are
    /// followed by their mesh from the round before instead (`FaceMesher.followed`),
    /// and the detectors run only when a face is lost. A video's detector threads
    /// share one `KeyRounds`; each has its own session (detectors are not thread-safe).
    package final class VideoSession {
        private let finder: FaceFinder
        /// The key rounds' faces and ways up, shared by a video's detector threads.
        private let keys: KeyRounds
        /// Whether faces are followed by their mesh between searches.
        private let follows: Bool
        /// The rounds whose faces were all followed by their mesh (no detector ran).
        private(set) var followedRounds = 0

        /// Loads the detector `settings` name. `follow`: whether faces are followed
        /// by their mesh between searches (stickers; hiding faces detects every round,
        /// so that a face that enters is hidden at once).
        init(settings: DetectorSettings, keys: KeyRounds = KeyRounds(), follow: Bool) throws {
            finder = try FaceFinder(settings: settings)
            self.keys = keys
            follows = follow && finder.mesher != nil
        }

        /// The faces in `small`, a frame's copy at the detector's size, scaled by `sx`, `sy`
        /// to the frame's pixels; those narrower than `minSize` (in the frame) dropped.
        /// `round`: the detection's place in the video's rhythm (see `KeyRounds`;
        /// nil for a new shot detected off the rhythm); `shot`: which shot of the
        /// video the frame is in (faces are not followed across a cut).
        ///
        /// With rotations on (`auto`, the default for video too, or `all`): a key round
        /// looks the way up the key before it found and, when it finds no face that way,
        /// searches all four orientations; the best voted one with a face becomes the way
        /// up at once when no key found a face the old way yet (a sideways clip), else
        /// only after two keys in a row found none there (one dropout must not turn the
        /// picture). A new shot off the rhythm searches on its own. Upside down against
        /// upright needs no vote: the face mesh tells them apart in any pass.
        func faces(inCopy small: RGBAImage, round: Int?, shot: Int = 0,
                   scaleX sx: Double, scaleY sy: Double) throws -> [Face] {
            var found: [Face] = []
            var decided = KeyRounds.Way(turn: .zero, missed: false, everFound: false)
            defer { keys.record(found, way: decided, round: round, shot: shot) }
            guard small.width > 0, small.height > 0 else { return [] }
            let isKey = round.map { KeyRounds.key(of: $0).isKey } ?? true
            // The round before's faces (same shot), which a round other than a key follows or trusts.
            let before = follows && !isKey ? round.flatMap { keys.faces(ofRound: $0 - 1, shot: shot) } : nil
            if let round, let before, let followed = try follow(before, round: round, in: small) {
                found = followed
                followedRounds += 1
                return found.map { $0.scaled(x: sx, y: sy) }.filter(finder.minSizeAllows)
            }
            let key = keys.key(for: round)
            // A face the verifier confirmed at the key, still in the same place, is the same
            // face: confirming it at every detection would double the detection cost of a video.
            var keyFaces = isKey ? [] : key?.faces ?? []
            // So is a face the round before found or followed (it was confirmed, and the mesh
            // still sure of it): the verifier is asked once a face, not once a detection.
            keyFaces += (before ?? []).map(KeyRounds.KeyFace.init)
            let trust = keyFaces.map(\.box)
            let rolls = keyFaces.compactMap { face in face.roll.map { FaceMesher.KnownRoll(box: face.box, roll: $0) } }
            guard finder.settings.rotations != .none else {
                found = try finder.find(inCopy: small, trusted: trust, known: rolls, order: [.zero])
                return found.map { $0.scaled(x: sx, y: sy) }.filter(finder.minSizeAllows)
            }
            let previous = key?.way ?? KeyRounds.Way(turn: .zero, missed: false, everFound: false)
            found = try finder.find(inCopy: small, trusted: trust, known: rolls, order: [previous.turn], rotations: .all)
            decided = KeyRounds.Way(turn: previous.turn, missed: found.isEmpty,
                                    everFound: previous.everFound || !found.isEmpty)
            if isKey, found.isEmpty {
                var best: (turn: QuarterTurn, faces: [Face], vote: Double)?
                for turn in FaceFinder.searchOrder where turn != previous.turn {
                    let (faces, vote) = try search(small, turn: turn, trusted: trust)
                    if !faces.isEmpty, vote > best?.vote ?? 0 { best = (turn, faces, vote) }
                }
                // A new shot, the start, or a second key in a row without a face the old way.
                let free = round == nil || !previous.everFound || previous.missed
                if let best, free {
                    found = best.faces
                    decided = KeyRounds.Way(turn: best.turn, missed: false, everFound: true)
                }
            }
            return found.map { $0.scaled(x: sx, y: sy) }.filter(finder.minSizeAllows)
        }

        /// `before`, the faces of round `round - 1` (in the same shot), followed into `image`
        /// by their mesh; nil when `round` searches (`KeyRounds.searches`), the round before
        /// found no face, or a face was lost: the detectors look.
        private func follow(_ before: [Face], round: Int, in image: RGBAImage) throws -> [Face]? {
            guard finder.mesher != nil, !KeyRounds.searches(round), !before.isEmpty else { return nil }
            var followed: [Face] = []
            for face in before {
                guard let next = try finder.followed(face, in: image) else { return nil }
                followed.append(next.face)
            }
            // Two faces followed onto one: the better scored is kept.
            return try FaceFinder.merged(followed, nmsThreshold: finder.settings.nmsThreshold)
        }

        /// The faces standing upright in the copy turned by `turn` (in the copy's
        /// pixels), and how sure the search is that this is the way up: its best
        /// face's score plus the verifier's score of it (two networks rarely agree
        /// on a face that is not there).
        private func search(_ image: RGBAImage, turn: QuarterTurn, trusted: [Rect]) throws -> (faces: [Face], vote: Double) {
            let faces = try finder.find(inCopy: image, trusted: trusted, order: [turn], rotations: .all)
            guard let best = faces.max(by: { $0.score < $1.score }) else { return (faces, 0) }
            guard let verifier = finder.verifier else { return (faces, best.score) }
            let orientation = ExifOrientation(rotation: turn, mirrored: false)
            let forward = orientation.transform(storedSize: Size(width: Double(image.width), height: Double(image.height)))
            return (faces, best.score + (try verifier.score(forward.apply(to: best), in: orientation.upright(image))))
        }
    }
}

/// The key rounds of a video's detection, shared by its detector threads: the
/// faces the verifier confirmed, so that a face found again in the same place
/// (IoU at least `FaceVerifier.matchIoU`) is not sent to the verifier at every
/// detection, and which way is up.
///
/// Deterministic whichever thread detects which frame: detections are counted
/// in the video's rhythm (`round`, 0, 1, 2, ... in frame order), and every
/// `reverifyAfter`-th round is a key round, which verifies every face it finds
/// and decides the way up, from the key before it (which it waits for). The
/// rounds after a key trust the key's faces only and look its way up only: a
/// thread that gets one before the key is known waits for it. So each frame's faces
/// depend on that frame and its key frame alone, and the same video always
/// gives the same output. A round of nil (a new shot, detected off the rhythm)
/// verifies every face and trusts none. The key's faces also carry their roll,
/// so that the face mesh crops a face found again in the same place only the
/// way up the key found it (one crop instead of two: `FaceMesher.KnownRoll`).
///
/// Every round's faces are kept a while too (`faces(ofRound:shot:)`): with
/// following on (stickers), a round between searches (`searchEvery`) follows the
/// round before's faces by their mesh, and any other round but a key trusts them
/// as it trusts the key's. So such a round waits for the round before (the other
/// thread may be detecting it), and its faces are still the same whichever thread
/// detects which.
///
/// `@unchecked`: a thread waits for a key round another thread detects, which
/// needs a condition variable (`NSCondition`); `Synchronization.Mutex` has none.
/// Every stored property is read and written only while `condition` is held.
package final class KeyRounds: @unchecked Sendable {
    private let condition = NSCondition()
    /// One face of a key round: its box, and its roll where the face mesh was sure of it.
    package struct KeyFace: Sendable {
        package var box: Rect
        var roll: Double?

        /// `face`'s box, and its roll where the face mesh was sure of it (it has a pose).
        init(_ face: Face) {
            box = face.box
            roll = face.pose == nil ? nil : face.landmarks?.roll
        }
    }

    /// Which way is up after a key round, and what it saw.
    package struct Way: Sendable {
        package var turn: QuarterTurn
        /// Whether the key found no face the way it looked.
        package var missed: Bool
        /// Whether any key so far found a face the way up it looked.
        package var everFound: Bool

        package init(turn: QuarterTurn, missed: Bool, everFound: Bool) {
            (self.turn, self.missed, self.everFound) = (turn, missed, everFound)
        }
    }

    /// A key round's faces and way up.
    package struct Key: Sendable {
        package var faces: [KeyFace]
        package var way: Way
    }

    /// The key rounds known so far (the last few).
    private var keys: [Int: Key] = [:]
    /// The last few rounds' faces (in the detector's copy, with their meshes), and their shots.
    private var rounds: [Int: (faces: [Face], shot: Int)] = [:]
    private var cancelled = false
    /// Threads waiting in `key(for:)` or `faces(ofRound:shot:)` now.
    private var waiting = 0
    package static let reverifyAfter = 15
    package static let keptKeys = 4
    /// Every how many rounds the detectors look for faces even when every face
    /// could be followed by its mesh (a face that comes in is found within this
    /// many): the key rounds among them.
    package static let searchEvery = 5
    /// How many rounds' faces are kept: a round further back than this behind the
    /// newest is not waited for (nobody will record it now).
    package static let keptRounds = 64

    /// The first round this video's detection runs (0; a later one where a run starts part-way
    /// into a video, counting rounds as a run over the whole video would): none before it is waited for.
    private let firstRound: Int

    package init(firstRound: Int = 0) { self.firstRound = max(0, firstRound) }

    /// The key round `round` trusts, and whether it is that key itself.
    package static func key(of round: Int) -> (key: Int, isKey: Bool) {
        let key = round - round % reverifyAfter
        return (key, key == round)
    }

    /// The key detection `round` builds on, once it is known: its own key for
    /// the rounds after a key, the key before for a key round (nil for the first,
    /// and for a round of nil).
    package func key(for round: Int?) -> Key? {
        guard let round, round >= 0 else { return nil }
        let (key, isKey) = Self.key(of: round)
        let wanted = isKey ? key - Self.reverifyAfter : key
        guard wanted >= firstRound else { return nil }
        condition.lock()
        defer { condition.unlock() }
        while keys[wanted] == nil, !cancelled, wanted >= (keys.keys.max() ?? -1) - Self.keptKeys * Self.reverifyAfter {
            waiting += 1
            condition.wait()
            waiting -= 1
        }
        return keys[wanted]
    }

    /// Whether round `round` searches with the detectors whatever was followed.
    package static func searches(_ round: Int) -> Bool { round % searchEvery == 0 || key(of: round).isKey }

    /// Round `round`'s faces, in the detector's copy, once it is known; nil for a
    /// round before the first, one forgotten, or one in another shot than `shot`.
    package func faces(ofRound round: Int, shot: Int) -> [Face]? {
        guard round >= firstRound else { return nil }
        condition.lock()
        defer { condition.unlock() }
        while rounds[round] == nil, !cancelled, round >= (rounds.keys.max() ?? -1) - Self.keptRounds {
            waiting += 1
            condition.wait()
            waiting -= 1
        }
        guard let known = rounds[round], known.shot == shot else { return nil }
        return known.faces
    }

    /// Records detection `round`'s faces (in the detector's copy), shot and way up
    /// (a key round's way and face boxes are kept longer). A round that failed
    /// records what it had, so nobody waits for it for ever.
    package func record(_ faces: [Face], way: Way, round: Int?, shot: Int = 0) {
        guard let round, round >= 0 else { return }
        let isKey = Self.key(of: round).isKey
        let known = faces.map(KeyFace.init)
        condition.changing {
            rounds[round] = (faces, shot)
            rounds = rounds.filter { $0.key >= round - Self.keptRounds }
            guard isKey else { return }
            keys[round] = Key(faces: known, way: way)
            let oldest = round - Self.keptKeys * Self.reverifyAfter
            keys = keys.filter { $0.key >= oldest }
        }
    }

    /// How many threads wait for a round now (tests wait for a waiter before they record).
    package var waiters: Int {
        condition.lock()
        defer { condition.unlock() }
        return waiting
    }

    /// Wakes every waiting thread for good (the video is being abandoned).
    package func cancel() { condition.changing { cancelled = true } }
}
