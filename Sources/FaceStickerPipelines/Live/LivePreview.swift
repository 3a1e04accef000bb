import Foundation
import FaceStickerCore
import FaceStickerMedia
import FaceStickerRender

/// The live preview window, looking like a camera app: a plain window fitted
/// to the screen; a hint bar that fades after a few seconds (h brings it
/// back); the filter or sticker name when it changes; an fps counter (i); a
/// white flash and a thumbnail of the picture after each shot. Keys: space
/// shoots, r retakes (replaces the last shot), f filter, s sticker, m mirror,
/// c camera, +/- zoom, [ ] exposure, q or Esc quits. Every change is also a
/// line through `onNote`. Runs on the main thread (highgui's rule).
package final class LivePreview: LivePresenter {
    package static let hint = "space shoot  r retake  f filter  s sticker  m mirror  c camera  +/- zoom  [ ] exposure  i fps  h hints  q quit"
    /// Seconds the hint bar stays, then fades out over `hintFade`.
    package static let hintSeconds = 4.0, hintFade = 1.0
    package static let noticeSeconds = 2.0, flashSeconds = 0.25, thumbnailSeconds = 1.5

    /// The filter chains f cycles through: `given` first, then each of
    /// `extras` (filter specs) not already in it, then none.
    package static func filterChoices(given: FilterChain, extras: [String] = ["sepia", "mono", "comic", "vignette"]) -> [FilterChain] {
        var choices = [given]
        for spec in extras where !given.specs.contains(where: { $0.hasPrefix(spec) }) {
            if let filter = try? FilterChain.filter(spec: spec) { choices.append(FilterChain(filters: [filter])) }
        }
        if !given.isEmpty { choices.append(FilterChain(filters: [])) }
        return choices
    }

    /// The sticker sets s cycles through: `given` first, then each installed
    /// sticker of `library` on its own, then none.
    package static func stickerChoices(given: [Sticker], library: StickerLibrary) -> [[Sticker]] {
        var choices = [given]
        for entry in library.entries where library.isInstalled(entry) && !given.contains(where: { $0.name == entry.name }) {
            if let sticker = try? library.sticker(entry) { choices.append([sticker]) }
        }
        if !given.isEmpty { choices.append([]) }
        return choices
    }

    package let window: PreviewWindow
    package let filterChoices: [FilterChain]
    package let stickerChoices: [[Sticker]]
    package let assignment: Sticker.Assignment
    private var filter = 0, sticker = 0
    private var mirrored: Bool
    private var showFPS = false
    private var digitalZoom = 1.0
    private var hintSince: Double
    private var notice: (text: String, until: Double)?
    private var flashAt: Double?
    private var thumbnail: (image: RGBAImage, at: Double)?
    private var lastFrame: (frame: YUVFrame, matrix: YUVMatrix)?
    private var lastShot: String?
    /// Pictures taken (retakes not counted).
    package private(set) var shots = 0
    private var outputTimes: [Double] = []
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant

    /// Writes a shot (the frame as shown, stickered): `retake` replaces `previous`. Returns the path written.
    package var onShot: (_ image: RGBAImage, _ retake: String?) throws -> String = { _, _ in "" }
    /// One line per change.
    package var onNote: (String) -> Void = { _ in }
    /// The camera keys (c, +/-, [ ]) as tasks for the source thread; nil: not a camera
    /// (+/- then zoom digitally, the others say so).
    package var cameraKeys: CameraKeys?

    /// What the camera keys do, given by whoever knows the devices.
    package struct CameraKeys {
        package var next: @Sendable (FrameSource) throws -> String?
        package var zoom: @Sendable (FrameSource, Int) throws -> String?
        package var exposure: @Sendable (FrameSource, Int) throws -> String?
        /// Whether the camera has a zoom control (else +/- zoom digitally).
        package var hasZoom: Bool

        package init(hasZoom: Bool, next: @escaping @Sendable (FrameSource) throws -> String?,
                     zoom: @escaping @Sendable (FrameSource, Int) throws -> String?,
                     exposure: @escaping @Sendable (FrameSource, Int) throws -> String?) {
            self.next = next
            self.zoom = zoom
            self.exposure = exposure
            self.hasZoom = hasZoom
        }
    }

    package init(window: PreviewWindow, filterChoices: [FilterChain], stickerChoices: [[Sticker]],
                 assignment: Sticker.Assignment, mirrored: Bool) {
        self.window = window
        self.filterChoices = filterChoices.isEmpty ? [FilterChain(filters: [])] : filterChoices
        self.stickerChoices = stickerChoices.isEmpty ? [[]] : stickerChoices
        self.assignment = assignment
        self.mirrored = mirrored
        started = clock.now
        hintSince = 0
    }

    private var now: Double {
        let d = clock.now - started
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    package var painter: TrackPainter {
        TrackPainter(stickers: stickerChoices[sticker], assignment: assignment, filters: filterChoices[filter])
    }

    package func present(_ frame: YUVFrame, matrix: YUVMatrix, faces: Int) throws -> [LiveAction] {
        let t = now
        lastFrame = (frame, matrix)
        outputTimes.append(t)
        if outputTimes.count > 30 { outputTimes.removeFirst(outputTimes.count - 30) }
        try window.show(frame, matrix: matrix, overlay: overlay(at: t))
        return try keys(wait: 1)
    }

    package func close() { window.close() }

    package func idle() throws -> [LiveAction] {
        if let lastFrame, flashAt != nil || thumbnail != nil || notice != nil || hintAlpha(now) > 0 {
            // Fades go on while no frame comes (a stalled camera, the end of a still).
            try window.show(lastFrame.frame, matrix: lastFrame.matrix, overlay: overlay(at: now))
        }
        return try keys(wait: 5)
    }

    private func hintAlpha(_ t: Double) -> Double {
        let age = t - hintSince
        if age < Self.hintSeconds { return 1 }
        return max(0, 1 - (age - Self.hintSeconds) / Self.hintFade)
    }

    private func overlay(at t: Double) -> PreviewWindow.Overlay {
        var o = PreviewWindow.Overlay()
        let alpha = hintAlpha(t)
        if alpha > 0 {
            o.hint = Self.hint
            o.hintAlpha = alpha
        }
        if let notice, t < notice.until { o.notice = notice.text } else { notice = nil }
        if showFPS, outputTimes.count > 1, let first = outputTimes.first, let last = outputTimes.last, last > first {
            o.fps = String(format: "%.1f fps", Double(outputTimes.count - 1) / (last - first))
        }
        if let flashAt {
            let age = t - flashAt
            if age < Self.flashSeconds { o.flash = 0.85 * (1 - age / Self.flashSeconds) } else { self.flashAt = nil }
        }
        if let thumbnail {
            let age = t - thumbnail.at
            if age < Self.thumbnailSeconds {
                o.thumbnail = thumbnail.image
                o.thumbnailAlpha = min(1, (Self.thumbnailSeconds - age) / 0.3)
            } else {
                self.thumbnail = nil
            }
        }
        return o
    }

    private func note(_ text: String, show: Bool = true) {
        onNote(text)
        if show { notice = (text, now + Self.noticeSeconds) }
    }

    private func keys(wait: Int) throws -> [LiveAction] {
        let (key, closed) = try window.waitKey(milliseconds: wait)
        if closed { return [.quit] }
        guard let key else { return [] }
        return try handle(key: key)
    }

    /// What `key` (a character code) does.
    package func handle(key: Int) throws -> [LiveAction] {
        switch UnicodeScalar(UInt8(truncatingIfNeeded: key)) {
        case "q", "Q", "\u{1B}":
            onNote("quit")
            return [.quit]
        case " ":
            try shoot(retake: nil)
        case "r", "R":
            guard let lastShot else {
                note("retake: no picture yet (space takes one)")
                return []
            }
            try shoot(retake: lastShot)
        case "f", "F":
            filter = (filter + 1) % filterChoices.count
            let specs = filterChoices[filter].specs
            note("filter: " + (specs.isEmpty ? "none" : specs.joined(separator: " + ")))
            return [.use(painter)]
        case "s", "S":
            sticker = (sticker + 1) % stickerChoices.count
            let names = stickerChoices[sticker].map(\.name)
            note("sticker: " + (names.isEmpty ? "none" : names.joined(separator: " + ")))
            return [.use(painter)]
        case "m", "M":
            mirrored.toggle()
            note("mirror: " + (mirrored ? "on" : "off"))
            return [.mirror(mirrored)]
        case "i", "I":
            showFPS.toggle()
            onNote("fps counter: " + (showFPS ? "on" : "off"))
        case "h", "H":
            hintSince = now
        case "c", "C":
            guard let cameraKeys else {
                note("camera: the source is a file, not a camera")
                return []
            }
            return [.onSource(cameraKeys.next), .cut]
        case "+", "=", "-", "_":
            let direction = key == 43 || key == 61 ? 1 : -1
            // The camera's own zoom when it has one; else (or for a file) the centred crop.
            if let keys = cameraKeys, keys.hasZoom {
                return [.onSource { try keys.zoom($0, direction) }]
            }
            digitalZoom = max(1, min(4, digitalZoom + 0.25 * Double(direction)))
            note(String(format: "zoom: %.2fx (digital)", digitalZoom))
            return [.digitalZoom(digitalZoom)]
        case "[", "]":
            guard let cameraKeys else {
                note("exposure: the source is a file, not a camera")
                return []
            }
            let direction = key == 93 ? 1 : -1
            return [.onSource { try cameraKeys.exposure($0, direction) }]
        default:
            break
        }
        return []
    }

    private func shoot(retake: String?) throws {
        guard let lastFrame else { return }
        let image = YUVConversion.rgba(lastFrame.frame, matrix: lastFrame.matrix)
        let path = try onShot(image, retake)
        lastShot = path
        if retake == nil { shots += 1 }
        flashAt = now
        thumbnail = (image, now)
        note((retake == nil ? "shot: " : "retake: ") + path)
    }
}
