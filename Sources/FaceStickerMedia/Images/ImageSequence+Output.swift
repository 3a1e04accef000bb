import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore

/// Writing an image sequence as `AtomicFile` writes a file: whole or not at all.
extension ImageSequence {
    /// Refuses, before any work, a sequence whose frames could not be put in
    /// place: its folder missing, not a folder or read-only, or a folder where
    /// a frame goes (renaming a picture onto it would fail half-way).
    package static func checkOutput(_ pattern: Pattern) throws {
        do {
            try AtomicFile.checkFolder(of: pattern.path(frame: 1))
        } catch FaceStickerError.output(_, let reason) {
            throw FaceStickerError.output(path: pattern.text, reason: reason)
        }
        for frame in try pattern.frames() {
            var info = stat()
            if lstat(frame.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                throw FaceStickerError.output(path: pattern.text, reason: "\(frame.path) is a folder, which a picture cannot replace")
            }
        }
    }

    /// Calls `produce` with the pattern ffmpeg is to write, in a hidden
    /// scratch folder beside the frames (`.facesticker-frames-PID-XXXXXXXX`,
    /// removed on every error and on every signal that ends the run), then puts
    /// the frames in place as one set: each replaces the old frame of its
    /// number, and the old frames of the pattern the new set does not have
    /// (beyond its count) are removed, so the folder holds the new sequence
    /// whole, as a replaced file holds only its new content. A failure or a
    /// signal while placing them puts the old set back. Errors name the
    /// user's pattern and frames, never the scratch folder.
    /// `replacing` false (the CLI without `-y`): no picture is replaced; one that
    /// another program wrote at a frame's name during the run fails the run
    /// before any is put in place (issue #41), as `AtomicFile` does for a file.
    package static func write(to pattern: Pattern, replacing: Bool = true, _ produce: (String) throws -> Void) throws {
        try checkOutput(pattern)
        let scratch = Pattern.join(pattern.folder, ".facesticker-frames-\(getpid())-\(UUID().uuidString.prefix(8))")
        guard mkdir(scratch, 0o755) == 0 else {
            throw FaceStickerError.output(path: pattern.text, reason: "cannot make a folder beside it (\(Errno.current.description))")
        }
        let token = Cleanup.folder(scratch)
        defer {
            Cleanup.removeFolder(scratch)
            Cleanup.forget(token)
        }
        do {
            try produce(pattern.ffmpeg(in: scratch))
        } catch {
            throw renamed(error, scratch: scratch, pattern: pattern)
        }
        try place(pattern, from: scratch, replacing: replacing)
    }

    /// Renames the frames in `scratch` into the pattern's folder and the old
    /// frames they do not replace aside (into `scratch`, removed with it); on
    /// any failure, or a signal (`Cleanup.ending`), every rename is undone.
    private static func place(_ pattern: Pattern, from scratch: String, replacing: Bool) throws {
        let aside = scratch + "/old"
        guard mkdir(aside, 0o700) == 0 else {
            throw FaceStickerError.output(path: pattern.text, reason: "cannot make a folder beside it (\(Errno.current.description))")
        }
        try Cleanup.uninterrupted {
            let made = ((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? [])
                .compactMap { pattern.frame(named: $0) }.sorted()
            let old = try pattern.frames()
            if !replacing {
                try placeNew(pattern, made: made, old: old, from: scratch)
                return
            }
            var done: [(from: String, to: String)] = []
            func move(_ from: String, _ to: String, naming target: String) throws {
                if Cleanup.ending { throw Interrupted() }
                guard rename(from, to) == 0 else {
                    throw FaceStickerError.output(path: target, reason: Errno.current.description)
                }
                done.append((from, to))
            }
            do {
                let replaced = Set(old.map(\.number))
                for number in made {
                    let name = pattern.name(frame: number), target = pattern.path(frame: number)
                    if replaced.contains(number) { try move(target, aside + "/" + name, naming: target) }
                    try move(scratch + "/" + name, target, naming: target)
                }
                let kept = Set(made)
                for frame in old where !kept.contains(frame.number) {
                    try move(frame.path, aside + "/" + pattern.name(frame: frame.number), naming: frame.path)
                }
                if Cleanup.ending { throw Interrupted() }
            } catch {
                for step in done.reversed() { _ = rename(step.to, step.from) }
                throw error
            }
        }
    }

    /// Without leave to replace: puts each picture in only where no file is
    /// (`AtomicFile.placeNew`), and on a name taken (`old`, or one taken
    /// meanwhile) or any failure takes back those put and fails naming it.
    private static func placeNew(_ pattern: Pattern, made: [Int], old: [Pattern.Member], from scratch: String) throws {
        if let taken = old.first {
            throw FaceStickerError.output(path: taken.path, reason: "another program wrote it during the run; no picture is replaced")
        }
        var placed: [(from: String, to: String)] = []
        do {
            for number in made {
                if Cleanup.ending { throw Interrupted() }
                let (from, target) = (scratch + "/" + pattern.name(frame: number), pattern.path(frame: number))
                guard try AtomicFile.placeNew(from, at: target) else {
                    throw FaceStickerError.output(path: target, reason: "another program wrote it during the run; no picture is replaced")
                }
                placed.append((from, target))
            }
        } catch {
            for step in placed.reversed() { _ = rename(step.to, step.from) }
            throw error
        }
    }

    /// `error` with the scratch folder's name replaced by the user's: ffmpeg
    /// and the writers saw only the scratch paths.
    package static func renamed(_ error: Error, scratch: String, pattern: Pattern) -> Error {
        let written = pattern.ffmpeg(in: scratch)
        func clean(_ text: String) -> String {
            text.replacingOccurrences(of: FFmpegArguments.url(written), with: pattern.text)
                .replacingOccurrences(of: written, with: pattern.text)
                .replacingOccurrences(of: scratch + "/", with: pattern.folder)
                .replacingOccurrences(of: scratch, with: pattern.folder.isEmpty ? "." : pattern.folder)
        }
        switch error {
        case FaceStickerError.output(let path, let reason): return FaceStickerError.output(path: clean(path), reason: reason.mappingText(clean))
        case FaceStickerError.unreadable(let path, let reason): return FaceStickerError.unreadable(path: clean(path), reason: reason.mappingText(clean))
        case FaceStickerError.internal(let message): return FaceStickerError.internal(clean(message))
        default: return error
        }
    }
}
