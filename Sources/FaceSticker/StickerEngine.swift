import Foundation

/// FaceSticker's entry point for Swift programs: finds faces and puts
/// stickers on them, in photos, pixel buffers and video files.
///
/// An engine is made once, with the folders holding the detector models and
/// the sticker pack, and then used for any number of images. It never falls
/// back silently: a missing model or sticker is an error when it is made.
///
/// ```swift
/// let engine = try StickerEngine(locations: .installed(), options: .init(stickers: ["sunglasses"]))
/// let faces = try engine.stickerPhoto(at: "in.jpg", to: "out.jpg")
/// ```
///
/// One engine is not meant for two threads at once (it owns native
/// detectors); make one per thread for parallel work.
public final class StickerEngine {
    /// Where the engine's data lives.
    public struct Locations: Sendable, Equatable {
        /// A folder with `centerface.onnx` and `face_detection_yunet_2022mar.onnx`
        /// (`make models` fills the checkout's `models/`; `make install` copies
        /// them to `PREFIX/share/facesticker/models`).
        public var models: String
        /// A folder with `stickers.json` and its `art/` (`make stickers`;
        /// installed as `PREFIX/share/facesticker/stickers`).
        public var stickers: String

        /// The two folders, as given.
        public init(models: String, stickers: String) {
            self.models = models
            self.stickers = stickers
        }

        /// `prefix/share/facesticker/models` and `.../stickers`, where
        /// `make install PREFIX=prefix` puts them (default `/usr/local`).
        public static func installed(prefix: String = "/usr/local") -> Locations {
            let share = PathText.join(prefix, "share/facesticker")
            return Locations(models: share + "/models", stickers: share + "/stickers")
        }
    }

    /// What the engine draws and how it finds faces.
    public struct Options: Sendable, Equatable {
        /// The stickers, drawn in order: names from the pack's `stickers.json`, effects, or
        /// pictures (`StickerChoice`; a string literal is one).
        public var stickers: [StickerChoice]
        /// Whether every face gets every sticker, or faces take them in turn.
        public var assignment: Assignment
        /// Colour filters applied to the whole picture first, in order: `.sepia()`, `.mono`,
        /// `.comic`, `.vignette()` (`Filter`; a string literal such as `"sepia:0.5"` is one).
        public var filters: [Filter]
        /// The detector; nil: CenterFace for photos, YuNet for video (each
        /// confirmed by the other, as the CLI does). When every sticker is an
        /// effect (`blur`, `pixelate`, `solid`), detection favours recall as the
        /// CLI's does (CenterFace for both, no confirmation, lower thresholds):
        /// a face left visible is then the worst error.
        public var detector: Detector?

        /// Sunglasses on every face, no filter, the default detectors.
        public init(stickers: [StickerChoice] = [StickerChoice(Sticker.defaultName)], assignment: Assignment = .all,
                    filters: [Filter] = [], detector: Detector? = nil) {
            self.stickers = stickers
            self.assignment = assignment
            self.filters = filters
            self.detector = detector
        }
    }

    /// Which of several stickers each face gets.
    public enum Assignment: String, Sendable, CaseIterable {
        /// Every face gets every sticker, drawn in order.
        case all
        /// Faces, taken left to right, get the stickers in turn.
        case cycle
    }

    /// The face detectors the engine can run.
    public enum Detector: String, Sendable, CaseIterable {
        /// CenterFace (MIT): the most precise; the photo default.
        case centerface
        /// YuNet 2022mar (MIT): fast; the video default.
        case yunet
    }

    /// Where the engine's warnings go: a problem that did not stop the work, one line
    /// naming the file (a damaged JPEG decoded as far as it could be). Nil: dropped.
    public typealias WarningHandler = @Sendable (String) -> Void

    /// The folders this engine reads.
    public let locations: Locations
    /// The options it was made with.
    public let options: Options

