import Foundation

/// The bad-input matrix (issue 7): every kind of bad file, path and parameter,
/// fed to each command that takes it.
enum BadInputs {
    static let all: [BadInput] = detect + photo + video + tune + selfie

    typealias Call = BadInput.Call

    /// The detecting options all cases use: Haar needs only Debian's opencv-data.
    static let haar = ["--detector", "haar"]

    // MARK: Pictures, given to any command that reads one

    /// Bad pictures: the file to make, and what the error must say about it.
    static let pictures: [(String, @Sendable (Workspace) throws -> (path: String, problem: String))] = [
        ("missing file", { ws in (ws.path("missing.png"), "no such file") }),
        ("empty file", { ws in (try ws.write("empty.png", []), "not a readable image") }),
        ("truncated PNG", { ws in (try ws.truncatedPNG(), "damaged PNG") }),
        ("PNG with a bad CRC", { ws in (try ws.badCRCPNG(), "CRC error") }),
        ("PNG header claiming 100000x100000", { ws in
            (try ws.forgedPNG("huge.png", width: 100_000, height: 100_000), "100000x100000")
        }),
        ("PNG header claiming more pixels than its data can hold", { ws in
            (try ws.forgedPNG("overclaiming.png", width: 16_000, height: 16_000, bitDepth: 16), "16000x16000")
        }),
        ("JPEG header claiming 30000x30000 in 900 bytes", { ws in (try ws.forgedJPEG(), "not a readable image") }),
        ("text file named .png", { ws in (try ws.write("notes.png", text: "a shopping list\n"), "not a readable image") }),
        ("folder named .png", { ws in (try ws.folder("album.png"), "folder") }),
        // Issue 15: inputs that would block or never end are refused, and named for what they are.
        ("FIFO named .png", { ws in (try ws.fifo("pipe.png"), "FIFO") }),
        ("/dev/zero", { _ in ("/dev/zero", "a device, not a file") }),
        ("/dev/null", { _ in ("/dev/null", "a device, not a file") }),
        ("symbolic link loop named .png", { ws in (try ws.symlinkLoop("loop.png"), "loop of symbolic links") }),
    ]

    static let models: [(String, [String], @Sendable (Workspace) throws -> String)] = [
        ("missing YuNet model", ["--detector", "yunet"], { ws in ws.path("missing.onnx") }),
        ("corrupt YuNet model", ["--detector", "yunet"], { ws in try ws.write("garbage.onnx", text: "garbage") }),
        ("truncated YuNet model", ["--detector", "yunet"], { ws in try ws.truncatedModel() }),
        ("corrupt CenterFace model", ["--detector", "centerface"], { ws in try ws.write("cf.onnx", text: "garbage") }),
        ("corrupt Haar cascade", ["--detector", "haar"], { ws in
            try ws.write("cascade.xml", text: "<?xml version=\"1.0\"?>\n<opencv_storage><cascade>1</cascade></opencv_storage>\n")
        }),
    ]

