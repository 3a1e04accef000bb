import FaceStickerCore
import FaceStickerVision
/// Follows faces across detection rounds: each detection continues the live
/// track whose predicted box it overlaps most, or starts a tentative track.
/// Tracks are confirmed after `confirmHits` detections (at once with 1),
/// rejected when they cannot get them in time, and ended once missed for more
/// than `holdFrames` frames and more than `holdRounds` detection rounds.
package struct FaceTracker: Sendable {
    package let settings: TrackerSettings
    private(set) var tracks: [Int: TrackRecord] = [:]
    private(set) var round = -1
    private var nextKey = 0
    private var nextID = 0

    package init(settings: TrackerSettings) { self.settings = settings }

    /// Takes the detections of `frame`; returns which track each one continued or started.
    package mutating func update(frame: Int, detections: [Face]) -> [(key: Int, face: Face)] {
        round += 1
        var pairs: [(overlap: Double, key: Int, detection: Int)] = []
        for (key, track) in tracks where track.isLive {
            let predicted = track.predictedBox(at: frame, maxDrift: settings.maxDrift)
            for (index, face) in detections.enumerated() {
                let overlap = predicted.iou(face.box)
                if overlap >= settings.minOverlap { pairs.append((overlap, key, index)) }
            }
        }
        var usedTracks = Set<Int>(), usedDetections = Set<Int>()
        var result: [(key: Int, face: Face)] = []
        // Greedy matching, best pair first (faces are few and rarely overlap).
        func assign(_ ranked: [(key: Int, detection: Int)]) {
            for pair in ranked where !usedTracks.contains(pair.key) && !usedDetections.contains(pair.detection) {
                usedTracks.insert(pair.key)
                usedDetections.insert(pair.detection)
                continueTrack(pair.key, with: detections[pair.detection], at: frame)
                result.append((pair.key, detections[pair.detection]))
            }
        }
        pairs.sort { $0.overlap != $1.overlap ? $0.overlap > $1.overlap : $0.key < $1.key }
        assign(pairs.map { ($0.key, $0.detection) })
        // With `joinReach`, a detection no track overlapped enough joins the nearest confirmed
        // track still without one whose predicted middle is that near: the same face, found
        // late or moved fast, not a second one (issue #42: two pairs of sunglasses on one face).
        if settings.joinReach > 0 {
            var near: [(distance: Double, key: Int, detection: Int)] = []
            for (key, track) in tracks where track.isLive && track.status == .confirmed && !usedTracks.contains(key) {
                let predicted = track.predictedBox(at: frame, maxDrift: settings.maxDrift)
                for (index, face) in detections.enumerated() where !usedDetections.contains(index) {
                    let distance = predicted.center.distance(to: face.box.center)
                    if distance <= settings.joinReach * max(predicted.width, face.box.width) { near.append((distance, key, index)) }
                }
            }
            near.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.key < $1.key }
            assign(near.map { ($0.key, $0.detection) })
        }
        for key in tracks.keys where !usedTracks.contains(key) { miss(key, at: frame) }
        for (index, face) in detections.enumerated() where !usedDetections.contains(index) {
            let key = nextKey
            nextKey += 1
            tracks[key] = TrackRecord(key: key, status: .tentative, firstRound: round, hits: 1,
                                      lastFace: face, lastFrame: frame, lastRound: round)
            if settings.confirmHits <= 1 || settings.isSure(face) { confirm(key) }
            result.append((key, face))
        }
        return result
    }

    /// A new shot starts at `frame`: every face of the last one is let go there
    /// (no hold, no interpolation across the cut), and undecided ones are dropped.
    package mutating func cut(at frame: Int) {
        for (key, track) in tracks where track.isLive {
            tracks[key]?.status = track.status == .confirmed ? .ended : .rejected
            tracks[key]?.endsBefore = frame
        }
    }

    /// Forgets tracks that can no longer matter to frames from `frame` on.
    package mutating func prune(before frame: Int) {
        tracks = tracks.filter { $0.value.isLive || $0.value.lastFrame + settings.holdFrames >= frame }
    }

    private mutating func continueTrack(_ key: Int, with face: Face, at frame: Int) {
        guard var track = tracks[key] else { return }
        track.hits += 1
        track.lastRound = round
        track.lastDetected = max(track.detectedFrame, frame)
        // A detection of a frame the face mesh has already followed the face past (live, a
        // slow detector) confirms the track; it must not take it back to where the face was.
        if frame >= track.lastFrame {
            let steps = Double(frame - track.lastFrame)
            if steps > 0 {
                let from = track.lastFace.box.center, to = face.box.center
                track.velocity = Point(x: (to.x - from.x) / steps, y: (to.y - from.y) / steps)
            }
            track.lastFace = face
            track.lastFrame = frame
            track.path.removeAll()
        }
        tracks[key] = track
        if track.status == .tentative, track.hits >= settings.confirmHits || settings.isSure(face) { confirm(key) }
    }

    /// The face mesh followed track `key`'s face into `frame` (live, between detections):
    /// the track moves there with the motion since its last place (what carries it while
    /// the mesh falls behind), and a tentative track is confirmed: the mesh sure of a face
    /// where the detector found one, a frame later, is its second sighting. Not a
    /// detection: the track must still be found by the detector within the hold. A frame
    /// no later than the track's last is ignored.
    package mutating func follow(_ key: Int, to face: Face, at frame: Int) {
        guard var track = tracks[key], track.isLive, frame > track.lastFrame else { return }
        let steps = Double(frame - track.lastFrame)
        let from = track.lastFace.box.center, to = face.box.center
        track.velocity = Point(x: (to.x - from.x) / steps, y: (to.y - from.y) / steps)
        track.lastDetected = track.detectedFrame
        if track.path.isEmpty { track.path.append(FramedBox(frame: track.lastFrame, box: track.lastFace.box)) }
        track.path.append(FramedBox(frame: frame, box: face.box))
        if track.path.count > TrackRecord.pathLimit { track.path.removeFirst(track.path.count - TrackRecord.pathLimit) }
        track.lastFace = face
        track.lastFrame = frame
        tracks[key] = track
        if track.status == .tentative { confirm(key) }
    }

    /// Ends track `key` at `frame` (it shows in no frame from there on): a second track on a face another follows.
    package mutating func end(_ key: Int, at frame: Int) {
        guard let track = tracks[key], track.isLive else { return }
        tracks[key]?.status = track.status == .confirmed ? .ended : .rejected
        tracks[key]?.endsBefore = frame
    }

    private mutating func miss(_ key: Int, at frame: Int) {
        guard var track = tracks[key] else { return }
        switch track.status {
        case .tentative where round - track.firstRound + 1 >= settings.confirmRounds:
            track.status = .rejected
        // Missed for the hold in frames and in rounds: where detection is slower than the
        // frame rate allows for (live, on a slow machine), one missed round spans many frames.
        case .confirmed where frame - track.detectedFrame > settings.holdFrames && round - track.lastRound > settings.holdRounds:
            track.status = .ended
        default:
            break
        }
        // Without a drift allowance a missed face is predicted to stand still rather than drift off;
        // with one it keeps its last motion, bounded where it is used (`drift(over:maxDrift:)`).
        if settings.maxDrift <= 0 { track.velocity = .zero }
        tracks[key] = track
    }

    private mutating func confirm(_ key: Int) {
        tracks[key]?.status = .confirmed
        tracks[key]?.id = nextID
        nextID += 1
    }
}

