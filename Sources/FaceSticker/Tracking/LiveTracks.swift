import Synchronization

/// The faces the live loop shows: the video path's tracker (a face needs two
/// detections to get a sticker, a one-frame false face never does, a lost one
/// is held for a moment) fed by the detector thread, read by the output
/// thread for each frame it sends, never waiting for a detection. A face
/// between detections is carried along its last motion for a short while.
package final class LiveTracks: Sendable {
    private struct State {
        var tracker: FaceTracker
        /// Detections of frames before this index are stale (the picture jumped).
        var cutAt = 0
    }

    private let state: Mutex<State>
    /// The most frames a face's motion is carried past its last detection.
    let maxLead: Int
    /// The most frames a face is shown without a detection (the detector stalled).
    let maxAge: Int

    package init(settings: TrackerSettings, maxLead: Int = 6, maxAge: Int = 60) {
        state = Mutex(State(tracker: FaceTracker(settings: settings)))
        self.maxLead = maxLead
        self.maxAge = max(maxAge, settings.holdFrames)
    }

    /// The detector's faces in frame `index`; ignored when a cut came after that frame.
    package func record(frame index: Int, faces: [Face]) {
        state.withLock { s in
            guard index >= s.cutAt else { return }
            _ = s.tracker.update(frame: index, detections: faces)
            s.tracker.prune(before: index)
        }
    }

    /// The picture jumped at frame `index` (mirroring toggled, another camera): no track carries across.
    package func cut(at index: Int) {
        state.withLock { s in
            s.tracker.cut(at: index)
            s.cutAt = index
        }
    }

    /// The confirmed faces to draw on frame `index`: every track the tracker still holds.
    /// A face goes when detections come back without it for the hold (the tracker ends it),
    /// not when the detector is merely slow; `maxAge` frames without news is the limit.
    package func faces(at index: Int) -> [TrackedFace] {
        state.withLock { s in
            var result: [TrackedFace] = []
            for track in s.tracker.tracks.values {
                guard let id = track.id, track.status == .confirmed else { continue }
                if let end = track.endsBefore, index >= end { continue }
                let age = index - track.lastFrame
                guard age <= maxAge else { continue }
                let lead = Double(max(-maxLead, min(maxLead, age)))
                let face = track.lastFace.moved(by: Point(x: track.velocity.x * lead, y: track.velocity.y * lead))
                result.append(TrackedFace(id: id, face: face, source: age == 0 ? .detected : (age <= maxLead ? .interpolated : .held)))
            }
            return result.sorted { $0.id < $1.id }
        }
    }
}

extension Face {
    /// The face shifted by `offset`, landmarks and all.
    func moved(by offset: Point) -> Face {
        guard offset.x != 0 || offset.y != 0 else { return self }
        let b = box
        let landmarks = self.landmarks.flatMap { Landmarks(points: $0.points.map { Point(x: $0.x + offset.x, y: $0.y + offset.y) }) }
        return Face(box: Rect(x: b.x + offset.x, y: b.y + offset.y, width: b.width, height: b.height), score: score,
                    landmarks: landmarks)
    }
}
