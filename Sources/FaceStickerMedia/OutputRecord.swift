import FaceStickerCore
import FaceStickerNative

/// What a finished output was made of, kept with the file in its extended
/// attribute `user.facesticker` (`part=1000000-2000000;faces=1`), so that
/// `--skip-existing` tells a part from the whole (or another part) and
/// `--require-face` knows, for an output it skips, whether that had a face
/// (issue #41). Set on the temporary file before it is renamed into place, so
/// an output and its record arrive together; a copy that drops extended
/// attributes, or a file system without them (FAT, some network mounts), leaves
/// an output with no record, which the checks then take on its frames alone.
package struct OutputRecord: Equatable, Sendable {
    /// What was made: `whole` for a photo or a whole video, else the part's key
    /// (`TimeRange.recordKey`: its start and end in microseconds, `+rest` for the
    /// whole video stickered only there).
    package var part: String
    /// Whether a face was found (and so a sticker drawn).
    package var foundFace: Bool

    /// The attribute's name.
    package static let attribute = "user.facesticker"
    /// The most bytes the attribute's value is read to.
    private static let maxBytes = 256

    package init(part: String = "whole", foundFace: Bool) {
        self.part = part
        self.foundFace = foundFace
    }

    /// `part=KEY;faces=0|1`.
    package var text: String { "part=\(part);faces=\(foundFace ? 1 : 0)" }

    /// Parses `text`; nil for anything else (a record of another version, or edited).
    package init?(text: String) {
        var fields: [Substring: Substring] = [:]
        for pair in text.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            fields[parts[0]] = parts[1]
        }
        guard let part = fields["part"], let faces = fields["faces"], faces == "0" || faces == "1" else { return nil }
        self.init(part: String(part), foundFace: faces == "1")
    }

    /// Records this on the file at `path`. Best effort: false where the file system
    /// keeps no extended attributes (the output is still whole; only its record is missing).
    @discardableResult
    package func write(to path: String) -> Bool {
        (try? ProcessCalls.setAttribute(Self.attribute, of: path, to: Array(text.utf8))) != nil
    }

    /// The record of the file at `path`; nil when it has none (or not one this version reads).
    package static func read(path: String) -> OutputRecord? {
        guard let bytes = try? ProcessCalls.attribute(attribute, of: path, limit: maxBytes),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return OutputRecord(text: text)
    }
}
