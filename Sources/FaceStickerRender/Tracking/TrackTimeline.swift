import FaceStickerCore
import FaceStickerVision
/// Turns per-frame detections (on every frame, or every Nth) into tracked
/// faces for every frame. Frames wait here until the tracks in them are
/// decided: a new face is shown from its first detection once it is
/// confirmed, frames between two detections of a face get its position
/// interpolated (this is the tracking between detections), and a lost face
/// is held for a few frames (carried and grown, as the settings say). With
/// `leadIn` the frames since the previous detection round show a new face too,
/// where it was first found. The wait is `TrackerSettings.waitRounds` detection
/// rounds, so at most that many detection intervals of frames are buffered.
package struct TrackTimeline<Payload: Sendable>: Sendable {
    private var tracker: FaceTracker
    private var pending: [(index: Int, payload: Payload, round: Int)] = []
    /// Detections per track key, by frame, for the frames still pending (and the one before).
    private var observations: [Int: [(frame: Int, face: Face)]] = [:]
    /// With `leadIn`: per new track, its first detection and the first frame before it that shows it.
    private var leads: [Int: (from: Int, frame: Int, face: Face)] = [:]
    private var round = -1
    /// The frame of the latest detection round, and of the latest cut.
    private var lastDetection: Int?
    private var lastCut: Int?

    package init(settings: TrackerSettings) {
        tracker = FaceTracker(settings: settings)
    }

    /// Adds the next frame, with the detector's faces when it ran on this frame
    /// (nil when it did not) and whether it starts a new shot; returns the
    /// frames now ready, in order.
    package mutating func add(index: Int, payload: Payload, detections: [Face]?, cut: Bool = false) -> [TimelineEntry<Payload>] {
        if cut {
            tracker.cut(at: index)
            lastCut = index
        }
        if let detections {
            round += 1
            for (key, face) in tracker.update(frame: index, detections: detections) {
                observations[key, default: []].append((index, face))
                // A track's first detection: the frames since the last round (not before a cut) lead in to it.
                if tracker.settings.leadIn, tracker.tracks[key]?.hits == 1, let previous = lastDetection {
                    leads[key] = (max(previous + 1, lastCut ?? previous), index, face)
                }
            }
            lastDetection = index
        }
        pending.append((index, payload, round))
        let wait = tracker.settings.waitRounds
        var ready = 0
        while ready < pending.count, pending[ready].round + wait <= round, pending[ready].round >= 0 { ready += 1 }
        // Frames before the first detection round have nothing to wait for.
        while ready < pending.count, pending[ready].round < 0 { ready += 1 }
        return emit(ready)
    }

    /// Everything still waiting, at the end of the video.
    package mutating func finish() -> [TimelineEntry<Payload>] {
        emit(pending.count)
    }

    /// Frames waiting for their tracks to be decided.
    package var waiting: Int { pending.count }

    private mutating func emit(_ count: Int) -> [TimelineEntry<Payload>] {
        guard count > 0 else { return [] }
        let frames = pending.prefix(count).map { entry in
            TimelineEntry(index: entry.index, payload: entry.payload, faces: faces(at: entry.index))
        }
        pending.removeFirst(count)
        prune()
        return frames
    }

    /// The shown faces at `frame`: confirmed tracks, observed, interpolated, held or led in to.
    private func faces(at frame: Int) -> [TrackedFace] {
        let settings = tracker.settings
        var result: [TrackedFace] = []
        for (key, list) in observations {
            guard let track = tracker.tracks[key], let id = track.id else { continue }
            if let end = track.endsBefore, frame >= end { continue }
            guard let before = list.last(where: { $0.frame <= frame }) else {
                if let lead = leads[key], lead.from <= frame, frame < lead.frame {
                    let face = lead.face.grown(by: settings.growth(after: lead.frame - frame))
                    result.append(TrackedFace(id: id, face: face, source: .held))
                }
                continue
            }
            if before.frame == frame {
                result.append(TrackedFace(id: id, face: before.face, source: .detected))
            } else if let after = list.first(where: { $0.frame > frame }) {
                let t = Double(frame - before.frame) / Double(after.frame - before.frame)
                result.append(TrackedFace(id: id, face: Self.interpolate(before.face, after.face, t), source: .interpolated))
            } else if frame - before.frame <= settings.holdFrames {
                // No detection after `before`: it is the track's last.
                result.append(TrackedFace(id: id, face: track.held(at: frame, settings: settings), source: .held))
            }
        }
        return result.sorted { $0.id < $1.id }
    }

    /// Drops detections and tracks no pending frame can use any more.
    private mutating func prune() {
        guard let oldest = pending.first?.index else {
            // Nothing pending: only the last detection of each live track matters now.
            for key in Array(observations.keys) {
                if let last = observations[key]?.last { observations[key] = [last] }
            }
            tracker.prune(before: Int.max / 2)
            observations = observations.filter { tracker.tracks[$0.key] != nil }
            leads = [:]
            return
        }
        for key in Array(observations.keys) {
            guard var list = observations[key] else { continue }
            // Keep the last detection at or before the oldest pending frame: it anchors interpolation and holds.
            if let anchor = list.lastIndex(where: { $0.frame <= oldest }), anchor > 0 { list.removeFirst(anchor) }
            observations[key] = list
        }
        tracker.prune(before: oldest)
        observations = observations.filter { tracker.tracks[$0.key] != nil }
        leads = leads.filter { tracker.tracks[$0.key] != nil && oldest < $0.value.frame }
    }

    /// The face a fraction `t` of the way from `a` to `b`.
    package static func interpolate(_ a: Face, _ b: Face, _ t: Double) -> Face {
        func mix(_ p: Double, _ q: Double) -> Double { p + (q - p) * t }
        func mix(_ p: Point, _ q: Point) -> Point { Point(x: mix(p.x, q.x), y: mix(p.y, q.y)) }
        let box = Rect(x: mix(a.box.x, b.box.x), y: mix(a.box.y, b.box.y),
                       width: mix(a.box.width, b.box.width), height: mix(a.box.height, b.box.height))
        var landmarks: Landmarks?
        if let la = a.landmarks, let lb = b.landmarks {
            landmarks = Landmarks(points: zip(la.points, lb.points).map { mix($0, $1) })
        } else {
            landmarks = t < 0.5 ? a.landmarks : b.landmarks
        }
        var face = Face(box: box, score: mix(a.score, b.score), landmarks: landmarks,
                        pose: t < 0.5 ? a.pose ?? b.pose : b.pose ?? a.pose)
        // Outlines have no corner-to-corner match: the nearer one, moved with the box. So is
        // the mesh, which stickers read the head's turn from (`FacePose`): a face between two
        // detections is posed as they are, not as a frontal face, so nothing jumps between them.
        let (near, shift) = t < 0.5 ? (a, box.center.offset(by: a.box.center, scale: -1))
            : (b, box.center.offset(by: b.box.center, scale: -1))
        face.outline = near.outline?.map { $0.offset(by: shift, scale: 1) }
        face.mesh = near.mesh?.map { Point3(x: $0.x + shift.x, y: $0.y + shift.y, z: $0.z) }
        return face
    }
}

/// One entry leaving the timeline: a frame's index, its payload (whatever
/// the caller keeps per frame: the video pipeline's pixels, a test's number)
/// and the tracked faces in it, in id order. Not a frame type of its own: the
/// timeline holds anything by frame number.
package struct TimelineEntry<Payload: Sendable>: Sendable {
    package var index: Int
    package var payload: Payload
    package var faces: [TrackedFace]

    package init(index: Int, payload: Payload, faces: [TrackedFace]) {
        self.index = index
        self.payload = payload
        self.faces = faces
    }
}
