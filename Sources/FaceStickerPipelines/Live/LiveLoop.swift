import Foundation
import Synchronization
import FaceStickerCore
import FaceStickerNative
import FaceStickerMedia
import FaceStickerVision
import FaceStickerRender

/// What the preview (or anything driving the loop) asks of it.
package enum LiveAction: Sendable {
    /// Stop after this frame.
    case quit
    /// Mirror the picture from the next frame on (tracks are cut: the picture jumped).
    case mirror(Bool)
    /// Draw with other stickers or filters from the next frame on.
    case use(TrackPainter)
    /// Crop the centre `factor` times (1: none) before detection and drawing.
    case digitalZoom(Double)
    /// The picture jumped (another camera): no track carries across.
    case cut
    /// Run this on the source thread between two frames (camera keys); its line goes to the notes.
    case onSource(@Sendable (FrameSource) throws -> String?)
}

/// Shows frames and takes keys: the preview window. Called on the loop's
/// (calling) thread, which for a window must be the main thread.
package protocol LivePresenter: AnyObject {
    /// Shows `frame`, which went out with `faces` stickered faces; returns what the keys asked.
    func present(_ frame: YUVFrame, matrix: YUVMatrix, faces: Int) throws -> [LiveAction]
    /// Lets the window take input while no frame is waiting.
    func idle() throws -> [LiveAction]
    /// The run ended: close the window (on the loop's thread: the last reference to the
    /// presenter may be dropped on another one, where a window must not be destroyed).
    func close()
}