    /// Bad config files: JSON, then what the error must name besides the file.
    static let configs: [(String, String?, String)] = [
        ("config that is not JSON", #"{"detector": "yunet", "topK": "#, "JSON"),
        ("config with a wrong type", #"{"detector": "haar", "minNeighbors": "five"}"#, "minNeighbors"),
        ("config with a fractional count", #"{"detector": "yunet", "topK": 2.5}"#, "topK"),
        ("config with a value out of range", #"{"detector": "yunet", "scoreThreshold": -0.5}"#, "scoreThreshold"),
        ("config with an unknown key", #"{"detector": "yunet", "scoreTreshold": 0.5}"#, "scoreTreshold"),
        ("config naming an unknown detector", #"{"detector": "blazeface"}"#, "detector"),
        ("missing config", nil, "no such file"),
    ]

    static let parameters: [(String, [String])] = [
        ("--score-threshold", ["--detector", "yunet", "--score-threshold", "-0.5"]),
        ("--nms-threshold", ["--detector", "centerface", "--nms-threshold", "1.5"]),
        ("--scale-factor", ["--detector", "haar", "--scale-factor", "0"]),
        ("--top-k", ["--detector", "yunet", "--top-k", "0"]),
        ("--input-size", ["--detector", "haar", "--input-size", "-1"]),
        ("--min-neighbors", ["--detector", "haar", "--min-neighbors", "-2"]),
        ("--score-threshold", ["--detector", "yunet", "--score-threshold", "nan"]),
    ]

    // MARK: detect

    static let detect: [BadInput] =
        pictures.map { what, make in
            BadInput("detect", what) { ws in
                let (path, problem) = try make(ws)
                return Call(arguments: ["detect"] + haar + [path], mentions: [path, problem])
            }
        }
        + models.map { what, detector, make in
            BadInput("detect", what) { ws in
                let model = try make(ws)
                return Call(arguments: ["detect"] + detector + ["--model", model, try ws.photo()], mentions: [model])
            }
        }
        + configs.map { what, json, problem in
            BadInput("detect", what) { ws in
                let config = try json.map { try ws.write("config.json", text: $0) } ?? ws.path("config.json")
                return Call(arguments: ["detect", "--config", config, try ws.photo()], mentions: [config, problem])
            }
        }
        + [
            BadInput("detect", "config naming a missing model") { ws in
                let model = ws.path("gone.onnx")
                let config = try ws.write("config.json", text: #"{"detector": "yunet", "model": "\#(model)"}"#)
                return Call(arguments: ["detect", "--config", config, try ws.photo()], mentions: [model])
            },
        ]
        + parameters.map { option, arguments in
            BadInput("detect", "\(option) \(arguments.last ?? "")") { ws in
                Call(arguments: ["detect"] + arguments + [try ws.photo()], mentions: [option], status: 2)
            }
        }

    // MARK: photo

    /// `photo` with a sticker that needs no installed art and Haar.
    static func photoCall(_ ws: Workspace, _ rest: [String]) throws -> [String] {
        ["photo", "--sticker", try ws.opaqueSticker()] + haar + rest
    }

    static let photo: [BadInput] =
        pictures.map { what, make in
            BadInput("photo", what) { ws in
                let (path, problem) = try make(ws)
                return Call(arguments: try photoCall(ws, [path, "-o", ws.path("out.png")]), mentions: [path, problem])
            }
        }
        + pictures.filter { $0.0 != "folder named .png" }.map { what, make in
            BadInput("photo", "sticker: " + what) { ws in
                var (path, problem) = try make(ws)
                // Sticker art is refused from its header, by its size (at most 4096 a side).
                if what.hasPrefix("JPEG header claiming") { problem = "30000x30000 pixels; at most 4096" }
                return Call(arguments: ["photo", "--sticker", path] + haar + [try ws.photo(), "-o", ws.path("out.png")],
                            mentions: [path, problem])
            }
        }
        + [
            BadInput("photo", "output into a missing folder") { ws in
                let out = ws.path("no/such/folder/out.png")
                return Call(arguments: try photoCall(ws, [try ws.photo(), "-o", out]), mentions: [out, "does not exist"])
            },
            BadInput("photo", "output into a folder nobody may write (/proc)") { ws in
                let out = "/proc/facesticker-\(UUID().uuidString).png"
                return Call(arguments: try photoCall(ws, [try ws.photo(), "-o", out]), mentions: [out, "cannot write"])
            },
            BadInput("photo", "output under a file where a folder should be") { ws in
                let file = try ws.write("list.txt", text: "not a folder\n")
                let out = file + "/out.png"
                return Call(arguments: try photoCall(ws, [try ws.photo(), "-o", out]), mentions: [out, "not a folder"])
            },
            BadInput("photo", "output path equal to the input path") { ws in
                let input = try ws.photo()
                return Call(arguments: try photoCall(ws, [input, "-o", input]), mentions: [input, "input"], status: 2)
            },
            BadInput("photo", "output path naming the input another way (..)") { ws in
                let input = try ws.photo("sub/photo.png")
                let out = ws.path("sub/../sub/photo.png")
                return Call(arguments: try photoCall(ws, [input, "-o", out]), mentions: [out, "input"], status: 2)
            },
            BadInput("photo", "output path a hard link to the input") { ws in
                let input = try ws.photo()
                let alias = ws.path("alias.png")
                guard link(input, alias) == 0 else { throw Workspace.Missing(what: "a hard link") }
                return Call(arguments: try photoCall(ws, [input, "-o", alias]), mentions: [alias, "input"], status: 2)
            },
            BadInput("photo", "output of an unknown type") { ws in
                let out = ws.path("out.gif")
                return Call(arguments: try photoCall(ws, [try ws.photo(), "-o", out]), mentions: [out, "unknown image type"], status: 2)
            },
            BadInput("photo", "--quality 0") { ws in
                Call(arguments: try photoCall(ws, [try ws.photo(), "-o", ws.path("out.jpg"), "--quality", "0"]),
                     mentions: ["--quality"], status: 2)
            },
            BadInput("photo", "corrupt YuNet model") { ws in
                let model = try ws.write("garbage.onnx", text: "garbage")
                return Call(arguments: ["photo", "--sticker", try ws.opaqueSticker(), "--detector", "yunet", "--model", model,
                                        try ws.photo(), "-o", ws.path("out.png")], mentions: [model])
            },
            BadInput("photo", "config with a wrong type") { ws in
                let config = try ws.write("config.json", text: #"{"detector": "yunet", "nmsThreshold": [0.3]}"#)
                return Call(arguments: ["photo", "--sticker", try ws.opaqueSticker(), "--config", config,
                                        try ws.photo(), "-o", ws.path("out.png")], mentions: [config, "nmsThreshold"])
            },
        ]
        + manifests.map { what, json, key in
            BadInput("photo", what) { ws in
                let folder = try ws.folder("stickers")
                let manifest = try ws.write("stickers/stickers.json", text: json)
                _ = try ws.truncatedPNG("stickers/broken.png")
                return Call(arguments: ["photo", "--sticker", "shades"] + haar + [try ws.photo(), "-o", ws.path("out.png")],
                            mentions: [key == "art" ? ws.path("stickers/broken.png") : manifest] + (key == "art" ? [] : [key]),
                            environment: ["FACESTICKER_STICKERS": folder])
            }
        }

    /// Bad sticker manifests: JSON, then the key the error must name
    /// (`art`: the manifest is fine, its picture is broken).
    static let manifests: [(String, String, String)] = [
        ("sticker manifest that is not JSON", #"{"stickers": [{"name": "shades", "#, "JSON"),
        ("sticker manifest with a wrong type",
         #"{"stickers": [{"name": "shades", "layers": [{"art": "a.png", "anchor": "eyes", "size": "big"}]}]}"#,
         "stickers[0].layers[0].size"),
        ("sticker manifest with an unknown anchor",
         #"{"stickers": [{"name": "shades", "layers": [{"art": "a.png", "anchor": "chin", "size": 2}]}]}"#,
         "stickers[0].layers[0].anchor"),
        ("sticker manifest whose art is a truncated PNG",
         #"{"stickers": [{"name": "shades", "layers": [{"art": "broken.png", "anchor": "eyes", "size": 2}]}]}"#,
         "art"),
    ]
}
