#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative

/// A V4L2 camera: open, query, negotiate a format, stream through mmap'd
/// buffers and stop, talking only to a `V4L2System` (libv4l2 for real, a
/// scripted fake in tests). Every wait is bounded; every way out of `start`
/// and every path through `close` (and deinit) leaves the device stopped,
/// unmapped and closed.
///
/// Not thread-safe: one owner drives it.
package final class V4L2Camera {
    /// Where the camera is in its life.
    package enum State: Equatable, Sendable {
        /// Opened and queried; formats and controls can be used, no buffers held.
        case open
        /// Buffers requested, mapped and queued; the driver is streaming.
        case streaming
        /// The file descriptor is closed; nothing more can be done.
        case closed
    }

    package let path: String
    package let capability: V4L2Capability
    package private(set) var state: State
    /// The format negotiated by the last `start`.
    package private(set) var format: V4L2PixelFormat?
    /// Seconds per frame the driver reported at `start`, when it did.
    package private(set) var frameInterval: Double?
    /// The longest wait for one frame once frames flow.
    package var frameTimeoutMs: Int
    /// The longest wait for the first frame: cameras take a while to wake.
    package var firstFrameTimeoutMs: Int
    /// Damaged frames in a row after which the camera counts as broken.
    package var maxDamagedFrames = 30

    package let system: any V4L2System
    package let fd: Int32
    private var buffers: [(address: UnsafeMutableRawPointer, length: Int)] = []
    private var framesRead = 0

    /// Opens `path` and checks it is a streaming video capture device.
    package init(path: String, system: any V4L2System = V4L2(), frameTimeoutMs: Int = 3000,
                firstFrameTimeoutMs: Int = 6000) throws {
        self.path = path
        self.system = system
        self.frameTimeoutMs = frameTimeoutMs
        self.firstFrameTimeoutMs = firstFrameTimeoutMs
        let fd: Int32
        do {
            fd = try system.open(path)
        } catch {
            throw CameraFailure.describe(path, error, doing: "open")
        }
        do {
            capability = try system.queryCapability(fd)
        } catch {
            system.close(fd)
            throw CameraFailure.describe(path, error, doing: "query")
        }
        if let problem = capability.captureProblem {
            system.close(fd)
            throw FaceStickerError.unreadable(path: path, reason: problem)
        }
        self.fd = fd
        state = .open
    }

    deinit { close() }

    // MARK: - Formats

    /// The most formats `formats()` lists: vivid alone offers over 80 with libv4l2's conversions.
    package static let formatLimit = 256

    /// The pixel formats the driver offers (the first `formatLimit`).
    package func formats() throws -> [V4L2FormatDescription] { try formatList().formats }

    /// The pixel formats the driver offers, at most `formatLimit`, and whether it offers more.
    package func formatList() throws -> (formats: [V4L2FormatDescription], truncated: Bool) {
        try requireOpen()
        do {
            let found = try Self.list(limit: Self.formatLimit) { index throws(V4L2SystemError) in
                try system.enumerateFormat(fd, index: index)
            }
            return (found.entries, found.truncated)
        } catch {
            throw CameraFailure.describe(path, error, doing: "list formats")
        }
    }

    /// The frame sizes the driver offers for `fourcc`.
    package func frameSizes(for fourcc: FourCC) throws -> [V4L2FrameSize] {
        try requireOpen()
        return try Self.frameSizes(for: fourcc, path: path, fd: fd, system: system)
    }

    /// VIDIOC_ENUM_FRAMESIZES on any open node (capture or output): the sizes for `fourcc`.
    package static func frameSizes(for fourcc: FourCC, path: String, fd: Int32, system: any V4L2System) throws -> [V4L2FrameSize] {
        do {
            return try Self.list(limit: 256, endsWith: \.isStepwise) { index throws(V4L2SystemError) in
                do throws(V4L2SystemError) {
                    return try system.enumerateFrameSize(fd, format: fourcc, index: index)
                } catch where error.code == ENOTTY {
                    return nil
                }
            }.entries
        } catch {
            throw CameraFailure.describe(path, error, doing: "list frame sizes")
        }
    }

    /// An ENUM-style list read from index 0 until `entry` answers nil (or gives an entry that
    /// `endsWith` says is the last: a stepwise range), bounded so that a driver that never says
    /// "no more" cannot loop us forever: at most `limit` entries, and whether the driver had more.
    package static func list<Entry>(limit: Int, endsWith last: (Entry) -> Bool = { _ in false },
                            _ entry: (Int) throws(V4L2SystemError) -> Entry?)
        throws(V4L2SystemError) -> (entries: [Entry], truncated: Bool) {
        var found: [Entry] = []
        for index in 0...max(0, limit) {
            guard let next = try entry(index) else { return (found, false) }
            if index == limit { return (found, true) }
            found.append(next)
            if last(next) { return (found, false) }
        }
        return (found, false)
    }

    /// The frame intervals the driver offers for `fourcc` at `width` x `height`; empty when
    /// it lists none or cannot (a driver without VIDIOC_ENUM_FRAMEINTERVALS answers ENOTTY):
    /// the rate is then left to the driver, so a failure here is no error.
    package func frameIntervals(for fourcc: FourCC, width: Int, height: Int) -> [V4L2FrameInterval] {
        guard state != .closed else { return [] }
        // Any error ends the list (what was read so far stands).
        let found = try? Self.list(limit: 256, endsWith: \.isStepwise) { index in
            (try? system.enumerateFrameInterval(fd, format: fourcc, width: width, height: height, index: index)) ?? nil
        }
        return found?.entries ?? []
    }

    // MARK: - Streaming

    /// Negotiates `width` x `height` (the driver may choose the nearest size) in the
    /// format `fourccToAsk(width:height:interval:)` picks, then the frame rate: `fps` when
    /// asked for (the nearest interval the driver lists), else the fastest it lists
    /// for the negotiated format and size, read back as `frameInterval`. A driver
    /// that lists no intervals or cannot set them (ENOTTY, EINVAL) keeps its own
    /// rate. Then requests, maps and queues `bufferCount` buffers and starts
    /// streaming. On any failure everything done so far is undone and the camera
    /// is `.open` again.
    @discardableResult
    package func start(width: Int, height: Int, fps: Double? = nil, bufferCount: Int = 4) throws -> V4L2PixelFormat {
        try requireOpen()
        guard state == .open else {
            throw FaceStickerError.invalidArgument("\(path): already streaming")
        }
        let wantedInterval = fps.flatMap { $0.isFinite && $0 > 0 ? 1 / $0 : nil }
        let fourcc = fourccToAsk(width: width, height: height, interval: wantedInterval)
        let wanted = V4L2PixelFormat(width: width, height: height, fourcc: fourcc)
        let got: V4L2PixelFormat
        do {
            got = try system.setFormat(fd, wanted)
        } catch where error.code == EINVAL {
            throw FaceStickerError.unreadable(
                path: path, reason: "the driver refused the format \(width)x\(height) \(fourcc)")
        } catch {
            throw CameraFailure.describe(path, error, doing: "set the format")
        }
        guard Self.layout(of: got.fourcc) != nil, got.width > 0, got.height > 0 else {
            throw FaceStickerError.unreadable(
                path: path, reason: "the camera gives \(got.fourcc) \(got.width)x\(got.height), which cannot be read (YUYV or RGB24 needed)")
        }
        format = got
        try askFrameRate(got, interval: wantedInterval)
        frameInterval = (try? system.frameInterval(fd)) ?? nil
        do {
            try allocateAndStream(bufferCount)
        } catch {
            releaseBuffers(streaming: true)
            throw error
        }
        state = .streaming
        framesRead = 0
        return got
    }

    /// The next frame as YUV 4:2:0 in BT.601 limited range. Waits at most `firstFrameTimeoutMs` for the
    /// first frame and `frameTimeoutMs` for later ones, then fails with a
    /// line saying the camera stopped delivering frames.
    package func readFrame() throws -> YUVFrame {
        guard state == .streaming, let format else {
            throw FaceStickerError.invalidArgument("\(path): not streaming")
        }
        let timeoutMs = framesRead == 0 ? firstFrameTimeoutMs : frameTimeoutMs
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(timeoutMs)
        var damaged = 0
        while true {
            let left = deadline - clock.now
            let leftMs = max(0, Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000))
            let ready: Bool
            do {
                ready = try system.poll(fd, timeoutMs: leftMs)
            } catch {
                throw CameraFailure.describe(path, error, doing: "wait for a frame")
            }
            guard ready else { throw stalled(timeoutMs) }
            let buffer: V4L2Buffer
            do {
                buffer = try system.dequeueBuffer(fd)
            } catch where error.code == EAGAIN || error.code == EIO {
                // EAGAIN: woken without a frame; EIO: a lost frame the driver already recycled.
                if error.code == EIO { damaged += 1 }
                if damaged > maxDamagedFrames { throw broken(damaged) }
                if clock.now >= deadline { throw stalled(timeoutMs) }
                continue
            } catch {
                throw CameraFailure.describe(path, error, doing: "take a frame")
            }
            let image = decode(buffer, format)
            do {
                try system.queueBuffer(fd, index: buffer.index)
            } catch {
                throw CameraFailure.describe(path, error, doing: "requeue a buffer")
            }
            if let image {
                framesRead += 1
                return image
            }
            damaged += 1
            if damaged > maxDamagedFrames { throw broken(damaged) }
        }
    }

    /// Stops streaming and frees the buffers; the camera stays open. Safe to call in any state.
    package func stop() {
        guard state == .streaming else { return }
        releaseBuffers(streaming: true)
        state = .open
    }

    /// Stops and closes the device. Safe to call more than once.
    package func close() {
        guard state != .closed else { return }
        stop()
        system.close(fd)
        state = .closed
    }

    // MARK: - Private

    package func requireOpen() throws {
        guard state != .closed else { throw FaceStickerError.invalidArgument("\(path): camera is closed") }
    }

    private func allocateAndStream(_ count: Int) throws {
        let granted: Int
        do {
            granted = try system.requestBuffers(fd, count: count)
        } catch where error.code == EINVAL {
            throw FaceStickerError.unreadable(path: path, reason: "the driver does not support mmap streaming")
        } catch {
            throw CameraFailure.describe(path, error, doing: "request buffers")
        }
        guard granted >= 2 else {
            throw FaceStickerError.unreadable(path: path, reason: "the driver granted \(granted) capture buffer(s), 2 needed")
        }
        for index in 0..<granted {
            do {
                let info = try system.queryBuffer(fd, index: index)
                let address = try system.map(fd, length: info.length, offset: info.offset)
                buffers.append((address, info.length))
            } catch {
                throw CameraFailure.describe(path, error, doing: "map capture buffers")
            }
        }
        for index in 0..<granted {
            do {
                try system.queueBuffer(fd, index: index)
            } catch {
                throw CameraFailure.describe(path, error, doing: "queue capture buffers")
            }
        }
        do {
            try system.streamOn(fd)
        } catch where error.code == ENOSPC {
            let size = format.map { "\($0.width)x\($0.height)" } ?? "this size"
            throw FaceStickerError.unreadable(
                path: path, reason: "not enough USB bandwidth to stream \(size) (try a smaller \(setting: .size))")
        } catch {
            throw CameraFailure.describe(path, error, doing: "start streaming")
        }
    }

    /// Undoes `allocateAndStream` as far as it got; errors are ignored, as
    /// there is nothing better to do on the way out.
    private func releaseBuffers(streaming: Bool) {
        if streaming { try? system.streamOff(fd) }
        for buffer in buffers { system.unmap(buffer.address, length: buffer.length) }
        buffers.removeAll()
        _ = try? system.requestBuffers(fd, count: 0)
    }

    /// The pixel code `start` asks for at `width` x `height`: YUYV, whose frames go to YUV 4:2:0
    /// without a colour conversion, when the camera sends it and it serves the size at the
    /// rate; else RGB24, which libv4l2 converts MJPEG (and any other format it knows) to.
    ///
    /// - No YUYV, or formats that cannot be listed: RGB24, which libv4l2 can always give.
    /// - YUYV does not list the size but another format does (USB webcams give large sizes
    ///   only in MJPEG): RGB24, so libv4l2 decodes the picture of that size, where YUYV
    ///   would get the nearest smaller one. No format lists it: YUYV, at the driver's nearest.
    /// - YUYV lists the size, but its fastest interval there is slower than `interval` (the
    ///   asked rate; without one, the fastest any format reaches) while another format lists
    ///   the size faster (webcams give 720p and 1080p at 30 fps only in MJPEG): RGB24.
    /// - Otherwise YUYV. Intervals within 5% count as the same rate (30 and 29.97 fps).
    private func fourccToAsk(width: Int, height: Int, interval: Double?) -> FourCC {
        guard let offered = try? formats(), offered.contains(where: { $0.fourcc == .yuyv }) else { return .rgb24 }
        func lists(_ fourcc: FourCC) -> Bool {
            let sizes = (try? frameSizes(for: fourcc)) ?? []
            return sizes.contains { size in
                switch size {
                case .discrete(let w, let h):
                    return w == width && h == height
                case .stepwise(let minW, let maxW, let stepW, let minH, let maxH, let stepH):
                    return (minW...max(minW, maxW)).contains(width) && (minH...max(minH, maxH)).contains(height)
                        && (stepW <= 0 || (width - minW) % stepW == 0) && (stepH <= 0 || (height - minH) % stepH == 0)
                }
            }
        }
        // libv4l2's emulated formats (RGB3, YU12...) only repeat the sizes and rates of the ones it converts.
        let others = offered.filter { !$0.emulated && $0.fourcc != .yuyv && lists($0.fourcc) }.map(\.fourcc)
        guard lists(.yuyv) else { return others.isEmpty ? .yuyv : .rgb24 }
        func fastest(_ fourcc: FourCC) -> Double? {
            Self.interval(in: frameIntervals(for: fourcc, width: width, height: height), near: nil)?.seconds
        }
        // A YUYV rate that cannot be listed is taken to serve: the camera is asked as before.
        guard let yuyv = fastest(.yuyv) else { return .yuyv }
        guard let other = others.compactMap(fastest).min() else { return .yuyv }
        let slack = 1.05
        let reachesAsked = interval.map { yuyv <= $0 * slack } ?? false
        return !reachesAsked && other * slack < yuyv ? .rgb24 : .yuyv
    }

    /// Asks for the frame rate (VIDIOC_S_PARM) at the negotiated `format`: the interval
    /// nearest `interval` seconds, or the fastest, of those the driver lists for it; with
    /// none listed, `interval` as asked, or nothing. A driver that cannot (ENOTTY, EINVAL)
    /// keeps its own rate; any other failure is the camera's.
    private func askFrameRate(_ format: V4L2PixelFormat, interval: Double?) throws {
        let listed = frameIntervals(for: format.fourcc, width: format.width, height: format.height)
        guard let asked = Self.interval(in: listed, near: interval) ?? interval.flatMap(V4L2Fraction.init(seconds:)) else {
            return
        }
        do {
            try system.setFrameInterval(fd, asked)
        } catch where error.code == ENOTTY || error.code == EINVAL {
            return
        } catch {
            throw CameraFailure.describe(path, error, doing: "set the frame rate")
        }
    }

    /// Of `intervals` (one format and size's), the one nearest `wanted` seconds per frame,
    /// compared as rates (the faster of two as near); without `wanted`, the shortest. A
    /// stepwise range gives `wanted` clamped into it (the driver rounds to its step).
    /// Nil when none is usable.
    package static func interval(in intervals: [V4L2FrameInterval], near wanted: Double?) -> V4L2Fraction? {
        var candidates: [V4L2Fraction] = []
        for interval in intervals {
            switch interval {
            case .discrete(let f):
                candidates.append(f)
            case .stepwise(let lo, let hi, _):
                guard let low = lo.seconds, let high = hi.seconds, low <= high else { continue }
                if let wanted, wanted > low, wanted < high, let inside = V4L2Fraction(seconds: wanted) {
                    candidates.append(inside)
                } else {
                    candidates += [lo, hi]
                }
            }
        }
        let usable = candidates.compactMap { f in f.seconds.map { (fraction: f, seconds: $0) } }
        guard let wanted, wanted > 0 else { return usable.min { $0.seconds < $1.seconds }?.fraction }
        func distance(_ seconds: Double) -> Double { abs(1 / seconds - 1 / wanted) }
        return usable.min { a, b in
            let da = distance(a.seconds), db = distance(b.seconds)
            return da != db ? da < db : a.seconds < b.seconds
        }?.fraction
    }

    /// How frames of `fourcc` are read: YUYV as the camera sends it, RGB24 as libv4l2 converts to.
    package static func layout(of fourcc: FourCC) -> YUVConversion.PackedLayout? {
        switch fourcc {
        case .yuyv: return .yuyv
        case .rgb24: return .rgb24
        default: return nil
        }
    }

    /// The frame in `buffer`, or nil when it is damaged or shorter than its format says.
    private func decode(_ buffer: V4L2Buffer, _ format: V4L2PixelFormat) -> YUVFrame? {
        guard !buffer.failed, buffer.bytesUsed > 0, buffers.indices.contains(buffer.index),
              let layout = Self.layout(of: format.fourcc) else { return nil }
        let mapped = buffers[buffer.index]
        let bytes = UnsafeRawBufferPointer(start: mapped.address, count: min(buffer.bytesUsed, mapped.length))
        return YUVConversion.frame(packed: bytes, layout: layout, width: format.width, height: format.height,
                                   bytesPerLine: format.bytesPerLine)
    }

    private func stalled(_ timeoutMs: Int) -> FaceStickerError {
        let seconds = Double(timeoutMs) / 1000
        return .unreadable(path: path, reason: "no frame in \(seconds) s: the camera stopped delivering frames")
    }

    private func broken(_ count: Int) -> FaceStickerError {
        .unreadable(path: path, reason: "the camera delivered \(count) damaged frames in a row")
    }
}