    private let photoSettings: DetectorSettings
    private let videoSettings: DetectorSettings
    private let stickers: [Sticker]
    /// `recall` when every sticker hides the face (blur, pixelate, solid).
    private let profile: DetectionProfile
    private let filters: FilterChain
    private var photo: PhotoJob?
    private let warnings: WarningHandler?

    /// Checks that the models and every sticker are there, and loads the stickers.
    /// - Throws: `FaceStickerError.model` naming a missing model file,
    ///   `.fileNotFound`/`.unreadable` for the sticker pack or a picture,
    ///   `.invalidArgument` for an unknown sticker name or filter.
    /// Warnings (see `WarningHandler`) go to `warnings`.
    public init(locations: Locations, options: Options = Options(), warnings: WarningHandler? = nil) throws {
        self.locations = locations
        self.options = options
        self.warnings = warnings
        let manifest = PathText.join(locations.stickers, "stickers.json")
        let library = try StickerLibrary.load(manifestPath: manifest)
        let stickers = try library.stickers(named: options.stickers.map(\.spec))
        let profile = Sticker.profile(for: stickers)
        self.stickers = stickers
        self.profile = profile
        func settings(use: ModelStore.Use) throws -> DetectorSettings {
            let kind: DetectorKind = options.detector.map { $0 == .yunet ? .yunet : .centerface }
                ?? ModelStore.preferredKinds(for: use, profile: profile)[0]
            return try ModelStore.resolving(DetectorSettings.defaults(for: kind, use: use, profile: profile),
                                            in: locations.models)
        }
        photoSettings = try settings(use: .photo)
        videoSettings = try settings(use: .video)
        filters = try FilterChain(specs: options.filters.map(\.spec))
    }

    /// An engine reading the installed folders (`make install`, `/usr/local`).
    public convenience init(options: Options = Options(), warnings: WarningHandler? = nil) throws {
        try self.init(locations: .installed(), options: options, warnings: warnings)
    }

    /// The faces in `image`, best first, in its pixels.
    public func detectFaces(in image: RGBAImage) throws -> [Face] {
        try photoJob().finder.detect(in: image)
    }

    /// The faces in a caller's RGBA buffer (8 bits a channel, rows top to bottom,
    /// `bytesPerRow` apart), in its pixels. The buffer is copied, not kept.
    /// - Throws: `FaceStickerError.invalidArgument` when the sizes do not fit the buffer.
    public func detectFaces(inRGBA buffer: UnsafeRawBufferPointer, width: Int, height: Int,
                            bytesPerRow: Int) throws -> [Face] {
        try detectFaces(in: RGBAImage(copying: buffer, width: width, height: height, bytesPerRow: bytesPerRow))
    }

    /// Filters `image` and puts the stickers on its faces, in place; returns the faces.
    @discardableResult
    public func sticker(_ image: inout RGBAImage) throws -> [Face] {
        try photoJob().run(&image).faces
    }

    /// A stickered copy of `image`, and its faces.
    public func stickered(_ image: RGBAImage) throws -> (image: RGBAImage, faces: [Face]) {
        var copy = image
        let faces = try sticker(&copy)
        return (copy, faces)
    }

    /// Reads the photo at `input` (PNG or JPEG, EXIF orientation applied),
    /// stickers it and writes `output` (.png, .jpg or .jpeg) through a temporary
    /// file renamed when complete. Returns the faces found (none: the filtered
    /// photo is still written). The CLI's `photo` runs the same job.
    /// - Throws: when `output` is `input` or `jpegQuality` is outside 1...100 (before any work),
    ///   or on a read, detection or write failure.
    @discardableResult
    public func stickerPhoto(at input: String, to output: String, jpegQuality: Int = ImageFile.defaultJPEGQuality) throws -> [Face] {
        try photoJob().run(input: input, output: output, quality: jpegQuality, warn: { self.warnings?($0) }).faces
    }

