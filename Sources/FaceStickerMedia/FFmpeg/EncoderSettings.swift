import FaceStickerCore
/// How output videos are encoded: H.264 (libx264) quality and speed, and the audio.
package struct EncoderSettings: Equatable, Sendable {
    /// x264's preset names, fastest first.
    package static let presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow",
                                 "slower", "veryslow", "placebo"]

    /// The defaults: x264's own (the CLI's `--crf` and `--preset` show these).
    package static let defaultCRF = 23
    package static let defaultPreset = "medium"
    /// The CRFs x264 takes.
    package static let crfRange = 0...51

    /// Constant rate factor, 0 (lossless) ... 51; x264's default 23 is visually close to the source at sane sizes.
    package var crf: Int
    /// One of `presets`.
    package var preset: String
    /// Whether the input's audio streams are carried over (copied unchanged when the container allows).
    package var audio: Bool

    package init(crf: Int = EncoderSettings.defaultCRF, preset: String = EncoderSettings.defaultPreset, audio: Bool = true) {
        self.crf = crf
        self.preset = preset
        self.audio = audio
    }

    /// Checks the values a user can set; the error names the option.
    package func validate() throws {
        guard Self.crfRange.contains(crf) else {
            throw FaceStickerError.invalidArgument("\(setting: .crf): \(crf) is outside \(Self.crfRange.lowerBound)...\(Self.crfRange.upperBound)")
        }
        guard Self.presets.contains(preset) else {
            throw FaceStickerError.invalidArgument(
                "\(setting: .preset): unknown preset \"\(preset)\" (\(Self.presets.joined(separator: ", ")))")
        }
    }
}
