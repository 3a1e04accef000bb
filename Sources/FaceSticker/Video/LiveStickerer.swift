/// Stickers on a live picture (the selfie preview) the way videos get them:
/// each frame's detections go through the video path's tracker, so a face
/// shows its sticker once it was seen twice and a one-frame false detection
/// never does, and each sticker's placement is smoothed (One Euro) instead of
/// jumping with every detection. Frames come out in order, decorated, after
/// the tracker's short wait (one detection round).
package struct LiveStickerer {
    private struct Frame: Sendable {
        var image: RGBAImage
        var time: Double
    }

    private var timeline: TrackTimeline<Frame>
    private var painter: TrackPainter
    private var index = 0
    private var lastTime: Double?
    private let frameRate: Double

    /// `frameRate` sets how long a lost face is held (0.4 s) before its sticker goes.
    package init(painter: TrackPainter, frameRate: Double = 30) {
        self.painter = painter
        self.frameRate = frameRate.isFinite && frameRate > 0 ? frameRate : 30
        timeline = TrackTimeline(settings: TrackerSettings.forVideo(frameRate: self.frameRate, detectEvery: 1))
    }

    /// Draws with other stickers or filters from the next frame on.
    package mutating func use(_ painter: TrackPainter) { self.painter = painter }

    /// Adds the next frame, taken at `time` seconds, with the faces found in it
    /// (nil when the detector did not run on it); `cut` when the picture jumped
    /// (mirroring toggled, another camera), so no track carries across.
    /// Returns the frames now ready, decorated, in order.
    package mutating func add(_ image: RGBAImage, faces: [Face]?, time: Double, cut: Bool = false) -> [RGBAImage] {
        let ready = timeline.add(index: index, payload: Frame(image: image, time: time), detections: faces, cut: cut)
        index += 1
        var out: [RGBAImage] = []
        for frame in ready { out.append(decorate(frame)) }
        return out
    }

    /// Every frame still waiting (at the end of a file source).
    package mutating func finish() -> [RGBAImage] {
        var out: [RGBAImage] = []
        for frame in timeline.finish() { out.append(decorate(frame)) }
        return out
    }

    private mutating func decorate(_ frame: TimelineFrame<Frame>) -> RGBAImage {
        let interval = lastTime.map { frame.payload.time - $0 }.flatMap { $0 > 0 && $0 < 1 ? $0 : nil } ?? 1 / frameRate
        lastTime = frame.payload.time
        var image = frame.payload.image
        painter.draw(painter.place(frame.faces, interval: interval), onto: &image)
        return image
    }
}
