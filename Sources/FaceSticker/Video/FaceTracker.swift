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
