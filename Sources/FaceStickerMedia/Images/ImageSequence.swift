import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore

/// Numbered pictures as a video: `frames/%04d.png`, read at a given rate and
/// written by frame number from 1.
///
/// A path is a pattern when it holds a `%` and ends in .png, .jpg or .jpeg,
/// whether or not a file of that literal name exists (as ffmpeg
/// reads it). `Pattern` is the one parser, for inputs and outputs alike, and
/// follows ffmpeg's image2 rules (`av_get_frame_filename`): the whole path is
/// read, `%%` is a percent sign (in the folder too), `%d` is the frame number
/// and `%Nd` or `%0Nd` the number zero-padded to N digits (ffmpeg pads `%4d`
/// with zeros, not spaces); any other `%` is an error. Stricter than ffmpeg
/// where ffmpeg would do something else than asked: one number only, in the
/// file name, at most `widest` digits wide.
package enum ImageSequence {
    /// The extensions a sequence may have: what ffmpeg reads and writes as pictures here.
    package static let extensions: Set<String> = ["png", "jpg", "jpeg"]

    /// The widest number field: ffmpeg formats the number into 20 bytes, so a
    /// wider one loses the number and every frame would be written onto one file.
    package static let widest = 19

    /// The longest path ffmpeg's image2 reader and writer keep (1024 bytes with
    /// the `file:` in front and the terminating zero); they cut a longer one short.
    package static let ffmpegPathLimit = 1024 - 1 - "file:".utf8.count

    /// Room the output's scratch folder takes in a path (`.facesticker-frames-PID-XXXXXXXX/`).
    package static let scratchRoom = 40

    /// Whether `path` names numbered pictures rather than one file: it holds
    /// a `%` (ffmpeg reads the whole path) and its file name has a picture
    /// extension (`Pattern` then reads it or says why not).
    package static func isPattern(_ path: String) -> Bool {
        let name = Pattern.split(path).name
        guard path.contains("%"), let dot = name.lastIndex(of: ".") else { return false }
        return extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// The pattern `path` is, or nil when it names one file; throws
    /// `invalidArgument` naming `path` when it is a malformed pattern.
    package static func pattern(_ path: String) throws -> Pattern? {
        isPattern(path) ? try Pattern(path) : nil
    }

    /// An image sequence pattern, `frames/%04d.png`, read by ffmpeg's rules.
    package struct Pattern: Sendable, Equatable, CustomStringConvertible {
        /// The pattern as the user wrote it: what messages name.
        package let text: String
        /// The pictures' folder, `%%` read as `%`; "" for the current folder.
        package let folder: String
        /// The file name before and after the number, `%%` read as `%`.
        package let prefix: String
        package let suffix: String
        /// The number's digits at least, zero-padded; 0 for `%d` (as many as it has).
        package let width: Int

        package var description: String { text }

        /// Parses `text`; throws `invalidArgument` ("TEXT: what is wrong") for
        /// anything ffmpeg would refuse or misread.
        package init(_ text: String) throws {
            func refuse(_ reason: String) -> FaceStickerError { .invalidArgument("\(text): \(reason)") }
            let (folderPart, fileName) = Self.split(text)
            guard !fileName.isEmpty else { throw refuse("no file name after the last /") }
            var folder = ""
            for piece in try Self.pieces(folderPart, refuse) {
                guard case .literal(let literal) = piece else {
                    throw refuse("the frame number (%d) must be in the file name, not in a folder's")
                }
                folder += literal
            }
            var before = "", after = "", width: Int?
            for piece in try Self.pieces(fileName, refuse) {
                switch piece {
                case .literal(let literal):
                    if width == nil { before += literal } else { after += literal }
                case .number(let digits):
                    guard width == nil else { throw refuse("one frame number (%d) only") }
                    width = digits
                }
            }
            guard let width else {
                throw refuse("no frame number in the file name: write %d or %04d for it (and %% for a percent sign)")
            }
            self.text = text
            self.folder = folder
            prefix = before
            suffix = after
            self.width = width
            // The longest name: the widest number a frame (an Int32 in ffmpeg) can have.
            let longest = name(frame: Int(Int32.max))
            guard longest.utf8.count <= Int(NAME_MAX) else {
                throw refuse("the pictures' names would be longer than \(NAME_MAX) bytes")
            }
            guard ffmpeg(in: nil).utf8.count + max(width, 10) <= ImageSequence.ffmpegPathLimit - ImageSequence.scratchRoom else {
                throw refuse("too long for ffmpeg's image sequences (at most about \(ImageSequence.ffmpegPathLimit - ImageSequence.scratchRoom) bytes)")
            }
        }

        /// `path` cut at its last `/`: the folder part (with its `/`) and the file name.
        package static func split(_ path: String) -> (folder: String, name: String) {
            guard let slash = path.lastIndex(of: "/") else { return ("", path) }
            return (String(path[...slash]), String(path[path.index(after: slash)...]))
        }

        private enum Piece { case literal(String), number(Int) }

        /// `part` as literal text and number fields, by ffmpeg's rules.
        private static func pieces(_ part: String, _ refuse: (String) -> FaceStickerError) throws -> [Piece] {
            var pieces: [Piece] = []
            var literal: [UInt8] = []
            var bytes = Array(part.utf8)[...]
            while let byte = bytes.popFirst() {
                guard byte == UInt8(ascii: "%") else {
                    literal.append(byte)
                    continue
                }
                let digits = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
                bytes = bytes.dropFirst(digits.count)
                switch bytes.popFirst() {
                case UInt8(ascii: "%")?:
                    // ffmpeg reads `%%` (and `%N%`) as one percent sign.
                    literal.append(UInt8(ascii: "%"))
                case UInt8(ascii: "d")?:
                    // Leading zeros say nothing more: ffmpeg pads with zeros whatever the field.
                    let significant = digits.drop { $0 == UInt8(ascii: "0") }
                    let width = significant.count <= 2 ? significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } : Int.max
                    guard width <= ImageSequence.widest else {
                        throw refuse("the frame number is wider than \(ImageSequence.widest) digits, "
                            + "too wide for ffmpeg to name files with (write %04d)")
                    }
                    if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))) }
                    literal = []
                    pieces.append(.number(width))
                default:
                    throw refuse("a % must start %d, %04d or %% (a percent sign), as ffmpeg reads patterns")
                }
            }
            if !literal.isEmpty { pieces.append(.literal(String(decoding: literal, as: UTF8.self))) }
            return pieces
        }

        /// The number as ffmpeg writes it: zero-padded to `width`, at least one digit.
        private func digits(_ number: Int) -> String {
            let plain = String(number)
            return plain.count < width ? String(repeating: "0", count: width - plain.count) + plain : plain
        }

        /// The file name of frame `number`.
        package func name(frame number: Int) -> String { prefix + digits(number) + suffix }

        /// The path of frame `number`.
        package func path(frame number: Int) -> String { Self.join(folder, name(frame: number)) }

        /// The frame number of the file called `name`, or nil when the pattern
        /// cannot make that name (ffmpeg's frame numbers are 0...Int32.max).
        package func frame(named name: String) -> Int? {
            let bytes = Array(name.utf8), head = Array(prefix.utf8), tail = Array(suffix.utf8)
            guard bytes.count > head.count + tail.count, bytes.starts(with: head),
                  bytes.reversed().starts(with: tail.reversed()) else { return nil }
            let middle = bytes[head.count..<(bytes.count - tail.count)]
            guard middle.count <= max(width, 10), middle.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
                  let number = Int(String(decoding: middle, as: UTF8.self)), number <= Int(Int32.max),
                  digits(number).utf8.elementsEqual(middle) else { return nil }
            return number
        }

        /// The pattern as ffmpeg takes it, in `other` instead of its own folder
        /// when given (`%` written `%%`, the number `%0Nd`).
        package func ffmpeg(in other: String?) -> String {
            func escaped(_ text: String) -> String { text.replacingOccurrences(of: "%", with: "%%") }
            return Self.join(escaped(other ?? folder), escaped(prefix) + (width == 0 ? "%d" : "%0\(width)d") + escaped(suffix))
        }

        /// A numbered file of the sequence found on disk (a file name, not a picture).
        package struct Member: Sendable, Equatable {
            package let number: Int
            package let path: String
        }

        /// The files in the folder now whose names the pattern makes, by frame
        /// number (folders and other kinds included: the caller judges them).
        package func frames() throws -> [Member] {
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
            } catch {
                var isFolder: ObjCBool = false
                if !FileManager.default.fileExists(atPath: folder.isEmpty ? "." : folder, isDirectory: &isFolder) { return [] }
                throw FaceStickerError.unreadable(path: text, reason: "cannot list the folder \(folder)")
            }
            return names.compactMap { name in frame(named: name).map { Member(number: $0, path: Self.join(folder, name)) } }
                .sorted { $0.number < $1.number }
        }

        /// `name` in `folder` ("" is the current folder).
        static func join(_ folder: String, _ name: String) -> String {
            folder.isEmpty ? name : folder.hasSuffix("/") ? folder + name : folder + "/" + name
        }
    }

    /// Checks an input sequence before ffprobe or ffmpeg opens any of it: a
    /// picture extension, a first frame numbered 0 to 4 (where ffmpeg looks),
    /// no gap (ffmpeg would stop at it), and every frame a regular file (a
    /// FIFO would block ffprobe). Returns the frame numbers.
    package static func checkInput(_ pattern: Pattern) throws -> ClosedRange<Int> {
        let found = try pattern.frames()
        guard let first = found.first, let last = found.last else {
            throw FaceStickerError.unreadable(path: pattern.text,
                                              reason: "no picture matches the pattern (looked for frame 0 to 4, e.g. "
                                                + "\(pattern.path(frame: 1)))")
        }
        guard first.number <= 4 else {
            throw FaceStickerError.unreadable(path: pattern.text, reason: "no picture matches the pattern for frame 0 to 4 "
                + "(where a sequence starts); the first is \(first.path)")
        }
        for (offset, frame) in found.enumerated() where frame.number != first.number + offset {
            let missing = pattern.path(frame: first.number + offset)
            throw FaceStickerError.unreadable(path: pattern.text, reason: "\(missing) is missing, but \(frame.path) "
                + "is there: the sequence has a gap (fill or renumber it)")
        }
        for frame in found { try InputPath.check(frame.path) }
        return first.number...last.number
    }

    /// ffmpeg's input arguments for the sequence at `rate`: numbered files
    /// only (`sequence`: no glob characters read in the name).
    package static func inputArguments(_ pattern: String, rate: FrameRate) -> [String] {
        ["-f", "image2", "-pattern_type", "sequence", "-framerate", rate.description, "-i", FFmpegArguments.url(pattern)]
    }

    /// ffmpeg's codec arguments for writing pictures like `pattern` (PNG or JPEG by its extension).
    package static func outputCodec(_ pattern: String) -> [String] {
        switch PathText.extension(of: pattern).lowercased() {
        case "png": return ["-c:v", "png", "-pix_fmt", "rgb24", "-f", "image2"]
        default: return ["-c:v", "mjpeg", "-q:v", "2", "-pix_fmt", "yuvj420p", "-f", "image2"]
        }
    }
}
