import FaceSticker
import Foundation

/// Paths to the shared test data and the built CLI, found from this file.
enum Fixtures {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared` beside the checkout (read-only reference data).
    static let shared = root.deletingLastPathComponent().appendingPathComponent("shared")

    static func sharedPath(_ relative: String) -> String { shared.appendingPathComponent(relative).path }

    static let astronaut = sharedPath("data/photos/astronaut.png")
    static let messi = sharedPath("data/photos/messi5.jpg")
    static let astronautFace = Rect(x: 178, y: 58, width: 94, height: 117)
    static let yunetModel = sharedPath("models/yunet/face_detection_yunet_2022mar.onnx")

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