/// A face in one output frame, as the tracker hands it on: its track id,
/// where it is, and how that was known.
package struct TrackedFace: Equatable, Sendable {
    /// How the face's position in this frame was found.
    package enum Source: String, Sendable {
        /// The detector found it in this frame.
        case detected
        /// Between two detections of the same face (a frame not detected on, or a missed one).
        case interpolated
        /// Not found on one side of this frame: the nearest detection's position is kept (or
        /// carried along its motion, with `TrackerSettings.maxDrift`) after the face's last
        /// detection for the hold, and before its first one with `TrackerSettings.leadIn`.
        case held
    }

    /// Stable for the face's whole time on screen; 0, 1, 2 ... in order of appearance.
    package var id: Int
    package var face: Face
    package var source: Source

    package init(id: Int, face: Face, source: Source) {
        self.id = id
        self.face = face
        self.source = source
    }
}

/// What the tracker knows about one followed face.
package struct TrackRecord: Sendable {
    package enum Status: Sendable { case tentative, confirmed, rejected, ended }

    /// Internal key, unique for the whole video.
    package let key: Int
    /// The id shown to users (tracks file, sticker assignment), given on confirmation in order.
    package var id: Int?
    package var status: Status
    package let firstRound: Int
    package var hits: Int
    /// The last detection of this face, the frame it was in and its detection round.
    package var lastFace: Face
    package var lastFrame: Int
    package var lastRound: Int
    /// Set when a cut ended the track: it shows in no frame from this one on.
    package var endsBefore: Int?
    /// Box motion per frame, from the last two detections (or face mesh fits).
    package var velocity = Point.zero
    /// The latest frame a detection found this face in (nil: `lastFrame`, which the face
    /// mesh may have moved past it).
    package var lastDetected: Int?
    /// Where the face mesh followed the face since its last detection moved it (live),
    /// oldest first, that detection's place included; at most `pathLimit`.
    package var path: [FramedBox] = []
    package static let pathLimit = 120

    /// The latest frame a detection found this face in.
    package var detectedFrame: Int { lastDetected ?? lastFrame }

    /// Whether new detections may still continue this track.
    package var isLive: Bool { status == .tentative || status == .confirmed }

    /// Where the face should be at `frame` if it keeps moving as it did; before its last
    /// frame, where the face mesh followed it then (a late detection is matched there).
    package func predictedBox(at frame: Int, maxDrift: Double) -> Rect {
        if frame < lastFrame, let first = path.first {
            return path.last { $0.frame <= frame }?.box ?? first.box
        }
        let offset = drift(over: Double(frame - lastFrame), maxDrift: maxDrift)
        let b = lastFace.box
        return Rect(x: b.x + offset.x, y: b.y + offset.y, width: b.width, height: b.height)
    }

    /// How far the face moves in `steps` frames at its last motion: with `maxDrift` over 0,
    /// at most that many of its box widths.
    package func drift(over steps: Double, maxDrift: Double) -> Point {
        let offset = Point(x: velocity.x * steps, y: velocity.y * steps)
        guard maxDrift > 0 else { return offset }
        let limit = maxDrift * max(0, lastFace.box.width), length = offset.distance(to: .zero)
        guard length > limit, length > 0 else { return offset }
        return Point(x: offset.x * limit / length, y: offset.y * limit / length)
    }

    /// The face as shown at `frame`, after its last detection and with no later one:
    /// still without `maxDrift`, else carried along its last motion, and grown by the hold's
    /// share `holdGrowth` gives.
    package func held(at frame: Int, settings: TrackerSettings) -> Face {
        var face = lastFace
        if settings.maxDrift > 0 { face = face.moved(by: drift(over: Double(frame - lastFrame), maxDrift: settings.maxDrift)) }
        return face.grown(by: settings.growth(after: frame - lastFrame))
    }
}

