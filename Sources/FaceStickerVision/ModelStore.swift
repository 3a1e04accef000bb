import Foundation
import FaceStickerCore

/// Finds installed model files.
///
/// Searched in the order `searchOrder` gives (the source tree is found by
/// walking up from the binary to a folder holding `models/manifest.tsv`).
/// Haar cascades come from Debian's `opencv-data`.
package enum ModelStore {
    package static let haarCascade = "/usr/share/opencv4/haarcascades/haarcascade_frontalface_default.xml"
    package static let yunetFile = "face_detection_yunet_2022mar.onnx"
    package static let centerFaceFile = "centerface.onnx"
    /// MediaPipe's face landmark model, converted at set-up (`make mesh`).
    package static let meshFile = "face_landmark.onnx"

    /// The variable that names a models folder searched first.
    package static let environmentVariable = "FACESTICKER_MODELS"
    /// The folder Debian's `opencv-data` installs the Haar cascades in.
    package static var haarFolder: String { PathText.folder(of: haarCascade) }

    /// Where YuNet and CenterFace models are looked for, in order: the one list
    /// that the man page's FILES, `-v` and the errors show.
    package static var searchOrder: [SearchPlace] {
        let env = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        return [
            SearchPlace("$\(environmentVariable)", env),
            SearchPlace("the models/ folder of the source checkout the binary was built in", sourceTree().map { $0 + "/models" }),
            SearchPlace("PREFIX/share/facesticker/models, for a binary installed as PREFIX/bin/facesticker",
                        installedShare().map { $0 + "/models" }),
            SearchPlace("/usr/local/share/facesticker/models", "/usr/local/share/facesticker/models"),
        ]
    }

    /// The folders searched, in order.
    package static var searchPaths: [String] { SearchPlace.paths(searchOrder) }

    /// The default model file for `kind`, or nil when it is not installed.
    package static func defaultModel(for kind: DetectorKind) -> String? {
        let fileManager = FileManager.default
        switch kind {
        case .haar:
            return fileManager.isReadableFile(atPath: haarCascade) ? haarCascade : nil
        case .yunet, .centerface: return defaultModel(named: kind == .yunet ? yunetFile : centerFaceFile)
        }
    }

    /// The first readable model file called `name` in the search paths.
    package static func defaultModel(named name: String) -> String? {
        searchPaths.map { $0 + "/" + name }.first { FileManager.default.isReadableFile(atPath: $0) }
    }

    /// `settings` with its detector's and its verifier's model files found in `folder`
    /// (an embedder's `StickerEngine.Locations.models`): a file missing there is an
    /// error naming it, before any detector is made.
    package static func resolving(_ settings: DetectorSettings, in folder: String) throws -> DetectorSettings {
        func model(_ kind: DetectorKind) throws -> String {
            let path = PathText.join(folder, kind == .yunet ? yunetFile : kind == .centerface ? centerFaceFile : meshFile)
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw FaceStickerError.model(path: path, reason: "model not found (run `make models`, or `make install`)")
            }
            return path
        }
        var settings = settings
        if settings.kind != .haar { settings.model = try model(settings.kind) }
        switch settings.verifier {
        case .none: break
        case .yunet: settings.verifierModel = try model(.yunet)
        case .centerface: settings.verifierModel = try model(.centerface)
        }
        return settings
    }

    /// `named` when given, else the installed default for `kind`; an error says how to install it.
    package static func model(for kind: DetectorKind, named: String?) throws -> String {
        if let named { return named }
        guard let model = defaultModel(for: kind) else {
            throw FaceStickerError.model(path: kind.rawValue,
                                         reason: "model not installed (looked in \(SearchPlace.looked(searchOrder)); "
                                             + "run `make models`, or pass \(setting: .model) FILE)")
        }
        return model
    }

    /// What detection is for: each use has its own default detector.
    package enum Use: Sendable {
        /// Photos, `detect` and `tune`: precision first (CenterFace, confirmed by YuNet).
        case photo
        /// Video frames and live previews: the cheaper YuNet (CenterFace confirms
        /// its unsure faces, and the tracker wants two sightings before a sticker).
        case video
    }

    /// The detector used when the user names none: the use's choice among the
    /// installed models (see `Use`), else the other DNN, else Haar.
    package static func defaultKind(for use: Use = .photo, profile: DetectionProfile = .precision) -> DetectorKind {
        preferredKinds(for: use, profile: profile).first { defaultModel(for: $0) != nil } ?? .haar
    }

    /// The DNN detectors in the order `use` and `profile` prefer them: CenterFace
    /// first for photos and for hiding faces, YuNet first for stickers on video.
    package static func preferredKinds(for use: Use, profile: DetectionProfile) -> [DetectorKind] {
        use == .photo || profile == .recall ? [.centerface, .yunet] : [.yunet, .centerface]
    }

    /// `PREFIX/share/facesticker` for a binary installed as `PREFIX/bin/facesticker`
    /// (`make install PREFIX=...`), when that folder exists.
    package static func installedShare() -> String? {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        guard !exe.isEmpty else { return nil }
        let share = URL(fileURLWithPath: exe).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/facesticker").path
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: share, isDirectory: &folder) && folder.boolValue ? share : nil
    }

    /// The checkout the running binary lives in, if any.
    package static func sourceTree() -> String? {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? ""
        var dir = URL(fileURLWithPath: exe).deletingLastPathComponent()
        for _ in 0..<6 {
            if FileManager.default.fileExists(atPath: dir.path + "/models/manifest.tsv") { return dir.path }
            dir.deleteLastPathComponent()
        }
        return nil
    }
}
