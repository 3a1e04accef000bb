/// Follows faces across detection rounds: each detection continues the live
/// track whose predicted box it overlaps most, or starts a tentative track.
/// Tracks are confirmed after `confirmHits` detections, rejected when they
/// cannot get them in time, and ended after `holdFrames` without a detection.
struct FaceTracker: Sendable {
    let settings: TrackerSettings
    private(set) var tracks: [Int: TrackRecord] = [:]
    private(set) var round = -1
    private var nextKey = 0
    private var nextID = 0

    init(settings: TrackerSettings) { self.settings = settings }

    /// Takes the detections of `frame`; returns which track each one continued or started.
    mutating func update(frame: Int, detections: [Face]) -> [(key: Int, face: Face)] {
        round += 1
        var pairs: [(overlap: Double, key: Int, detection: Int)] = []
        for (key, track) in tracks where track.isLive {
            let predicted = track.predictedBox(at: frame)
            for (index, face) in detections.enumerated() {
                let overlap = predicted.iou(face.box)
                if overlap >= settings.minOverlap { pairs.append((overlap, key, index)) }
            }
        }
        // Greedy best-overlap-first matching: faces are few and rarely overlap.
        pairs.sort { $0.overlap != $1.overlap ? $0.overlap > $1.overlap : $0.key < $1.key }
        var usedTracks = Set<Int>(), usedDetections = Set<Int>()
        var result: [(key: Int, face: Face)] = []
        for pair in pairs where !usedTracks.contains(pair.key) && !usedDetections.contains(pair.detection) {
            usedTracks.insert(pair.key)
            usedDetections.insert(pair.detection)
            continueTrack(pair.key, with: detections[pair.detection], at: frame)
            result.append((pair.key, detections[pair.detection]))
        }
        for key in tracks.keys where !usedTracks.contains(key) { miss(key, at: frame) }
        for (index, face) in detections.enumerated() where !usedDetections.contains(index) {
            let key = nextKey
            nextKey += 1
            tracks[key] = TrackRecord(key: key, status: .tentative, firstRound: round, hits: 1,
                                      lastFace: face, lastFrame: frame)
            if settings.confirmHits <= 1 { confirm(key) }
            result.append((key, face))
        }
        return result
    }

    /// A new shot starts at `frame`: every face of the last one is let go there
    /// (no hold, no interpolation across the cut), and undecided ones are dropped.
    mutating func cut(at frame: Int) {
        for (key, track) in tracks where track.isLive {
            tracks[key]?.status = track.status == .confirmed ? .ended : .rejected
            tracks[key]?.endsBefore = frame
        }
    }

    /// Forgets tracks that can no longer matter to frames from `frame` on.
    mutating func prune(before frame: Int) {
        tracks = tracks.filter { $0.value.isLive || $0.value.lastFrame + settings.holdFrames >= frame }
    }

    private mutating func continueTrack(_ key: Int, with face: Face, at frame: Int) {
        guard var track = tracks[key] else { return }
        let steps = Double(frame - track.lastFrame)
        if steps > 0 {
            let from = track.lastFace.box.center, to = face.box.center
            track.velocity = Point(x: (to.x - from.x) / steps, y: (to.y - from.y) / steps)
        }
        track.hits += 1
        track.lastFace = face
        track.lastFrame = frame
        tracks[key] = track
        if track.status == .tentative, track.hits >= settings.confirmHits { confirm(key) }
    }

    private mutating func miss(_ key: Int, at frame: Int) {
        guard var track = tracks[key] else { return }
        switch track.status {
        case .tentative where round - track.firstRound + 1 >= settings.confirmRounds:
            track.status = .rejected
        case .confirmed where frame - track.lastFrame > settings.holdFrames:
            track.status = .ended
        default:
            break
        }
        // A missed face is predicted to stand still rather than drift off.
        track.velocity = .zero
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
        /// The detector lost it; its last position is kept for a few frames.
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
struct TrackRecord: Sendable {
    enum Status: Sendable { case tentative, confirmed, rejected, ended }

    /// Internal key, unique for the whole video.
    let key: Int
    /// The id shown to users (tracks file, sticker assignment), given on confirmation in order.
    var id: Int?
    var status: Status
    let firstRound: Int
    var hits: Int
    /// The last detection of this face and the frame it was in.
    var lastFace: Face
    var lastFrame: Int
    /// Set when a cut ended the track: it shows in no frame from this one on.
    var endsBefore: Int?
    /// Box motion per frame, from the last two detections.
    var velocity = Point.zero

    /// Whether new detections may still continue this track.
    var isLive: Bool { status == .tentative || status == .confirmed }

    /// Where the face should be at `frame` if it keeps moving as it did.
    func predictedBox(at frame: Int) -> Rect {
        let steps = Double(frame - lastFrame)
        let b = lastFace.box
        return Rect(x: b.x + velocity.x * steps, y: b.y + velocity.y * steps, width: b.width, height: b.height)
    }
}

/// How faces are followed from frame to frame.
package struct TrackerSettings: Equatable, Sendable {
    /// Detections a new face needs before it gets a sticker ...
    package var confirmHits: Int
    /// ... within this many detection rounds from its first one. A single-frame
    /// false detection never reaches two hits, so it never shows.
    package var confirmRounds: Int
    /// Frames a face the detector misses keeps its sticker (the hold).
    package var holdFrames: Int
    /// Overlap (IoU of boxes) a detection needs with a track's predicted box to continue it.
    package var minOverlap: Double

    package init(confirmHits: Int = 2, confirmRounds: Int = 3, holdFrames: Int = 12, minOverlap: Double = 0.2) {
        self.confirmHits = confirmHits
        self.confirmRounds = confirmRounds
        self.holdFrames = holdFrames
        self.minOverlap = minOverlap
    }

    /// The defaults for a video at `frameRate`, detecting every `detectEvery` frames:
    /// a hold of about 0.4 s, and never shorter than two detection intervals.
    package static func forVideo(frameRate: Double, detectEvery: Int,
                                 profile: DetectionProfile = .precision) -> TrackerSettings {
        let hold = max(Int((0.4 * frameRate).rounded()), 2 * max(1, detectEvery))
        return TrackerSettings(holdFrames: hold)
    }
}