/// A face's box in one frame.
package struct FramedBox: Equatable, Sendable {
    package var frame: Int
    package var box: Rect

    package init(frame: Int, box: Rect) {
        self.frame = frame
        self.box = box
    }
}

extension Face {
    /// The face scaled by `factor` about its box's centre, landmarks and all.
    package func grown(by factor: Double) -> Face {
        guard factor != 1, factor.isFinite, factor > 0 else { return self }
        let c = box.center
        func scaled(_ p: Point) -> Point { Point(x: c.x + (p.x - c.x) * factor, y: c.y + (p.y - c.y) * factor) }
        let width = box.width * factor, height = box.height * factor
        return mapped(box: Rect(x: c.x - width / 2, y: c.y - height / 2, width: width, height: height), scaled)
    }
}

/// How faces are followed from frame to frame. The defaults are the sticker
/// policy (`DetectionProfile.precision`): a face must be seen twice, a lost one
/// stands still for the hold. `forVideo` gives each profile's settings.
package struct TrackerSettings: Equatable, Sendable {
    /// Detections a new face needs before it gets a sticker ...
    package var confirmHits: Int
    /// ... within this many detection rounds from its first one. A single-frame
    /// false detection never reaches two hits, so it never shows. Frames wait
    /// `confirmRounds - 1` detection rounds in `TrackTimeline` (at least one with `leadIn`).
    package var confirmRounds: Int
    /// Frames a face the detector misses keeps its sticker (the hold) ...
    package var holdFrames: Int
    /// ... and detection rounds it must have been missed in, besides, before it goes. Where
    /// detection keeps its rhythm (video) `holdFrames` covers these rounds already; where it
    /// runs late (live, a slow machine) a round takes longer than the frames allow for.
    package var holdRounds: Int
    /// Overlap (IoU of boxes) a detection needs with a track's predicted box to continue it.
    package var minOverlap: Double
    /// Over 0: a detection that overlaps no track enough still continues a confirmed track
    /// whose predicted middle is within this many box widths of its own (live, where
    /// detections arrive late: one face must not get two stickers). 0: never (video, where
    /// detection keeps its rhythm and `minOverlap` alone decides).
    package var joinReach = 0.0
    /// 0: a face the detector misses stands still (its motion is forgotten at the miss).
    /// Over 0: it keeps moving along its last motion, at most this many of its box widths
    /// from where it was last found (in live, past the few frames any face is carried).
    package var maxDrift: Double
    /// How much larger a face the detector misses is drawn by the end of the hold (0.25:
    /// a quarter), in step with the frames since it was found; the same for the frames
    /// before its first detection (`leadIn`). 0: never.
    package var holdGrowth: Double
    /// Whether the frames before a track's first detection, back to the previous
    /// detection round and never across a cut, show the face where it was first found.
    package var leadIn: Bool
    /// Over 0: a detection scored at least this confirms its track at once; one under it
    /// needs `confirmHits` (recall video: a candidate seen once at a low score is noise, a
    /// face seen again is hidden from its first sighting on). 0: `confirmHits` decides.
    package var sureScore = 0.0

    package init(confirmHits: Int = 2, confirmRounds: Int = 3, holdFrames: Int = 12, holdRounds: Int = 2,
                minOverlap: Double = 0.2, maxDrift: Double = 0, holdGrowth: Double = 0, leadIn: Bool = false) {
        self.confirmHits = confirmHits
        self.confirmRounds = confirmRounds
        self.holdFrames = holdFrames
        self.holdRounds = holdRounds
        self.minOverlap = minOverlap
        self.maxDrift = maxDrift
        self.holdGrowth = holdGrowth
        self.leadIn = leadIn
    }

    /// The defaults for a video at `frameRate`, detecting every `detectEvery` frames.
    ///
    /// `.precision` (stickers): two sightings within three rounds, a hold of about 0.4 s
    /// and never shorter than two detection rounds, a lost face standing still.
    ///
    /// `.recall` (every layer hides the face): one sighting at `DetectionProfile.videoSureScore`
    /// or more shows the face, since a face left visible is the worst error and a false one
    /// only hides a patch of picture; a candidate under it (the detector's threshold is lower)
    /// must be seen again within the next two detections, and then shows from its first
    /// sighting (offline the frames wait for it; live it shows from the second). The
    /// hold is about 1 s and never under four detection rounds: a detector that misses
    /// a turning or blurred face for a few rounds does not let it show. A lost face is
    /// carried along its last motion, at most half its box width (a missed face usually
    /// keeps moving the way it was, but a longer reach would leave it behind when it
    /// stops), and grows to 1.25 times its size by the end of the hold to cover where it
    /// may have gone. Frames wait one detection round, for interpolation and for the
    /// frames before a face's first detection, which show it too (a face is found some
    /// frames after it entered).
    package static func forVideo(frameRate: Double, detectEvery: Int,
                                 profile: DetectionProfile = .precision) -> TrackerSettings {
        let every = max(1, detectEvery)
        func frames(_ seconds: Double) -> Int {
            guard frameRate.isFinite, frameRate > 0 else { return 0 }
            return Int(min(seconds * frameRate, 1e6).rounded())
        }
        switch profile {
        case .precision:
            var settings = TrackerSettings()
            settings.holdFrames = max(frames(0.4), settings.holdRounds * every)
            return settings
        case .recall:
            let rounds = 4
            var settings = TrackerSettings(confirmHits: 2, confirmRounds: 3, holdFrames: max(frames(1), rounds * every),
                                           holdRounds: rounds, maxDrift: 0.5, holdGrowth: 0.25, leadIn: true)
            settings.sureScore = DetectionProfile.videoSureScore
            return settings
        }
    }

    /// The factor a face is grown by `frames` frames from its nearest detection (either way):
    /// `holdGrowth` reached at the end of the hold.
    package func growth(after frames: Int) -> Double {
        guard holdGrowth > 0, holdFrames > 0, frames != 0 else { return 1 }
        return 1 + holdGrowth * min(1, Double(frames.magnitude) / Double(holdFrames))
    }

    /// Whether `face` confirms its track at once (`sureScore`).
    package func isSure(_ face: Face) -> Bool { sureScore > 0 && face.score >= sureScore }

    /// Detection rounds a frame waits in `TrackTimeline` before its faces are decided.
    package var waitRounds: Int { max(confirmRounds - 1, leadIn ? 1 : 0) }
}
