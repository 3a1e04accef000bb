import Foundation
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
    /// For a part made by `video --segment`: which part, of what, made how (`join` checks it).
    package var segment: Segment?

    /// The attribute's name.
    package static let attribute = "user.facesticker"
    /// The most bytes the attribute's value is read to.
    private static let maxBytes = 256

    package init(part: String = "whole", foundFace: Bool) {
        self.part = part
        self.foundFace = foundFace
    }

    /// `part=KEY;faces=0|1`, and a segment's fields (`Segment.fields`).
    package var text: String {
        "part=\(part);faces=\(foundFace ? 1 : 0)" + (segment.map { ";" + $0.fields } ?? "")
    }

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
        segment = Segment(fields: fields)
    }

    /// Records this on the file at `path`. Best effort: false where the file system
    /// keeps no extended attributes (the output is still whole; only its record is missing).
    /// A segment's source path goes in an attribute of its own (`sourceAttribute`).
    @discardableResult
    package func write(to path: String) -> Bool {
        if let source = segment?.sourcePath { try? ProcessCalls.setAttribute(Self.sourceAttribute, of: path, to: Array(source.utf8)) }
        return (try? ProcessCalls.setAttribute(Self.attribute, of: path, to: Array(text.utf8))) != nil
    }

    /// The record of the file at `path`; nil when it has none (or not one this version reads).
    package static func read(path: String) -> OutputRecord? {
        guard let bytes = try? ProcessCalls.attribute(attribute, of: path, limit: maxBytes),
              let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var record = OutputRecord(text: text)
        if record?.segment != nil, let bytes = try? ProcessCalls.attribute(sourceAttribute, of: path, limit: Int(PATH_MAX)) {
            record?.segment?.sourcePath = String(validating: bytes, as: UTF8.self)
        }
        return record
    }

    /// The attribute that holds a segment's source, as an absolute path.
    package static let sourceAttribute = "user.facesticker.source"

    /// A part of one video made by `video --segment I/N`: enough for `join` to tell, before
    /// any work, that parts belong together (the same source and settings, every part of
    /// the same split, each complete).
    package struct Segment: Equatable, Sendable {
        /// Which part, from 1, of `count`.
        package var number: Int
        package var count: Int
        /// The frames the part holds.
        package var frames: Int
        /// The source video's identity (`identity(of:)`).
        package var source: String
        /// The settings' fingerprint (`VideoOptions.fingerprint`): the same settings, the same text.
        package var settings: String
        /// Where the source was (absolute), for the join's audio; kept in `sourceAttribute`.
        package var sourcePath: String?

        package init(number: Int, count: Int, frames: Int, source: String, settings: String, sourcePath: String?) {
            (self.number, self.count, self.frames, self.source, self.settings, self.sourcePath)
                = (number, count, frames, source, settings, sourcePath)
        }

        /// The record of part `number` of `count` of the video at `path`: its identity and where it is.
        package init(number: Int, of count: Int, frames: Int, source path: String, settings: String) {
            self.init(number: number, count: count, frames: frames, source: Self.identity(of: path) ?? "unreadable",
                      settings: settings, sourcePath: PathText.absolute(path))
        }

        /// `segment=I/N;frames=F;source=ID;settings=FP`.
        var fields: String { "segment=\(number)/\(count);frames=\(frames);source=\(source);settings=\(settings)" }

        init?(fields: [Substring: Substring]) {
            guard let split = fields["segment"]?.split(separator: "/"), split.count == 2,
                  let number = Int(split[0]), let count = Int(split[1]), (1...count).contains(number),
                  let frames = fields["frames"].flatMap({ Int($0) }), frames > 0,
                  let source = fields["source"], let settings = fields["settings"] else { return nil }
            self.init(number: number, count: count, frames: frames, source: String(source), settings: String(settings), sourcePath: nil)
        }

        /// A video file's identity: its size and a fingerprint of its first and last 64 KiB
        /// (`SIZE-HEX`), which a copy keeps and another video does not (an edit inside a file
        /// that keeps its size and both ends would go unseen); nil when it cannot be read.
        package static func identity(of path: String) -> String? {
            guard let file = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? file.close() }
            let window = 1 << 16
            do {
                let size = try file.seekToEnd()
                var print = Fingerprint()
                try file.seek(toOffset: 0)
                print.add(try file.read(upToCount: window) ?? Data())
                try file.seek(toOffset: size > UInt64(window) ? size - UInt64(window) : 0)
                print.add(try file.read(upToCount: window) ?? Data())
                return "\(size)-\(print.hex)"
            } catch {
                return nil
            }
        }
    }
}
