@testable import FaceSticker
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

extension ImageSequenceOutputTests {
    // MARK: ffmpeg's pattern rules

    struct Rule: Sendable, CustomStringConvertible {
        let what: String
        /// Makes what the case needs; gives the arguments, the exit status, the line (none: quiet success),
        /// and a folder with the names it must then hold (or the video with its frame count).
        let make: @Sendable (Workspace) throws -> (arguments: [String], status: Int32, line: String?, check: Check)
        var description: String { what }
    }

    enum Check: Sendable {
        case names(String, [String])
        case video(String, frames: String)
    }

    static func numbered(_ format: String) -> [String] { (1...8).map { String(format: format, $0) } }

    static func usage(_ output: String, _ reason: String) -> String { "facesticker: -o \(output): \(reason)" }

    static let stray = "a % must start %d, %04d or %% (a percent sign), as ffmpeg reads patterns"
    static let wide = "the frame number is wider than 19 digits, too wide for ffmpeg to name files with (write %04d)"

    static let rules: [Rule] = [
        Rule(what: "-o %4d is zero-padded") { ws in
            _ = try ws.folder("p")
            return ([try clip(ws), "-o", "p/%4d.png"], 0, nil, .names("p", numbered("%04d.png")))
        },
        Rule(what: "an input %4d reads 0001.png") { ws in
            try frames(ws, "in")
            return (["in/%4d.png", "-o", "out.mp4"], 0, nil, .video("out.mp4", frames: "8"))
        },
        Rule(what: "an input %d reads 1.png") { ws in
            try frames(ws, "n", "%d.png")
            return (["n/%d.png", "-o", "out.mp4"], 0, nil, .video("out.mp4", frames: "8"))
        },
        Rule(what: "a % in a folder's name is refused") { ws in
            _ = try ws.folder("pc%")
            return ([try clip(ws), "-o", "pc%/%04d.png"], 2, usage("pc%/%04d.png", stray), .names("pc%", []))
        },
        Rule(what: "%% in a folder's name is a %") { ws in
            _ = try ws.folder("pc%")
            return ([try clip(ws), "-o", "pc%%/%04d.png"], 0, nil, .names("pc%", numbered("%04d.png")))
        },
        Rule(what: "%% in an input folder's name is a %") { ws in
            try frames(ws, "pc%")
            return (["pc%%/%04d.png", "-o", "out.mp4"], 0, nil, .video("out.mp4", frames: "8"))
        },
        Rule(what: "a % in an input folder's name is a usage error") { ws in
            try frames(ws, "in%")
            return (["in%/%04d.png", "-o", "out.mp4"], 2, "facesticker: in%/%04d.png: \(stray)", .names(".", ["in%", "sticker.png"]))
        },
        Rule(what: "%% in the file name is a %") { ws in
            _ = try ws.folder("p")
            return ([try clip(ws), "-o", "p/a%%b%04d.png"], 0, nil, .names("p", numbered("a%%b%04d.png")))
        },
        Rule(what: "a file literally named %04d.png is not the sequence") { ws in
            try frames(ws, "lit")
            _ = try ws.opaqueSticker("lit/%04d.png")
            return (["lit/%04d.png", "-o", "out.mp4"], 0, nil, .video("out.mp4", frames: "8"))
        },
        Rule(what: "glob characters in a folder are read as they are") { ws in
            try frames(ws, "take [1]*")
            return (["take [1]*/%04d.png", "-o", "out.mp4"], 0, nil, .video("out.mp4", frames: "8"))
        },
        Rule(what: "two numbers are refused") { ws in
            _ = try ws.folder("p")
            return ([try clip(ws), "-o", "p/%d-%d.png"], 2, usage("p/%d-%d.png", "one frame number (%d) only"), .names("p", []))
        },
        Rule(what: "no number is refused") { ws in
            _ = try ws.folder("p")
            return ([try clip(ws), "-o", "p/100%%.png"], 2,
                    usage("p/100%%.png", "no frame number in the file name: write %d or %04d for it (and %% for a percent sign)"), .names("p", []))
        },
        Rule(what: "%s is refused") { ws in
            _ = try ws.folder("p")
            return ([try clip(ws), "-o", "p/%s.png"], 2, usage("p/%s.png", stray), .names("p", []))
        },
        Rule(what: "a number in a folder's name is refused") { ws in
            ([try clip(ws), "-o", "p%d/a.png"], 2, usage("p%d/a.png", "the frame number (%d) must be in the file name, not in a folder's"),
             .names(".", ["clip.mp4", "sticker.png"]))
        },
        Rule(what: "%99999d is a usage error") { ws in
            _ = try ws.folder("w")
            return ([try clip(ws), "-o", "w/%99999d.png"], 2, usage("w/%99999d.png", wide), .names("w", []))
        },
        Rule(what: "%020d is a usage error") { ws in
            _ = try ws.folder("w")
            return ([try clip(ws), "-o", "w/%020d.png"], 2, usage("w/%020d.png", wide), .names("w", []))
        },
        Rule(what: "%019d is the widest") { ws in
            _ = try ws.folder("w")
            return ([try clip(ws), "-o", "w/%019d.jpg"], 0, nil, .names("w", numbered("%019d.jpg")))
        },
    ]

    @Test(arguments: rules)
    func patternsFollowFFmpegsRules(_ item: Rule) throws {
        let ws = try Workspace()
        let (arguments, status, line, check) = try item.make(ws)
        let run = try Self.run(ws, arguments)
        #expect(run.status == status, "\(run.stderr)")
        #expect(run.stderrLines == (line.map { [$0] } ?? []))
        switch check {
        case .names(let folder, let names): #expect(Self.names(ws, folder) == names)
        case .video(let path, let frames): #expect(try Self.frameCount(ws.path(path)) == frames)
        }
    }
}
