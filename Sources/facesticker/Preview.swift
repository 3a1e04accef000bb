import FaceSticker

/// The preview window selfie and live share: the live loop's picture, keys
/// that cycle filters and stickers, and a shutter writing shots.
enum Preview {
    /// A window fitted to `source`'s picture; space writes a shot to `destination`
    /// (at `quality`), r retakes the last; its path goes to stdout (stderr when
    /// `shotsToStderr`: stdout carries a stream). A camera also gets the camera keys.
    static func make(source: FrameSource, stickers: [Sticker], filters: FilterChain, assignment: Sticker.Assignment,
                     library: StickerLibrary, mirrored: Bool, destination: SelfieDestination, quality: Int,
                     shotsToStderr: Bool, size: FrameSize, command: String) throws -> LivePreview {
        let picture = try source.size
        let window = try PreviewWindow(title: "facesticker \(command)", fitting: picture.width, height: picture.height)
        if let fitted = window.size {
            let screen = window.screen.map { " on a \($0.width)x\($0.height) screen" } ?? ""
            Console.note("\(command): preview \(fitted.width)x\(fitted.height)\(screen), picture \(picture.width)x\(picture.height)")
        }
        let preview = LivePreview(window: window, filterChoices: LivePreview.filterChoices(given: filters),
                                  stickerChoices: LivePreview.stickerChoices(given: stickers, library: library),
                                  assignment: assignment, mirrored: mirrored)
        preview.onNote = { Console.note("\(command): \($0)") }
        var shots = 0
        preview.onShot = { image, retake in
            let path: String
            if let retake {
                try ImageFile.write(image, to: retake, quality: quality)
                path = retake
            } else {
                path = try destination.write(image, quality: quality, shot: shots)
                shots += 1
            }
            if shotsToStderr { Console.note("\(command): wrote \(path)") } else { try Console.out(path) }
            return path
        }
        if source.isLive {
            let camera = LiveCameraKeys.camera(source)
            let hasZoom = (try? camera?.controls().contains { $0.key == "zoom_absolute" }) == true
            preview.cameraKeys = LivePreview.CameraKeys(
                hasZoom: hasZoom,
                next: { try LiveCameraKeys.nextCamera($0, devices: VideoDevices.paths(), size: size.tuple) },
                zoom: { try LiveCameraKeys.zoom($0, direction: $1) },
                exposure: { try LiveCameraKeys.exposure($0, direction: $1) })
        }
        return preview
    }
}
