import Dispatch

/// The live preview of `selfie --preview`: shows the decorated picture as it
/// comes, and on a key captures a burst, cycles filters or stickers, toggles
/// mirroring or quits (`PreviewControls`).
package final class SelfiePreview {
    package let session: SelfieSession
    package let window: PreviewWindow
    /// The filter chains f cycles through; the first is shown at start.
    package let filterChoices: [FilterChain]
    /// The sticker sets s cycles through; the first is shown at start.
    package let stickerChoices: [[Sticker]]
    package let assignment: StickerAssignment
    /// Called with each capture, decorated as shown, and the shot it came from.
    package var onCapture: (RGBAImage, SelfieShot) throws -> Void = { _, _ in }
    /// Called with a line about what changed (filter, stickers, mirroring).
    package var onNote: (String) -> Void = { _ in }

    package init(session: SelfieSession, window: PreviewWindow, filterChoices: [FilterChain],
                stickerChoices: [[Sticker]], assignment: StickerAssignment = .all) {
        self.session = session
        self.window = window
        self.filterChoices = filterChoices.isEmpty ? [FilterChain(filters: [])] : filterChoices
        self.stickerChoices = stickerChoices.isEmpty ? [[]] : stickerChoices
        self.assignment = assignment
    }

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

    /// Runs until q, a closed window, or the end of a file source; returns the number of captures.
    package func run() throws -> Int {
        var controls = PreviewControls(filterCount: filterChoices.count, stickerCount: stickerChoices.count,
                                       mirrored: session.mirrored)
        try session.warmUp()
        var captures = 0
        // A file source would spin as fast as it decodes; a camera paces itself.
        let wait = session.source.isLive ? 1 : 30
        // The video path's tracker and smoother: no flicker, no one-frame false face.
        var live = LiveStickerer(painter: painter(controls))
        let start = DispatchTime.now().uptimeNanoseconds
        var cut = false
        while let frame = try session.nextFrame() {
            let faces = try session.detector.detect(in: frame)
            let time = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            for shown in live.add(frame, faces: faces, time: time, cut: cut) { try window.show(shown) }
            cut = false
            let (key, closed) = try window.waitKey(milliseconds: wait)
            if closed { break }
            guard let key else { continue }
            let before = controls
            switch controls.handle(key: key) {
            case .quit:
                return captures
            case .capture:
                try session.countDown()
                let shot = try session.burst()
                var image = shot.image
                renderer(controls).render(&image, faces: shot.faces)
                try onCapture(image, shot)
                captures += 1
                cut = true
            case .none:
                session.mirrored = controls.mirrored
                if controls.filter != before.filter {
                    let specs = filterChoices[controls.filter].specs
                    onNote("filter: " + (specs.isEmpty ? "none" : specs.joined(separator: " + ")))
                }
                if controls.sticker != before.sticker {
                    let names = stickerChoices[controls.sticker].map(\.name)
                    onNote("stickers: " + (names.isEmpty ? "none" : names.joined(separator: " + ")))
                }
                if controls.mirrored != before.mirrored {
                    onNote("mirror: " + (controls.mirrored ? "on" : "off"))
                    cut = true // the picture jumped: no track carries across
                }
                live.use(painter(controls))
            }
        }
        for shown in live.finish() { try window.show(shown) }
        return captures
    }

    private func painter(_ controls: PreviewControls) -> TrackPainter {
        TrackPainter(stickers: stickerChoices[controls.sticker], assignment: assignment,
                     filters: filterChoices[controls.filter])
    }

    private func renderer(_ controls: PreviewControls) -> StickerRenderer {
        StickerRenderer(stickers: stickerChoices[controls.sticker], assignment: assignment,
                        filters: filterChoices[controls.filter])
    }
}