/// `facesticker live`'s engine: a source thread reads frames from any
/// `FrameSource` (a file paced at its rate unless `fast`) and takes them as
/// YUV of the first frame's size (another size is scaled), a detector thread runs the video path's
/// detector on the newest frame it can take, a follower thread (stickers) follows
/// each face the tracks hold into the newest frame with the face mesh alone, a flow
/// thread (with the follower) carries each face into every newest frame by the
/// picture's motion (optical flow: no network, a fraction of the mesh's cost), and
/// the calling thread sends each frame out as soon as it arrives, with the
/// tracks' latest faces carried along their motion since the last fit, and
/// smoothed sticker placements, never waiting for the detector or the mesh. A frame that
/// arrives before the output took the last one replaces it (dropped, never
/// queued).
///
/// The detector finds faces and confirms them; the mesh moves them, and the flow
/// between the mesh's fits. However slow the detector (a busy or slow machine:
/// issue #42), a placement lags the head by the mesh's time, or where even the mesh
/// falls behind by the flow's, and a face the mesh follows is confirmed by its first
/// fit, so its sticker shows on the next frame out. A detection of a frame the mesh has
/// already followed its face past confirms the track and never takes it back; a fit of
/// a frame the flow has carried its face past places it with the flow's motion since.
///
/// Shared state lives in `Mutex`es; everything else has one owner thread:
/// `source` the source thread once `run` starts, the detector the detector
/// thread, the follower the follower thread, the flow's frames the flow thread, and `sinks`, `presenter` and the
/// painter the calling thread. With `Options.stepped` every stage runs on the
/// calling thread instead, one frame at a time (tests).
package final class LiveLoop: @unchecked Sendable {
    package struct Options: Sendable {
        /// Deliver a file's frames at its rate, as a camera would (false: `--fast`, as fast as they go).
        package var paced = true
        /// Start a file again at its end (`--loop`).
        package var loop = false
        /// Mirror the picture.
        package var mirrored = false
        /// The most detections a second.
        package var detectionRate = 15.0
        /// Stop after this many seconds (nil: at the end, q or a signal).
        package var duration: Double?
        /// Stop after this many frames in (nil: no limit).
        package var maxFrames: Int?
        /// What tracking is tuned for: `recall` when every layer hides the face.
        package var profile = DetectionProfile.precision
        /// The size frames go out at when the source's shape differs (nil: the source's size):
        /// each frame is cropped around the faces or padded (`LiveFramer`), never stretched.
        package var framing: Framing?
        /// Test seam: run the stages one frame at a time on the calling thread, with the
        /// frame count as the clock (`Stepping`); nil: in real time, on their threads.
        package var stepped: Stepping?
        /// Told each frame's number (counted from the source's first) and its faces with their
        /// placements as it goes out.
        package var onPainted: (@Sendable (_ frame: Int, _ faces: [PaintedFace]) -> Void)?

        package init() {}
    }

    /// A run whose clock is the frame count, the same every time (tests, issue #42): each
    /// frame in file order is, in turn, handed to a detection that is due, sent out with
    /// the tracks' faces, then followed by the face mesh (as the follower thread would
    /// while the output sends it). A detection takes `detectionFrames` frames: it looks at
    /// the frame it starts on and answers when the frame that many later arrives, before
    /// that one goes out; then the next one starts there. 0: each frame is detected and
    /// answered before it goes out (an unhindered detector). `followFrames` is the same for
    /// the face mesh (a machine where even the mesh cannot keep up); 0: it follows every frame.
    /// The optical flow carries the faces into each frame as it goes out, before the mesh
    /// (`flows`; false: no flow, to measure what it adds).
    package struct Stepping: Sendable {
        package var detectionFrames: Int
        package var followFrames: Int
        package var flows: Bool

        package init(detectionFrames: Int, followFrames: Int = 0, flows: Bool = true) {
            self.detectionFrames = max(0, detectionFrames)
            self.followFrames = max(0, followFrames)
            self.flows = flows
        }
    }

    package let source: FrameSource
    package let options: Options
    /// The size of every frame out: the source's first frame's.
    package let width: Int
    package let height: Int
    /// The source's rate and colour matrix, as they were at the start.
    package let frameRate: FrameRate
    package let matrix: YUVMatrix
    package let stats = LiveStats()
    private let detectorSettings: DetectorSettings
    private let painter: TrackPainter
    private let sinks: [FrameSink]
    private let presenter: LivePresenter?
    private let tracks: LiveTracks
    private let slot = FrameSlot()
    private let inbox = StageInbox()
    private let followInbox = StageInbox()
    private let flowInbox = StageInbox()
    private let control: Mutex<Control>
    /// Lines about what changed, for stderr.
    private let onNote: @Sendable (String) -> Void
    /// The first frame out with a sticker (the output's thread's): its line goes to `onNote` once.
    private var firstSticker: Int?

    private struct Control {
        var stop = false
        var mirrored: Bool
        var zoom = 1.0
        var cutPending = false
        var tasks: [@Sendable (FrameSource) throws -> String?] = []
        var failure: Error?
    }

    /// `detector`: the detector settings for frames of the source's size. Fails when the
    /// source's size cannot be known (a folder whose first picture does not read).
    package init(source: FrameSource, detector: DetectorSettings, painter: TrackPainter, sinks: [FrameSink],
                 presenter: LivePresenter? = nil, options: Options, onNote: @escaping @Sendable (String) -> Void = { _ in }) throws {
        self.source = source
        (width, height) = try source.size
        frameRate = source.frameRate
        matrix = source.matrix
        self.onNote = onNote
        detectorSettings = detector
        self.painter = painter
        self.sinks = sinks
        self.presenter = presenter
        self.options = options
        control = Mutex(Control(mirrored: options.mirrored))
        tracks = LiveTracks(frameRate: frameRate.value, detectionRate: options.detectionRate, profile: options.profile)
    }

    /// Runs `task` on the source thread between two frames (camera controls
    /// are not thread-safe); its line, if any, goes to `onNote`.
    package func onSourceThread(_ task: @escaping @Sendable (FrameSource) throws -> String?) {
        control.withLock { $0.tasks.append(task) }
    }

    /// Stops the run (from any thread: a signal, a key).
    package func stop() { control.withLock { $0.stop = true } }

    private var stopping: Bool { control.withLock { $0.stop } }

    private func fail(_ error: Error) {
        control.withLock { c in
            if c.failure == nil { c.failure = error }
            c.stop = true
        }
    }

    /// Runs until the end of a file source, a quit, `stop()` or `cancellation`; returns the stats.
    package func run(cancellation: Cancellation) throws -> LiveSummary {
        let token = cancellation.onCancel { [self] in stop() }
        defer { cancellation.remove(token) }
        // Detection's threads: one, and OpenCV's own kept to one, so the output keeps a core.
        try? OpenCVDetector.setThreadsPerDetection(1)
        if let stepped = options.stepped {
            do {
                try steppedRun(stepped)
            } catch {
                sinks.forEach { $0.abandon() }
                throw error
            }
            for sink in sinks { try sink.finish() }
            return stats.summary()
        }
        let group = DispatchGroup()
        detach(group) { [self] in detectStage(try makeDetector()) }
        detach(group) { [self] in
            // No face mesh (not installed, or faces hidden: every layer detects): nothing follows.
            guard let follower = try makeFollower() else {
                flowInbox.close()
                return followInbox.close()
            }
            // The optical flow carries the faces on every frame, between the mesh's fits.
            detach(group) { [self] in
                var flow = FrameFlow(width: width, height: height)
                while let frame = flowInbox.next() { try carry(frame, with: &flow) }
            }
            while let frame = followInbox.next() { try follow(frame, with: follower) }
        }
        group.enter()
        Thread.detachNewThread { [self] in
            defer { group.leave() }
            do { try sourceStage() } catch { fail(error) }
            slot.close()
        }
        do {
            try outputStage()
        } catch {
            fail(error)
        }
        stop()
        slot.close()
        inbox.close()
        followInbox.close()
        flowInbox.close()
        presenter?.close()
        group.wait()
        if let failure = control.withLock({ $0.failure }) {
            sinks.forEach { $0.abandon() }
            throw failure
        }
        for sink in sinks { try sink.finish() }
        return stats.summary()
    }

    /// Runs `stage` on a thread of its own, counted in `group`; a failure stops the run and
    /// closes the output's slot, so that nothing waits for a frame that will not come.
    private func detach(_ group: DispatchGroup, _ stage: @escaping @Sendable () throws -> Void) {
        group.enter()
        Thread.detachNewThread { [self] in
            defer { group.leave() }
            do {
                try stage()
            } catch {
                fail(error)
                slot.close()
            }
        }
    }

    // MARK: - Stages

    private func sourceStage() throws {
        let interval = 1 / frameRate.value
        let paced = options.paced && !source.isLive
        let began = LiveStats.now()
        // The schedule starts with the first frame decoded (ffmpeg takes a moment to start).
        var start: UInt64?
        var index = 0
        var scheduleIndex = 0
        // The detector loads its model first: frames sent before it can take one would all go
        // out bare (a `--fast` run of a short clip would be over before the first detection).
        inbox.waitForAsk(seconds: 20) { stopping }
        // A hard cut in a file (a new shot) lets every face go at once, as the video path does.
        var cuts = SceneCutDetector()
        var clockOrigin: UInt64?
        // A source that repeats its picture (a still) is converted once, shown once, and again only to loop.
        var held: YUVFrame?
        // `--loop` started the file again.
        var restarted = false
        while !stopping {
            let tasks = control.withLock { c -> [@Sendable (FrameSource) throws -> String?] in
                let t = c.tasks
                c.tasks.removeAll()
                return t
            }
            for task in tasks {
                if let note = try task(source) { onNote(note) }
            }
            if let maxFrames = options.maxFrames, index >= maxFrames { break }
            if let duration = options.duration, Double(LiveStats.now() - began) / 1e9 >= duration { break }
            var image: YUVFrame
            if let held {
                guard options.loop else { break }
                image = held
            } else {
                guard let frame = try source.next() else {
                    guard options.loop, try source.rewind() else { break }
                    // The picture jumps back to the file's start: no track carries across.
                    restarted = true
                    continue
                }
                image = try yuv(frame)
                if source.repeats { held = image }
            }
            if paced {
                // Delivered at its time, as a camera would; late frames go at once.
                let origin = start ?? LiveStats.now()
                start = origin
                let due = origin + UInt64(Double(scheduleIndex) * interval * 1e9)
                while !stopping {
                    let now = LiveStats.now()
                    guard now < due else { break }
                    Thread.sleep(forTimeInterval: min(0.05, Double(due - now) / 1e9))
                }
            }
            scheduleIndex += 1
            let (mirrored, zoom, cut) = control.withLock { c -> (Bool, Double, Bool) in
                let cut = c.cutPending
                c.cutPending = false
                return (c.mirrored, c.zoom, cut)
            }
            let now = LiveStats.now()
            let origin = clockOrigin ?? now
            clockOrigin = origin
            let tick = Int(Double(now - origin) / 1e9 / interval)
            if cut || restarted || (!source.isLive && cuts.isCut(image)) { tracks.cut(at: tick) }
            restarted = false
            if zoom > 1.001 { image = LiveZoom.crop(image, factor: zoom) }
            if mirrored { image.mirror() }
            let frame = arrived(image, index: index, tick: tick)
            index += 1
            inbox.offer(frame)
            followInbox.offer(frame)
            flowInbox.offer(frame)
            if slot.put(frame, wait: !paced && !source.isLive, stop: { stopping }) { stats.droppedFrame() }
        }
    }

    /// `image`, in now: the frame number `index` of the source, at `tick` on the loop's clock.
    private func arrived(_ image: YUVFrame, index: Int, tick: Int) -> Frame {
        let arrival = LiveStats.now()
        stats.arrived(at: arrival)
        var frame = Frame(image, matrix: matrix, index: index)
        frame.tick = tick
        frame.arrival = arrival
        return frame
    }

    /// `frame` as YUV of the loop's size: a picture of another size (a folder's, another
    /// camera's after a switch) is scaled with its shape kept, as RGBA, converted with the
    /// loop's matrix, and cropped in the middle (or with `--fit` padded): never stretched.
    private func yuv(_ frame: Frame) throws -> YUVFrame {
        guard frame.width != width || frame.height != height else { return frame.yuv }
        let shape = Framing(options.framing?.mode ?? .fill, width: width, height: height)
        let (w, h) = shape.scaledSize(sourceWidth: frame.width, sourceHeight: frame.height)
        let scaled = YUVConversion.frame(try OpenCV.resize(frame.rgba, width: w, height: h), matrix: matrix)
        return shape.mode == .fill ? scaled.cropped(x: (w - width) / 2, y: (h - height) / 2, width: width, height: height)
            : scaled.padded(width: width, height: height, x: (width - w) / 2, y: (height - h) / 2)
    }

    private func makeDetector() throws -> FrameDetector {
        try FrameDetector(settings: detectorSettings, width: width, height: height, matrix: matrix,
                          follow: options.profile.followsFacesByMesh)
    }

    /// The face mesh follower, for stickers; nil when faces are hidden (every layer detects
    /// every round: `DetectionProfile.followsFacesByMesh`) or the mesh is not installed.
    private func makeFollower() throws -> FrameFollower? {
        guard options.profile.followsFacesByMesh else { return nil }
        return try FrameFollower(settings: detectorSettings, matrix: matrix)
    }

    /// Follows the tracks' faces into `frame` with the face mesh (`LiveTracks.follow`).
    private func follow(_ frame: Frame, with follower: FrameFollower) throws {
        settle(try following(frame, with: follower), at: frame.tick)
    }

    /// The tracks' faces followed into `frame` by the face mesh, by track (lost ones left out).
    private func following(_ frame: Frame, with follower: FrameFollower) throws -> [(key: Int, face: Face)] {
        let faces = tracks.followable(at: frame.tick)
        guard !faces.isEmpty else { return [] }
        let moved = try follower.follow(faces.map(\.face), in: frame.yuv)
        return zip(faces, moved).compactMap { pair in pair.1.map { (key: pair.0.key, face: $0) } }
    }

    /// Carries the tracks' faces into `frame` by the picture's motion since the frames they
    /// are known in (`LiveTracks.shift`), then keeps `frame` to carry them on from.
    private func carry(_ frame: Frame, with flow: inout FrameFlow) throws {
        let faces = tracks.followable(at: frame.tick).filter { flow.remembers($0.frame) }
        if !faces.isEmpty {
            let shifts = try flow.shifts(faces.map { ($0.face, $0.frame) }, into: frame.yuv)
            let moved = zip(faces, shifts).compactMap { face, shift in shift.map { (key: face.key, from: face.frame, shift: $0) } }
            if !moved.isEmpty {
                tracks.shift(frame: frame.tick, faces: moved)
                stats.flowed()
            }
        }
        flow.remember(frame.yuv, tick: frame.tick)
    }

    /// The mesh's answer for the frame at `tick` reaches the tracks.
    private func settle(_ followed: [(key: Int, face: Face)], at tick: Int) {
        guard !followed.isEmpty else { return }
        tracks.follow(frame: tick, faces: followed)
        stats.followed(at: tick)
    }

    /// Sends `frame` out with the tracks' faces at its tick, placed by `painter` (smoothed
    /// over `interval` seconds since the last frame), framed by `framer`.
    private func send(_ frame: Frame, interval: Double, painter: inout TrackPainter, framer: inout LiveFramer?) throws -> [LiveAction] {
        var frame = frame
        let painted = painter.place(tracks.faces(at: frame.tick), interval: interval)
        options.onPainted?(frame.index, painted)
        if firstSticker == nil, painted.contains(where: { !$0.placements.isEmpty }) {
            firstSticker = frame.index
            onNote("first sticker on frame \(frame.index)")
        }
        frame.editYUV { painter.draw(painted, onto: &$0, matrix: matrix) }
        var image = frame.yuv
        if var shaped = framer {
            image = shaped.frame(image, faces: painted.map(\.tracked.face.box))
            framer = shaped
        }
        for sink in sinks { try sink.write(image) }
        let actions = try presenter?.present(image, matrix: matrix, faces: painted.count) ?? []
        stats.wentOut(arrival: frame.arrival)
        return actions
    }

    /// `Options.stepped`'s run: every stage in turn on this thread, the frame count the clock.
    private func steppedRun(_ stepping: Stepping) throws {
        let detector = try makeDetector()
        let follower = try makeFollower()
        var flow = FrameFlow(width: width, height: height)
        var painter = painter
        var framer = options.framing.map(LiveFramer.init)
        var pending: (frame: Int, faces: [Face], due: Int)?
        var pendingFollow: (frame: Int, faces: [(key: Int, face: Face)], due: Int)?
        var round = 0
        var index = 0
        let mirrored = options.mirrored
        var cuts = SceneCutDetector()
        // A still is shown once, and again only to loop (as the source thread does).
        while !stopping, index < options.maxFrames ?? .max, index == 0 || !source.repeats || options.loop,
              let next = try source.next() {
            var image = try yuv(next)
            if cuts.isCut(image) { tracks.cut(at: index) }
            if mirrored { image.mirror() }
            let frame = arrived(image, index: index, tick: index)
            if let answer = pending, index >= answer.due {
                tracks.record(frame: answer.frame, faces: answer.faces)
                pending = nil
            }
            if pending == nil {
                let faces = try detector.detect(in: image, round: round)
                round += 1
                stats.detected()
                if stepping.detectionFrames == 0 {
                    tracks.record(frame: index, faces: faces)
                } else {
                    pending = (index, faces, index + stepping.detectionFrames)
                }
            }
            if let answer = pendingFollow, index >= answer.due {
                settle(answer.faces, at: answer.frame)
                pendingFollow = nil
            }
            _ = try send(frame, interval: 1 / frameRate.value, painter: &painter, framer: &framer)
            if follower != nil, stepping.flows { try carry(frame, with: &flow) }
            if let follower, pendingFollow == nil {
                if stepping.followFrames == 0 {
                    try follow(frame, with: follower)
                } else {
                    let followed = try following(frame, with: follower)
                    if !followed.isEmpty { pendingFollow = (index, followed, index + stepping.followFrames) }
                }
            }
            index += 1
        }
    }

    private func detectStage(_ detector: FrameDetector) {
        let gap = UInt64(1e9 / max(0.1, options.detectionRate))
        var last: UInt64 = 0
        var round = 0
        while true {
            let now = LiveStats.now()
            if last > 0, now < last + gap { Thread.sleep(forTimeInterval: Double(last + gap - now) / 1e9) }
            guard let frame = inbox.next() else { return }
            last = LiveStats.now()
            do {
                let faces = try detector.detect(in: frame.yuv, round: round)
                round += 1
                tracks.record(frame: frame.tick, faces: faces)
                stats.detected()
            } catch {
                fail(error)
                slot.close()
                return
            }
        }
    }

    private func outputStage() throws {
        var painter = painter
        var framer = options.framing.map(LiveFramer.init)
        var lastArrival: UInt64?
        while true {
            let taken = slot.take(timeoutMs: presenter == nil ? 100 : 10)
            var actions: [LiveAction] = []
            switch taken {
            case .closed:
                return
            case .empty:
                if let presenter { actions = try presenter.idle() }
            case .frame(let frame):
                let interval = lastArrival.map { Double(frame.arrival &- $0) / 1e9 }.flatMap { $0 > 0 && $0 < 1 ? $0 : nil }
                    ?? 1 / frameRate.value
                lastArrival = frame.arrival
                actions = try send(frame, interval: interval, painter: &painter, framer: &framer)
            }
            for action in actions {
                switch action {
                case .quit:
                    return
                case .mirror(let on):
                    control.withLock { c in
                        c.mirrored = on
                        c.cutPending = true
                    }
                case .use(let next):
                    painter = next
                case .digitalZoom(let factor):
                    control.withLock { c in
                        c.zoom = factor
                        c.cutPending = true
                    }
                case .cut:
                    control.withLock { $0.cutPending = true }
                case .onSource(let task):
                    control.withLock { $0.tasks.append(task) }
                }
            }
            if stopping { return }
        }
    }
}

