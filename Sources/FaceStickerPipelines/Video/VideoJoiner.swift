import Foundation
import FaceStickerCore
import FaceStickerMedia

/// Joins the parts of one video that `video --segment I/N` made (issue #43) into the
/// video a single run makes: the parts' frames one after another, copied, not re-encoded
/// (ffmpeg's concat demuxer), the source's audio and container metadata added once.
///
/// Everything is checked before any work (`init`), and the first thing that does not fit
/// is named in one line: every part of one split (I of the same N, each once, none
/// missing), of the same source video, made with the same settings (their records,
/// `OutputRecord.Segment`), contiguous (each starts where the one before ends) and
/// complete (as many frames as its record says, readable to its end); and the source
/// found where the parts say it was (or `source`), the same video by its identity.
package struct VideoJoiner: Sendable {
    /// One part, by its record.
    package struct Part: Sendable {
        package let path: String
        package let segment: OutputRecord.Segment
        package let range: TimeRange
        package let foundFace: Bool
    }

    /// The parts, in order (1...N).
    package let parts: [Part]
    /// The source video the audio and metadata come from; nil: none added.
    package let source: String?
    /// The source's audio codecs (empty: it has none, or none is added).
    let audioCodecs: [String]

    /// What a finished join did.
    package struct Summary: Sendable {
        package let output: String
        package let parts: Int
        package let frames: Int
        /// Whether the source's audio was added (it had some, and it was asked for).
        package let audio: Bool
        package let foundFace: Bool
        package let seconds: Double
        package let warnings: [String]
    }

    /// Reads and checks the parts at `paths` (any order) and their source: `source` when
    /// given, else where the parts' records say it was; with `audio` false no source is read.
    package init(parts paths: [String], source given: String? = nil, audio: Bool = true) throws {
        guard !paths.isEmpty else { throw FaceStickerError.invalidArgument("join: no parts given") }
        var parts: [Part] = []
        for path in paths {
            try InputPath.check(path)
            guard let record = OutputRecord.read(path: path) else {
                throw FaceStickerError.unreadable(path: path, reason: "has no record of the part it is (made with \(setting: .segment)? "
                    + "a copy keeps it only with the extended attributes: cp -a, rsync -X)")
            }
            guard let segment = record.segment, let range = TimeRange(recordKey: record.part), !range.keepRest else {
                let what = TimeRange(recordKey: record.part)?.outputDescription ?? "another run's output"
                throw FaceStickerError.unreadable(path: path, reason: "is \(what), not a part made with \(setting: .segment)")
            }
            parts.append(Part(path: path, segment: segment, range: range, foundFace: record.foundFace))
        }
        let first = parts[0]
        for part in parts.dropFirst() {
            if part.segment.count != first.segment.count {
                throw FaceStickerError.invalidArgument("\(part.path): part \(part.segment.number) of \(part.segment.count), but "
                    + "\(first.path) is part \(first.segment.number) of \(first.segment.count): parts of different splits")
            }
            if part.segment.source != first.segment.source {
                let other = first.segment.sourcePath.map { " (\($0))" } ?? ""
                throw FaceStickerError.invalidArgument("\(part.path): a part of another video than \(first.path)\(other)")
            }
            if part.segment.settings != first.segment.settings {
                throw FaceStickerError.invalidArgument("\(part.path): made with other settings than \(first.path) "
                    + "(stickers, filters, faces, detector or encoder): the joined video would change at the seam")
            }
        }
        parts.sort { $0.segment.number < $1.segment.number }
        for (a, b) in zip(parts, parts.dropFirst()) where a.segment.number == b.segment.number {
            throw FaceStickerError.invalidArgument("\(a.path) and \(b.path) are both part \(a.segment.number) of \(a.segment.count)")
        }
        let count = first.segment.count
        let missing = Set(1...count).subtracting(parts.map(\.segment.number)).sorted()
        if !missing.isEmpty {
            let listed = missing.prefix(5).map(String.init).joined(separator: ", ") + (missing.count > 5 ? " and \(missing.count - 5) more" : "")
            throw FaceStickerError.invalidArgument("join: part\(missing.count > 1 ? "s" : "") \(listed) of \(count) "
                + "\(missing.count > 1 ? "are" : "is") missing (given: \(parts.count) of \(first.path)'s \(count))")
        }
        // Contiguous by the records' times: each part starts where the one before ends, the last runs to the end.
        var expectedStart: Int64 = 0
        for part in parts {
            guard part.range.start == expectedStart else {
                throw FaceStickerError.unreadable(path: part.path, reason: "starts at \(TimeRange.text(part.range.start)), not where "
                    + "the part before ends (\(TimeRange.text(expectedStart))): its record does not fit the others")
            }
            let last = part.segment.number == count
            guard let end = part.range.end, !last else {
                if last, part.range.end == nil { continue }
                throw FaceStickerError.unreadable(path: part.path, reason: "its record does not fit the others (a last part that ends, "
                    + "or another that does not)")
            }
            expectedStart = end
        }
        // Complete: every frame its record counts, readable to the end of the file.
        for part in parts {
            let read = VideoProbe.packets(path: part.path)
            if let problem = read.problem {
                throw FaceStickerError.unreadable(path: part.path, reason: "is incomplete or damaged (\(problem)); make it again")
            }
            guard read.count == part.segment.frames else {
                throw FaceStickerError.unreadable(path: part.path, reason: "is incomplete: \(read.count) of its "
                    + "\(part.segment.frames) frames are there; make it again")
            }
        }
        self.parts = parts
        guard audio else {
            (source, audioCodecs) = (nil, [])
            return
        }
        guard let path = given ?? first.segment.sourcePath else {
            throw FaceStickerError.invalidArgument("\(first.path): its record does not say where its source video is; "
                + "give it (\(setting: .source)) or join without the audio (\(setting: .noAudio))")
        }
        if given == nil, !FileManager.default.fileExists(atPath: path) {
            throw FaceStickerError.unreadable(path: path, reason: "the parts' source video is not there (moved? give it with "
                + "\(setting: .source), or join without the audio with \(setting: .noAudio))")
        }
        try InputPath.check(path)
        guard OutputRecord.Segment.identity(of: path) == first.segment.source else {
            throw FaceStickerError.unreadable(path: path, reason: "is not the video the parts were made from (its size or content "
                + "differ); give that video with \(setting: .source), or join without the audio with \(setting: .noAudio)")
        }
        source = path
        audioCodecs = try VideoProbe.probe(path: path).audioCodecs
    }

    /// Joins the parts into `output` (`.mp4`, `.mkv` or `.mov`), written under a temporary
    /// name and renamed when whole (`replacing` false: a file that appeared there meanwhile
    /// is kept, and the join fails naming it).
    package func run(output: String, replacing: Bool = true, cancellation: Cancellation = Cancellation()) throws -> Summary {
        let started = DispatchTime.now().uptimeNanoseconds
        let ext = PathText.extension(of: output).lowercased()
        guard ["mp4", "m4v", "mov", "mkv"].contains(ext) else {
            throw FaceStickerError.output(path: output, reason: "a .\(ext.isEmpty ? "(none)" : ext) name is no container the parts "
                + "are copied into (use .mp4, .mkv or .mov)")
        }
        for part in parts where FileIdentity.same(part.path, output) {
            throw FaceStickerError.output(path: output, reason: "that is a part (\(part.path)); choose another output")
        }
        if let source, FileIdentity.same(source, output) {
            throw FaceStickerError.output(path: output, reason: "that is the source video; choose another output")
        }
        var warnings: [String] = []
        var audioCodec: String?
        if let source, !audioCodecs.isEmpty {
            let info = try VideoProbe.probe(path: source)
            audioCodec = VideoStickerer.surelyCopies(audioCodecs, into: ext) || VideoStickerer.audioCopies(info, into: ext) ? "copy" : "aac"
            if audioCodec == "aac" {
                warnings.append("\(source): \(audioCodecs.joined(separator: ", ")) audio cannot be copied into .\(ext); re-encoded as AAC")
            }
        }
        let frames = parts.reduce(0) { $0 + $1.segment.frames }
        try AtomicFile.write(to: output, replacing: replacing) { temporary in
            // The list, beside the output (absolute paths: the demuxer reads them relative to the list).
            let list = PathText.join(PathText.folder(of: temporary), AtomicFile.temporaryName(for: "join-list.txt"))
            let token = Cleanup.temporary(list)
            defer {
                unlink(list)
                Cleanup.forget(token)
            }
            let lines = parts.flatMap { part -> [String] in
                let file = FFmpegArguments.concatLine(PathText.absolute(part.path))
                // Each part lasts what its record says, to the microsecond, not its container's rounded duration: the
                // next part starts at its own time in the source, as in a one-machine run (an .mp4's duration is kept
                // in milliseconds, which put every later frame up to half a millisecond late).
                guard let end = part.range.end else { return [file] }
                return [file, "duration \(end - part.range.start)us"]
            }
            do {
                try (lines.joined(separator: "\n") + "\n").write(toFile: list, atomically: false, encoding: .utf8)
            } catch {
                throw FaceStickerError.output(path: output, reason: "its folder takes no list of the parts (\(error.localizedDescription))")
            }
            let child = try ChildProcess("ffmpeg", FFmpegArguments.join(list: list, source: source, audioCodec: audioCodec, output: temporary))
            let cancelToken = cancellation.onCancel { child.kill() }
            let progress = String(decoding: child.output?.readDataToEndOfFile() ?? Data(), as: UTF8.self)
            let status = child.wait()
            cancellation.remove(cancelToken)
            if cancellation.isCancelled { throw Interrupted() }
            guard status == 0 else { throw FaceStickerError.output(path: temporary, reason: FFmpegArguments.reason(from: child.firstError)) }
            // Whole before it is renamed into place: every part's frames went in (as ffmpeg's progress counts
            // the video packets it wrote; reading the output again would cost a third pass over the video).
            let written = FFmpegArguments.progressFrames(progress)
            guard written == frames else {
                throw FaceStickerError.output(path: temporary, reason: "the joined video has \(written.map(String.init) ?? "an unknown number") "
                    + "of the parts' \(frames) frames")
            }
            OutputRecord(part: TimeRange().recordKey, foundFace: parts.contains(where: \.foundFace)).write(to: temporary)
        }
        return Summary(output: output, parts: parts.count, frames: frames, audio: audioCodec != nil,
                       foundFace: parts.contains(where: \.foundFace),
                       seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, warnings: warnings)
    }
}
