import Foundation

/// A setting of the library, by the name its types give it (`EncoderSettings.crf` is
/// `crf`). A message that names a setting (`Reason`) shows this name to a Swift
/// program; the command-line tool shows its own option for it (`--crf`) instead,
/// so the library never speaks in flags.
public struct SettingName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    // Photos.
    /// A JPEG's quality (`StickerEngine.stickerPhoto(at:to:jpegQuality:)`).
    public static let jpegQuality = SettingName(rawValue: "jpegQuality")
    // Video.
    public static let crf = SettingName(rawValue: "crf")
    public static let preset = SettingName(rawValue: "preset")
    public static let detectEvery = SettingName(rawValue: "detectEvery")
    public static let start = SettingName(rawValue: "start")
    public static let duration = SettingName(rawValue: "duration")
    /// The end of a part, a time in the input (ffmpeg's `-to`).
    public static let end = SettingName(rawValue: "end")
    public static let keepRest = SettingName(rawValue: "keepRest")
    /// Part I of N of a video by its frames (`video --segment`).
    public static let segment = SettingName(rawValue: "segment")
    /// The video the parts of one video were made from, for the join's audio (`join --source`).
    public static let source = SettingName(rawValue: "source")
    /// No audio in the output (`--no-audio`).
    public static let noAudio = SettingName(rawValue: "noAudio")
    public static let sequenceRate = SettingName(rawValue: "sequenceRate")
    public static let tracksFile = SettingName(rawValue: "tracksFile")
    /// The tracks file drawn instead of detecting (`VideoOptions.tracksIn`).
    public static let tracksIn = SettingName(rawValue: "tracksIn")
    // Detection.
    public static let model = SettingName(rawValue: "model")
    public static let detector = SettingName(rawValue: "detector")
    // Stickers and faces.
    public static let sticker = SettingName(rawValue: "sticker")
    public static let maskScale = SettingName(rawValue: "maskScale")
    public static let maskShape = SettingName(rawValue: "maskShape")
    public static let faces = SettingName(rawValue: "faces")
    public static let maxFaces = SettingName(rawValue: "maxFaces")
    public static let minFace = SettingName(rawValue: "minFace")
    // Cameras and live.
    public static let size = SettingName(rawValue: "size")
    public static let controls = SettingName(rawValue: "controls")
    public static let skip = SettingName(rawValue: "skip")
    // Tuning.
    public static let grid = SettingName(rawValue: "grid")
    public static let objective = SettingName(rawValue: "objective")
    public static let subset = SettingName(rawValue: "subset")
    public static let top = SettingName(rawValue: "top")

    /// Every name above: the CLI's tests check that each has an option.
    public static let all: [SettingName] = [
        .jpegQuality, .crf, .preset, .detectEvery, .start, .duration, .end, .keepRest, .segment, .source, .noAudio, .sequenceRate, .tracksFile, .tracksIn,
        .model, .detector, .sticker, .maskScale, .maskShape, .faces, .maxFaces, .minFace,
        .size, .controls, .skip, .grid, .objective, .subset, .top,
    ]
}

/// The words of an error: text, and the settings it names (`"\(setting: .crf): 60 is
/// outside 0...51"`). `description` names a setting as the library does (`crf`);
/// `text(naming:)` lets a front end name it its own way (the CLI: `--crf`).
/// A string literal is one.
public struct Reason: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringInterpolation {
    /// A run of text, or a setting named.
    public enum Part: Sendable, Hashable {
        case text(String)
        case setting(SettingName)
    }

    /// The parts in order; two runs of text are never side by side.
    public private(set) var parts: [Part] = []

    public struct StringInterpolation: StringInterpolationProtocol {
        var reason = Reason()
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { reason.append(.text(literal)) }
        public mutating func appendInterpolation<T>(_ value: T) { reason.append(.text(String(describing: value))) }
        /// A setting, named as the reader knows it.
        public mutating func appendInterpolation(setting: SettingName) { reason.append(.setting(setting)) }
    }

    public init(stringInterpolation: StringInterpolation) { self = stringInterpolation.reason }
    public init(stringLiteral value: String) { append(.text(value)) }
    /// Plain text, naming no setting.
    public init(_ text: String) { append(.text(text)) }
    init() {}

    private mutating func append(_ part: Part) {
        if case .text(let new) = part {
            if new.isEmpty { return }
            if case .text(let old)? = parts.last {
                parts[parts.count - 1] = .text(old + new)
                return
            }
        }
        parts.append(part)
    }

    /// The words, each setting named by `name`.
    public func text(naming name: (SettingName) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return text
            case .setting(let setting): return name(setting)
            }
        }.joined()
    }

    /// The words, each setting by its library name.
    public var description: String { text(naming: \.rawValue) }

    /// The settings named, in order.
    public var settings: [SettingName] {
        parts.compactMap { if case .setting(let setting) = $0 { return setting } else { return nil } }
    }

    /// The same words with every `old` in the text replaced by `new`.
    package func replacing(_ old: String, with new: String) -> Reason {
        mappingText { $0 == old ? new : $0.replacingOccurrences(of: old, with: new) }
    }

    /// The same words with `transform` applied to each run of text; the settings kept.
    package func mappingText(_ transform: (String) -> String) -> Reason {
        var out = Reason()
        for part in parts {
            switch part {
            case .text(let text): out.append(.text(transform(text)))
            case .setting: out.append(part)
            }
        }
        return out
    }

    /// These words after `prefix`.
    package static func + (prefix: Reason, rest: Reason) -> Reason {
        var out = prefix
        rest.parts.forEach { out.append($0) }
        return out
    }

    /// These words, then `text`.
    package static func + (prefix: Reason, text: String) -> Reason { prefix + Reason(text) }
}