/// Puts each frame out at the output's size (`Framing`), never stretched: padded in the
/// middle (`fit`), or cropped (`fill`) around the faces. The window's middle eases toward
/// the middle of the faces, a tenth of the way each frame, and only once they are more than
/// a twentieth of the output away, so the picture follows the people without shaking; it
/// stays where it was while no face is seen, and starts in the middle.
package struct LiveFramer: Sendable {
    package let framing: Framing
    /// The cropped window's middle, in the frame's pixels.
    private var centre: Point?

    package init(_ framing: Framing) { self.framing = framing }

    package mutating func frame(_ image: YUVFrame, faces: [Rect]) -> YUVFrame {
        let (w, h) = (framing.width, framing.height)
        guard framing.mode == .fill else {
            return image.padded(width: w, height: h, x: (w - image.width) / 2, y: (h - image.height) / 2)
        }
        var current = centre ?? Point(x: Double(image.width) / 2, y: Double(image.height) / 2)
        if !faces.isEmpty {
            // The middle of the box around every face.
            let (left, right) = (faces.map(\.minX).min() ?? 0, faces.map(\.maxX).max() ?? 0)
            let (top, bottom) = (faces.map(\.minY).min() ?? 0, faces.map(\.maxY).max() ?? 0)
            let target = Point(x: (left + right) / 2, y: (top + bottom) / 2)
            let (dx, dy) = (target.x - current.x, target.y - current.y)
            if abs(dx) > Double(w) / 20 || abs(dy) > Double(h) / 20 {
                current = Point(x: current.x + dx / 10, y: current.y + dy / 10)
            }
        }
        centre = current
        let x = Int(max(0, min(Double(image.width - w), (current.x - Double(w) / 2).rounded())))
        let y = Int(max(0, min(Double(image.height - h), (current.y - Double(h) / 2).rounded())))
        return image.cropped(x: x, y: y, width: w, height: h)
    }
}

