import Synchronization
import FaceStickerCore
import FaceStickerVision

/// The faces the live loop shows: the video path's tracker and its settings
/// (with stickers a face needs two detections, a one-frame false face never
/// shows, a lost one is held for a moment; with effects one sighting shows it
/// and a lost one is held longer, carried and grown) fed by the detector
/// thread, read by the output thread for each frame it sends, never waiting
/// for a detection. A face between detections is carried along its last
/// motion for a short while (with `maxDrift`, as far as that allows).
///
/// Detection here keeps no rhythm: a slow machine answers many frames late, so a
/// hold counted in frames alone would let a face go between two answers. The
/// tracker's hold also counts detection rounds (`TrackerSettings.holdRounds`), and
/// the stalled-detector limit grows with the waits between answers.
package final class LiveTracks: Sendable {
    private struct State {
        var tracker: FaceTracker
        /// Detections of frames before this index are stale (the picture jumped).
        var cutAt = 0
        /// The latest frame the detector reported on: a track found before it was missed there.
        var lastRecorded: Int?
        /// The newest frame `faces(at:)` was asked for: the output's now.
        var newestShown: Int?
        /// For each of the latest answers, the frames shown since the frame of the one before
        /// (the last few): how long a face waits for news.
        var waits: [Int] = []
        /// Per track, by key: how the picture's motion (`shift`) carried its face since its place.
        var trails: [Int: Trail] = [:]
    }

    /// Where the picture's motion carried a face after the track's place (frame `base`): for
    /// each later frame the flow looked at, the offset from that place, oldest first.
    private struct Trail {
        var base: Int
        var steps: [(frame: Int, offset: Point)] = []
        /// Whether steps were dropped from the start (past `limit`).
        var cutShort = false
        /// The most steps kept. A fit of a frame older than the oldest kept (the mesh a minute
        /// late at 10 fps) cannot be carried by the motion since: the trail ends there.
        static let limit = 600

        /// The offset at `frame`: the latest step's at or before it (none at `base`).
        func offset(at frame: Int) -> Point { steps.last { $0.frame <= frame }?.offset ?? .zero }

        /// The same motion, counted from a new place of the face at frame `base`.
        func rebased(to base: Int) -> Trail {
            if cutShort, let first = steps.first, base < first.frame { return Trail(base: base) }
            let origin = offset(at: base)
            return Trail(base: base, steps: steps.filter { $0.frame > base }.map {
                ($0.frame, Point(x: $0.offset.x - origin.x, y: $0.offset.y - origin.y))
            })
        }
    }

    /// Each track's face where it is known latest (its place, carried by its trail), and that frame.
    private static func latest(_ track: TrackRecord, in s: State) -> (face: Face, frame: Int) {
        guard let trail = s.trails[track.key], trail.base == track.lastFrame, let step = trail.steps.last else {
            return (track.lastFace, track.lastFrame)
        }
        return (track.lastFace.moved(by: step.offset), step.frame)
    }

    /// Trails follow their tracks' new places (an answer moved a track: the motion after it
    /// is kept, counted from there); those of tracks gone are dropped.
    private static func settleTrails(_ s: inout State) {
        for (key, trail) in s.trails {
            guard let track = s.tracker.tracks[key], track.isLive else {
                s.trails[key] = nil
                continue
            }
            if track.lastFrame != trail.base { s.trails[key] = trail.rebased(to: track.lastFrame) }
        }
    }

    private let state: Mutex<State>
    /// The most frames a face's motion is carried past its last detection.
    package let maxLead: Int
    /// The most frames a face is shown without any detection (the detector stalled), or
    /// three of the latest waits between answers when detection is slower than that.
    package let maxAge: Int

    package init(settings: TrackerSettings, maxLead: Int = 6, maxAge: Int = 60) {
        state = Mutex(State(tracker: FaceTracker(settings: settings)))
        self.maxLead = maxLead
        self.maxAge = max(maxAge, settings.holdFrames)
    }

    /// The live loop's tracks for frames at `frameRate`, detected at most `detectionRate`
    /// times a second: the video path's settings for that rhythm, and a face held at most
    /// two seconds without any detection (longer when detection is slower).
    package convenience init(frameRate: Double, detectionRate: Double, profile: DetectionProfile) {
        let rate = frameRate.isFinite ? min(max(frameRate, 0), 1e6) : 0
        let every = max(1, Int((rate / max(1, detectionRate.isFinite ? detectionRate : 1)).rounded(.up)))
        var settings = TrackerSettings.forVideo(frameRate: rate, detectEvery: every, profile: profile)
        // A detection that comes late lands beside its face's track, not on it: it joins it.
        settings.joinReach = LiveTracks.joinReach
        self.init(settings: settings, maxAge: Int((2 * rate).rounded()))
    }

    /// How far (in box widths between middles) a detection that overlaps no track enough
    /// may lie from a confirmed track that got no detection this round, and still be that
    /// face (`TrackerSettings.joinReach`): a face that turns back between two answers half
    /// a second apart lands up to one and a half widths from where its track predicted it.
    package static let joinReach = 1.5

    /// The tracker's settings.
    package var settings: TrackerSettings { state.withLock { $0.tracker.settings } }

    /// The detector's faces in frame `index`; ignored when a cut came after that frame.
    package func record(frame index: Int, faces: [Face]) {
        state.withLock { s in
            guard index >= s.cutAt else { return }
            _ = s.tracker.update(frame: index, detections: faces)
            s.tracker.prune(before: index)
            Self.settleTrails(&s)
            s.waits.append(max(s.newestShown ?? index, index) - min(s.lastRecorded ?? index, index))
            if s.waits.count > 4 { s.waits.removeFirst() }
            s.lastRecorded = max(s.lastRecorded ?? index, index)
        }
    }

    /// The faces to follow into frame `index` between detections: every live track's
    /// (tentative ones too: following one confirms it) last placed before `index`, by the
    /// track's key, where it is known latest (carried by the picture's motion) and in which frame.
    package func followable(at index: Int) -> [(key: Int, face: Face, frame: Int)] {
        state.withLock { s in
            guard index >= s.cutAt else { return [] }
            return s.tracker.tracks.values
                .filter { $0.isLive && $0.lastFrame < index && ($0.endsBefore ?? .max) > index }
                .sorted { $0.key < $1.key }
                .map { track in
                    let (face, frame) = Self.latest(track, in: s)
                    return (track.key, face, frame)
                }
        }
    }

    /// The picture's motion carried these tracks' faces from the frames `followable` gave into
    /// frame `index` by `shift`: shown there, followed by the mesh from there, until an answer
    /// (a detection or the mesh's fit) places the track again; the motion after that answer's
    /// frame then carries it on from its new place. A face carried from another frame than its
    /// latest (an answer came between) is left alone. Ignored when a cut came after that frame.
    package func shift(frame index: Int, faces: [(key: Int, from: Int, shift: Point)]) {
        state.withLock { s in
            guard index >= s.cutAt else { return }
            for (key, from, shift) in faces {
                guard let track = s.tracker.tracks[key], track.isLive, index > from else { continue }
                var trail = s.trails[key].flatMap { $0.base == track.lastFrame ? $0 : nil } ?? Trail(base: track.lastFrame)
                guard from == (trail.steps.last?.frame ?? trail.base) else { continue }
                let before = trail.offset(at: from)
                trail.steps.append((index, Point(x: before.x + shift.x, y: before.y + shift.y)))
                if trail.steps.count > Trail.limit {
                    trail.steps.removeFirst(trail.steps.count - Trail.limit)
                    trail.cutShort = true
                }
                s.trails[key] = trail
            }
        }
    }

    /// How much two followed faces' boxes must overlap (IoU) to be taken for one face.
    package static let sameFaceOverlap = 0.5

    /// The face mesh followed these tracks' faces into frame `index` (`followable`): each moves
    /// there, a tentative one is confirmed (`FaceTracker.follow`). Two tracks followed onto one
    /// face (overlapping by `sameFaceOverlap`) are one: the younger ends, so that a face never
    /// carries two stickers. Ignored when a cut came after that frame.
    package func follow(frame index: Int, faces: [(key: Int, face: Face)]) {
        state.withLock { s in
            guard index >= s.cutAt else { return }
            for (key, face) in faces { s.tracker.follow(key, to: face, at: index) }
            Self.settleTrails(&s)
            // The one to keep: a confirmed track (it shows a sticker already), else the older.
            let here = s.tracker.tracks.values.filter { $0.isLive && $0.lastFrame == index }
                .sorted { ($0.status == .confirmed ? 0 : 1, $0.key) < ($1.status == .confirmed ? 0 : 1, $1.key) }
            for (i, younger) in here.enumerated() where here[..<i].contains(where: {
                s.tracker.tracks[$0.key]?.isLive == true && $0.lastFace.box.iou(younger.lastFace.box) >= Self.sameFaceOverlap
            }) {
                s.tracker.end(younger.key, at: index)
            }
        }
    }

    /// The picture jumped at frame `index` (mirroring toggled, another camera): no track carries across.
    package func cut(at index: Int) {
        state.withLock { s in
            s.tracker.cut(at: index)
            s.cutAt = index
            s.trails = [:]
        }
    }

    /// The confirmed faces to draw on frame `index`: every track the tracker still holds.
    /// A face goes when detections come back without it for the hold (the tracker ends it),
    /// not when the detector is merely slow; `maxAge` frames without any news (or three
    /// recent waits for it, when longer) is the limit. Its motion is carried `maxLead`
    /// frames, or with `maxDrift` as far as that allows; one the detector missed grows as
    /// `holdGrowth` says.
    package func faces(at index: Int) -> [TrackedFace] {
        state.withLock { s in
            s.newestShown = max(s.newestShown ?? index, index)
            if let last = s.lastRecorded, index - last > max(maxAge, 3 * (s.waits.max() ?? 0)) { return [] }
            let settings = s.tracker.settings
            var result: [TrackedFace] = []
            for track in s.tracker.tracks.values {
                guard let id = track.id, track.status == .confirmed else { continue }
                if let end = track.endsBefore, index >= end { continue }
                let age = index - track.lastFrame
                let (known, frame) = Self.latest(track, in: s)
                let ahead = index - frame
                let lead = settings.maxDrift > 0 ? max(-maxLead, ahead) : max(-maxLead, min(maxLead, ahead))
                var face = known.moved(by: track.drift(over: Double(lead), maxDrift: settings.maxDrift))
                if let last = s.lastRecorded, track.lastFrame < last { face = face.grown(by: settings.growth(after: age)) }
                result.append(TrackedFace(id: id, face: face, source: age == 0 ? .detected : (age <= maxLead ? .interpolated : .held)))
            }
            return result.sorted { $0.id < $1.id }
        }
    }
}