    /// Stickers every frame of the video at `input` into `output` (H.264 in
    /// .mp4, .mkv or .mov; audio kept), with faces tracked and the stickers
    /// smoothed. `progress` is called on the calling thread a few times a
    /// second; `cancellation.cancel()` from any thread stops the job, which
    /// then throws and leaves no output. Runs ffmpeg child processes.
    public func stickerVideo(at input: String, to output: String, cancellation: Cancellation = Cancellation(),
                             progress: ((VideoProgress) -> Void)? = nil) throws -> VideoSummary {
        do {
            return try videoJob().run(input: input, output: output, cancellation: cancellation, progress: progress)
        } catch is Interrupted {
            throw FaceStickerError.output(path: output, reason: "cancelled")
        }
    }

    /// `stickerVideo(at:to:)` for Swift concurrency: the job runs on a thread of its own
    /// (it waits on ffmpeg, and must not hold one of the few threads tasks share), and
    /// cancelling the task stops it: it then throws `CancellationError` and leaves no output.
    /// `progress` is called on the job's thread a few times a second.
    public func stickerVideo(at input: String, to output: String,
                             progress: (@Sendable (VideoProgress) -> Void)? = nil) async throws -> VideoSummary {
        let job = videoJob(), cancellation = Cancellation()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<VideoSummary, Error>) in
                Thread.detachNewThread {
                    continuation.resume(with: Result {
                        do {
                            return try job.run(input: input, output: output, cancellation: cancellation, progress: progress)
                        } catch is Interrupted {
                            throw CancellationError()
                        }
                    })
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// The video job these options make (the CLI's `video` runs the same one).
    private func videoJob() -> VideoStickerer {
        let painter = TrackPainter(stickers: stickers, assignment: options.assignment.rendering, filters: filters)
        var videoOptions = VideoOptions(detector: videoSettings)
        videoOptions.profile = profile
        return VideoStickerer(options: videoOptions, painter: painter)
    }

    /// The photo job these options make, made at the first photo (it loads the detector).
    private func photoJob() throws -> PhotoJob {
        if let photo { return photo }
        let job = PhotoJob(finder: try FaceFinder(settings: photoSettings),
                           renderer: StickerRenderer(stickers: stickers, assignment: options.assignment.rendering,
                                                     filters: filters))
        photo = job
        return job
    }
}

extension StickerEngine.Assignment {
    var rendering: Sticker.Assignment { self == .all ? .all : .cycle }
}

extension RGBAImage {
    /// A copy of a caller's RGBA rows, checked against the buffer's size.
    init(copying buffer: UnsafeRawBufferPointer, width: Int, height: Int, bytesPerRow: Int) throws {
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: 4)
        guard width > 0, height > 0, !o1, bytesPerRow >= rowBytes else {
            throw FaceStickerError.invalidArgument("pixel buffer: \(width)x\(height) with \(bytesPerRow) bytes a row "
                                                   + "does not describe RGBA rows")
        }
        let (lastRow, o2) = (height - 1).multipliedReportingOverflow(by: bytesPerRow)
        let (needed, o3) = lastRow.addingReportingOverflow(rowBytes)
        guard !o2, !o3, buffer.count >= needed, let base = buffer.baseAddress else {
            throw FaceStickerError.invalidArgument("pixel buffer: \(buffer.count) bytes, fewer than \(width)x\(height) "
                                                   + "RGBA rows \(bytesPerRow) bytes apart need")
        }
        var pixels = [UInt8](repeating: 0, count: rowBytes * height)
        pixels.withUnsafeMutableBytes { out in
            for y in 0..<height {
                out.baseAddress.map { $0.advanced(by: y * rowBytes).copyMemory(from: base + y * bytesPerRow, byteCount: rowBytes) }
            }
        }
        guard let image = RGBAImage(width: width, height: height, pixels: pixels) else {
            throw FaceStickerError.internal("pixel buffer: size mismatch")
        }
        self = image
    }
}
