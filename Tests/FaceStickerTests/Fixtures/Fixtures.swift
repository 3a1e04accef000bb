import FaceSticker
import Foundation
import Testing

/// Paths to the shared test data and the built CLI, found from this file.
enum Fixtures {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the checkout (read-only reference data); `FACESTICKER_TEST_SHARED`
    /// names another place (`/nonexistent` shows what a clone without it runs).
    static let shared: URL = {
        if let named = ProcessInfo.processInfo.environment["FACESTICKER_TEST_SHARED"], !named.isEmpty {
            return URL(fileURLWithPath: named)
        }
        return root.deletingLastPathComponent().appendingPathComponent("shared")
    }()

    static func sharedPath(_ relative: String) -> String { shared.appendingPathComponent(relative).path }

    /// `CI=true`: a part that should run on this kind of machine (the real-driver guest)
    /// fails, with its reason, where it cannot, instead of being skipped.
    static let underCI = ProcessInfo.processInfo.environment["CI"] == "true"


    /// A file or folder of `../shared` is there.
    static func hasShared(_ relative: String) -> Bool {
        FileManager.default.fileExists(atPath: sharedPath(relative))
    }

    /// A test trait: the test runs only when `../shared` holds `relative`, and
    /// otherwise is skipped with that reason (a clone without `../shared`).
    static func needsShared(_ relative: String) -> ConditionTrait {
        .enabled(if: hasShared(relative), "needs ../shared/\(relative), which is not beside this checkout")
    }

    /// A test trait: the test runs only when YuNet is installed or in `../shared`.
    static var needsYuNet: ConditionTrait {
        .enabled(if: FileManager.default.fileExists(atPath: yunetModel),
                 "needs the YuNet model: `make models` with ../shared beside the checkout, or network")
    }

    /// A test trait: the test runs only when `make mesh` installed the face mesh
    /// (set-up prints a notice where it cannot).
    static var needsMesh: ConditionTrait {
        .enabled(if: ModelStore.defaultModel(named: ModelStore.meshFile) != nil,
                 "needs the face mesh: `make mesh` (CPython 3.11 and PyPI)")
    }

    /// `../shared`'s copy when there, else the one set-up fetched into `samples/` (same bytes).
    private static func sharedOrSample(_ relative: String, sample: String) -> String {
        hasShared(relative) ? sharedPath(relative) : root.appendingPathComponent("samples/" + sample).path
    }

    static let astronaut = sharedOrSample("data/photos/astronaut.png", sample: "astronaut.png")
    static let carphone = sharedOrSample("data/video/carphone.mp4", sample: "carphone.mp4")
    static let sunglasses = hasShared("stickers/twemoji/1f576_sunglasses.png")
        ? sharedPath("stickers/twemoji/1f576_sunglasses.png")
        : root.appendingPathComponent("stickers/art/1f576_sunglasses.png").path
    static let messi = sharedPath("data/photos/messi5.jpg")
    /// A real JPEG photo with faces: ../shared's messi5.jpg, else the astronaut
    /// written once as a JPEG under .build (for tests that need any JPEG).
    static let jpeg: String = {
        if hasShared("data/photos/messi5.jpg") { return messi }
        let path = root.appendingPathComponent(".build/test-fixtures/astronaut.jpg").path
        if !FileManager.default.fileExists(atPath: path) {
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
            if let image = try? ImageFile.read(path: astronaut) { try? ImageFile.write(image, to: path, quality: 92) }
        }
        return path
    }()
    static let astronautFace = Rect(x: 178, y: 58, width: 94, height: 117)
    /// ../shared's YuNet, else the one `make models` installed (empty path when neither).
    static let yunetModel: String = {
        let relative = "models/yunet/face_detection_yunet_2022mar.onnx"
        if hasShared(relative) { return sharedPath(relative) }
        return ModelStore.defaultModel(for: .yunet) ?? ""
    }()

    /// The `facesticker` binary built beside the test bundle.
    static var cli: String {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("facesticker").path
    }

    /// Default settings for `kind`, with YuNet taken from ../shared when it is not installed.
    static func settings(_ kind: DetectorKind) -> DetectorSettings {
        var settings = DetectorSettings.defaults(for: kind)
        if kind == .yunet, ModelStore.defaultModel(for: .yunet) == nil { settings.model = yunetModel }
        return settings
    }

    /// The product's face finding with `kind`'s defaults.
    static func detector(_ kind: DetectorKind) throws -> FaceFinder {
        try FaceFinder(settings: settings(kind))
    }
}


/// A fresh folder per test (tests run in parallel), removed when dropped.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("facesticker-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to a file in the folder and returns its path.
    func write(_ name: String, _ text: String) throws -> String {
        let path = path(name)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The names of the files in the folder, sorted.
    func contents() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
