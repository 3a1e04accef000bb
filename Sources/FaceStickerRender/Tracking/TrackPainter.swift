import FaceStickerCore
/// Draws each tracked face's stickers on video frames, as `StickerRenderer`
/// does for photos (filters over the frame, then the stickers), except that a
/// face keeps its sticker for its whole track (with `.cycle`, track n gets
/// sticker n mod count, whatever the faces' order in a frame) and that each
/// layer's placement is smoothed over time per track (an effect's only so far
/// as it still covers the face: `covering(_:smoothed:)`). Used from one thread,
/// frames in order.
package struct TrackPainter: Sendable {
    package let stickers: [Sticker]
    package let assignment: Sticker.Assignment
    package let filters: FilterChain
    /// Nil: placements go unsmoothed (for measuring what smoothing brings).
    package let smoothing: SmoothingParameters?
    /// Each sticker's layers named (`labels(for:)`), and all of them in order: made once, not per frame.
    private let labelsBySticker: [[Sticker.LayerLabel]]
    private let allLabels: [Sticker.LayerLabel]
    private var smoothers: [Key: PlacementSmoother] = [:]
    private var chooser = FaceChoice.TrackChooser(.all)

    /// Which tracks get stickers (`--faces` by track id, `--max-faces`, `--min-face`):
    /// the others are placed with no layers (the tracks file still lists them, with
    /// a null sticker). Setting it starts the choice afresh.
    package var choice: FaceChoice {
        get { chooser.choice }
        set { chooser = FaceChoice.TrackChooser(newValue) }
    }

    private struct Key: Hashable, Sendable {
        let track: Int
        let layer: Int
    }

    package init(stickers: [Sticker], assignment: Sticker.Assignment = .all, filters: FilterChain = FilterChain(filters: []),
                smoothing: SmoothingParameters? = SmoothingParameters()) {
        self.stickers = stickers
        self.assignment = assignment
        self.filters = filters
        self.smoothing = smoothing
        labelsBySticker = stickers.map { sticker in sticker.layers.map { Sticker.LayerLabel(sticker: sticker.name, layer: $0) } }
        allLabels = labelsBySticker.flatMap { $0 }
    }

    /// The layers `track` wears, in drawing order.
    package func layers(for track: Int) -> [Sticker.Layer] {
        guard !stickers.isEmpty else { return [] }
        if assignment == .cycle { return stickers[track % stickers.count].layers }
        return stickers.flatMap(\.layers)
    }

    /// What each of `layers(for:)` is: its sticker's name and its anchor (what the tracks file names).
    package func labels(for track: Int) -> [Sticker.LayerLabel] {
        guard !labelsBySticker.isEmpty else { return [] }
        return assignment == .cycle ? labelsBySticker[track % labelsBySticker.count] : allLabels
    }

    /// The next frame's placements for `faces`, smoothed; `interval` is the
    /// time since the previous frame in seconds.
    package mutating func place(_ faces: [TrackedFace], interval: Double) -> [PaintedFace] {
        var seen = Set<Key>()
        let chosen = chooser.choose(faces)
        let painted = faces.map { tracked -> PaintedFace in
            guard chosen.contains(tracked.id) else { return PaintedFace(tracked: tracked, placements: [], labels: []) }
            let pose = FacePose(face: tracked.face)
            let placements = layers(for: tracked.id).enumerated().map { index, layer -> Sticker.Placement in
                let raw = Sticker.Layout.placement(of: layer, on: pose)
                guard let smoothing else { return raw }
                let key = Key(track: tracked.id, layer: index)
                seen.insert(key)
                var smoother = smoothers[key] ?? PlacementSmoother(smoothing)
                let smoothed = smoother.smooth(raw, interval: interval, faceScale: pose.eyeDistance)
                smoothers[key] = smoother
                return layer.effect == nil ? smoothed : Self.covering(raw, smoothed: smoothed)
            }
            return PaintedFace(tracked: tracked, placements: placements, labels: labels(for: tracked.id))
        }
        // A track that left the picture never comes back under its id: forget it.
        smoothers = smoothers.filter { seen.contains($0.key) }
        return painted
    }

    /// An effect's placement: on the face's own centre and angle, and no smaller than its
    /// own region on either side, so the region laid out for the face is always inside
    /// it (whatever the mask's shape) and a hidden face never peeks out behind a lagging
    /// mask. Only the size is smoothed, and only as it shrinks: a mask that grows at once
    /// and shrinks slowly does not breathe with the detector's box, and a few pixels of
    /// jitter at a soft-edged mask's centre are far less visible than a sticker's.
    package static func covering(_ raw: Sticker.Placement, smoothed: Sticker.Placement) -> Sticker.Placement {
        Sticker.Placement(center: raw.center,
                          size: Size(width: max(raw.size.width, smoothed.size.width),
                                     height: max(raw.size.height, smoothed.size.height)),
                          angle: raw.angle)
    }

    /// Every face's layers at their placements, in drawing order.
    package func placedLayers(_ faces: [PaintedFace]) -> [(layer: Sticker.Layer, placement: Sticker.Placement)] {
        faces.flatMap { face in zip(layers(for: face.tracked.id), face.placements).map { (layer: $0, placement: $1) } }
    }

    /// Applies the filters, then draws every face's layers at their placements
    /// (`StickerSurface.draw`): with filters the whole frame goes through RGBA;
    /// without, the stickers are blended into the YUV pixels under them.
    package func draw(_ faces: [PaintedFace], onto frame: inout YUVFrame, matrix: YUVMatrix) {
        frame.draw(placedLayers(faces), filters: filters, matrix: matrix)
    }
}