/// The centred digital zoom: the middle 1/`factor` of the picture, scaled back to full size.
package enum LiveZoom {
    package static func crop(_ frame: YUVFrame, factor: Double) -> YUVFrame {
        let f = max(1, min(8, factor))
        var out = frame
        func plane(offset: Int, width: Int, height: Int) {
            let cw = Double(width) / f, ch = Double(height) / f
            let x0 = (Double(width) - cw) / 2, y0 = (Double(height) - ch) / 2
            frame.data.withUnsafeBufferPointer { src in
                out.data.withUnsafeMutableBufferPointer { dst in
                    var columns = [Int](repeating: 0, count: width)
                    for x in 0..<width { columns[x] = min(width - 1, Int(x0 + (Double(x) + 0.5) * cw / Double(width))) }
                    for y in 0..<height {
                        let sy = min(height - 1, Int(y0 + (Double(y) + 0.5) * ch / Double(height)))
                        let s = offset + sy * width, d = offset + y * width
                        for x in 0..<width { dst[d + x] = src[s + columns[x]] }
                    }
                }
            }
        }
        plane(offset: 0, width: frame.width, height: frame.height)
        plane(offset: frame.uOffset, width: frame.chromaWidth, height: frame.chromaHeight)
        plane(offset: frame.vOffset, width: frame.chromaWidth, height: frame.chromaHeight)
        return out
    }
}
