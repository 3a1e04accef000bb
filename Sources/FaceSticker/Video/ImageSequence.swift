import Foundation

/// Numbered pictures as a video: `frames/%04d.png` (printf-style, as ffmpeg
/// names them), read at a given rate and written by frame number from 1.
package enum ImageSequence {
    /// The extensions a sequence may have: what ffmpeg reads and writes as pictures here.
    package static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// Whether `path` is a pattern: its file name holds one `%d` or `%0Nd`
    /// and no file of that literal name exists.
    package static func isPattern(_ path: String) -> Bool {
        guard !FileManager.default.fileExists(atPath: path) else { return false }
        let name = (path as NSString).lastPathComponent
        return name.range(of: #"%0?[0-9]*d"#, options: .regularExpression) != nil
            && name.components(separatedBy: "%").count == 2
    }

    /// Whether an output name asks for numbered pictures (`out/%04d.png`) rather than a video file.
    package static func isOutputPattern(_ path: String) -> Bool {
        (path as NSString).lastPathComponent.contains("%") && extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The path of frame `number` of `pattern` (nil when the width is unreasonable).
    package static func path(_ pattern: String, frame number: Int) -> String? {
        let name = (pattern as NSString).lastPathComponent
        guard let range = name.range(of: #"%0?[0-9]*d"#, options: .regularExpression) else { return nil }
        let spec = name[range].dropFirst().dropLast()
        let width = Int(spec) ?? 0
        guard width <= 32 else { return nil }
        var digits = String(number)
        if spec.hasPrefix("0") || width > 0 {
            let pad = spec.hasPrefix("0") ? "0" : " "
            if digits.count < width { digits = String(repeating: pad, count: width - digits.count) + digits }
        }
        let file = name.replacingCharacters(in: range, with: digits)
        let folder = (pattern as NSString).deletingLastPathComponent
        return folder.isEmpty ? file : (folder as NSString).appendingPathComponent(file)
    }

    /// The first frame number ffmpeg's image2 reader accepts (0...4), or nil when none exists.
    package static func firstFrame(_ pattern: String) -> Int? {
        (0...4).first { path(pattern, frame: $0).map { FileManager.default.fileExists(atPath: $0) } ?? false }
    }

    /// Frames in the sequence: consecutive numbers from the first one.
    package static func count(_ pattern: String) -> Int? {
        guard let first = firstFrame(pattern) else { return nil }
        var n = first
        while let p = path(pattern, frame: n), FileManager.default.fileExists(atPath: p) { n += 1 }
        return n - first
    }

    /// Refuses a pattern whose first picture is missing or has another extension.
    package static func checkInput(_ pattern: String) throws {
        let ext = (pattern as NSString).pathExtension.lowercased()
        guard extensions.contains(ext) else {
            throw FaceStickerError.unreadable(path: pattern, reason: "an image sequence must be .png, .jpg or .jpeg pictures")
        }
        guard let first = firstFrame(pattern), let path = path(pattern, frame: first) else {
            throw FaceStickerError.unreadable(path: pattern,
                                              reason: "no picture matches the pattern (looked for frame 0 to 4, e.g. "
                                                + "\(path(pattern, frame: 1) ?? pattern))")
        }
        try InputPath.check(path)
    }

    /// ffmpeg's input arguments for the sequence at `rate`.
    package static func inputArguments(_ pattern: String, rate: FrameRate) -> [String] {
        ["-f", "image2", "-framerate", rate.description, "-i", FFmpegArguments.url(pattern)]
    }

    /// ffmpeg's codec arguments for writing pictures like `pattern` (PNG or JPEG by its extension).
    package static func outputCodec(_ pattern: String) -> [String] {
        switch (pattern as NSString).pathExtension.lowercased() {
        case "png": return ["-c:v", "png", "-pix_fmt", "rgb24", "-f", "image2"]
        default: return ["-c:v", "mjpeg", "-q:v", "2", "-pix_fmt", "yuvj420p", "-f", "image2"]
        }
    }
}