/// A tracked face in an output frame with the placements its sticker layers
/// were drawn at (smoothed), in drawing order: what the tracks file records.
package struct PaintedFace: Equatable, Sendable {
    package var tracked: TrackedFace
    package var placements: [Sticker.Placement]
    /// What each placement is (its sticker and anchor), in the same order; empty when not known.
    package var labels: [Sticker.LayerLabel]

    package init(tracked: TrackedFace, placements: [Sticker.Placement], labels: [Sticker.LayerLabel] = []) {
        self.tracked = tracked
        self.placements = placements
        self.labels = labels
    }
}

extension FaceChoice {
    /// The choice over a video's tracks, frame after frame (used from one thread, frames in order).
    package struct TrackChooser: Sendable {
        package let choice: FaceChoice
        /// Each track's largest size so far.
        private var peaks: [Int: Double] = [:]
        /// The tracks chosen in the previous frame.
        private var previous: Set<Int> = []

        package init(_ choice: FaceChoice) {
            self.choice = choice
        }

        /// The ids of `faces` (this frame's) that get stickers.
        package mutating func choose(_ faces: [TrackedFace]) -> Set<Int> {
            if choice.choosesAll { return Set(faces.map(\.id)) }
            for face in faces { peaks[face.id] = max(peaks[face.id] ?? 0, FaceChoice.size(of: face.face)) }
            var candidates = faces.map(\.id)
            if case .listed(let ids) = choice.selection { candidates = candidates.filter { ids.contains($0) } }
            if let minFace = choice.minFace { candidates = candidates.filter { (peaks[$0] ?? 0) >= minFace } }
            if let limit = choice.limit {
                // Chosen tracks count 10% larger, so near-equal tracks do not take turns.
                let previous = previous
                func weight(_ id: Int) -> Double {
                    (peaks[id] ?? 0) * (previous.contains(id) ? FaceChoice.hysteresis : 1)
                }
                candidates.sort { weight($0) != weight($1) ? weight($0) > weight($1) : $0 < $1 }
                candidates = Array(candidates.prefix(limit))
            }
            let chosen = Set(candidates)
            previous = chosen
            // Tracks never come back under their id: forget those gone.
            let present = Set(faces.map(\.id))
            peaks = peaks.filter { present.contains($0.key) }
            return chosen
        }
    }
}
