import Foundation

/// The bad-input matrix, continued: video, tune and selfie.
extension BadInputs {
    // MARK: video

    static func videoCall(_ ws: Workspace, _ rest: [String]) throws -> [String] {
        ["video", "-q", "--sticker", try ws.opaqueSticker()] + haar + rest
    }

    static let videos: [(String, @Sendable (Workspace) throws -> (path: String, problem: String))] = [
        ("missing file", { ws in (ws.path("missing.mp4"), "no such file") }),
        ("empty file", { ws in (try ws.write("empty.mp4", []), "not a readable video") }),
        ("truncated MP4", { ws in (try ws.truncatedMP4(), "not a readable video") }),
        ("file with no video stream", { ws in (try ws.audioOnlyMP4(), "no video stream") }),
        ("text file named .mp4", { ws in (try ws.write("notes.mp4", text: "a shopping list\n"), "not a readable video") }),
        // Issue 15: ffprobe once waited forever on these.
        ("FIFO named .mp4", { ws in (try ws.fifo("pipe.mp4"), "FIFO") }),
        ("/dev/zero", { _ in ("/dev/zero", "a device, not a file") }),
        ("symbolic link loop named .mp4", { ws in (try ws.symlinkLoop("loop.mp4"), "loop of symbolic links") }),
    ]

    static let video: [BadInput] =
        videos.map { what, make in
            BadInput("video", what) { ws in
                let (path, problem) = try make(ws)
                return Call(arguments: try videoCall(ws, [path, "-o", ws.path("out.mp4")]), mentions: [path, problem])
            }
        }
        + [
            BadInput("video", "output into a missing folder") { ws in
                let out = ws.path("no/such/folder/out.mp4")
                return Call(arguments: try videoCall(ws, [try ws.video(), "-o", out]), mentions: [out, "does not exist"])
            },
            BadInput("video", "output into a folder nobody may write (/proc)") { ws in
                let out = "/proc/facesticker-\(UUID().uuidString).mp4"
                return Call(arguments: try videoCall(ws, [try ws.video(), "-o", out]), mentions: [out])
            },
            BadInput("video", "output path equal to the input path") { ws in
                let input = try ws.video()
                return Call(arguments: try videoCall(ws, [input, "-o", input]), mentions: [input, "input"], status: 2)
            },
            BadInput("video", "folder holding a FIFO") { ws in
                let pipe = try ws.fifo("clips/a.mp4")
                return Call(arguments: try videoCall(ws, [ws.path("clips"), "--out-dir", ws.path("out")]), mentions: [pipe, "FIFO"])
            },
            BadInput("video", "--crf 99") { ws in
                Call(arguments: try videoCall(ws, [try ws.video(), "-o", ws.path("out.mp4"), "--crf", "99"]),
                     mentions: ["--crf"], status: 2)
            },
            BadInput("video", "--scale-factor 0") { ws in
                Call(arguments: try videoCall(ws, [try ws.video(), "-o", ws.path("out.mp4"), "--scale-factor", "0"]),
                     mentions: ["--scale-factor"], status: 2)
            },
            BadInput("video", "corrupt YuNet model") { ws in
                let model = try ws.write("garbage.onnx", text: "garbage")
                return Call(arguments: ["video", "-q", "--sticker", try ws.opaqueSticker(), "--detector", "yunet",
                                        "--model", model, try ws.video(), "-o", ws.path("out.mp4")], mentions: [model])
            },
            BadInput("video", "config that is not JSON") { ws in
                let config = try ws.write("config.json", text: "{detector: yunet}")
                return Call(arguments: ["video", "-q", "--sticker", try ws.opaqueSticker(), "--config", config,
                                        try ws.video(), "-o", ws.path("out.mp4")], mentions: [config, "JSON"])
            },
            BadInput("video", "sticker: truncated PNG") { ws in
                let sticker = try ws.truncatedPNG()
                return Call(arguments: ["video", "-q", "--sticker", sticker] + haar + [try ws.video(), "-o", ws.path("out.mp4")],
                            mentions: [sticker, "damaged PNG"])
            },
        ]

    // MARK: tune

    /// A one-image dataset (the photo, its face boxed) in `ds/`, with
    /// `groundTruth` as its WIDER file; returns the folder.
    static func dataset(_ ws: Workspace, groundTruth: String = "photo.png\n1\n178 58 94 117 0 0 0 0 0 0\n",
                        name: String = "wider_face_gt.txt") throws -> String {
        _ = try ws.photo("ds/images/photo.png")
        _ = try ws.write("ds/" + name, text: groundTruth)
        return ws.path("ds")
    }

    static func tuneCall(_ rest: [String]) -> [String] { ["tune", "--evaluate"] + haar + rest }

    static let groundTruths: [(String, String, String, String)] = [
        // what, file name, content, what the error names besides the file
        ("ground truth with a word for a face count", "wider_face_gt.txt", "photo.png\nabc\n", "wider_face_gt.txt:2"),
        ("ground truth with a face count of 10^14", "wider_face_gt.txt", "photo.png\n99999999999999\n", "wider_face_gt.txt:"),
        ("ground truth with fewer boxes than its count", "wider_face_gt.txt", "photo.png\n3\n1 2 3 4 0 0 0 0 0 0\n",
         "wider_face_gt.txt:"),
        ("empty ground truth", "wider_face_gt.txt", "", "lists no images"),
        ("ground truth naming a missing image", "wider_face_gt.txt", "gone.png\n0\n", "gone.png"),
        ("FDDB ground truth with a bad ellipse", "FDDB-fold-01-ellipseList.txt", "photo\n1\n1 2 x 4 5\n", "ellipseList.txt:3"),
        ("CSV ground truth with a bad box", "boxes.csv", "image,x,y,w,h\nphoto.png,1,2,three,4\n", "boxes.csv:2"),
        ("JSON ground truth with a wrong type", "boxes.json", #"{"photo.png": [[1, 2, "3", 4]]}"#, "photo.png"),
        // Issue 15: numbers no pixel holds (tune --sheet once trapped converting them), CSV by RFC 4180,
        // and bytes that are no text at all.
        ("WIDER box of 1e300", "wider_face_gt.txt", "photo.png\n1\n1e300 58 94 117 0 0 0 0 0 0\n", "wider_face_gt.txt:3: box value"),
        ("WIDER box width of 1e300", "wider_face_gt.txt", "photo.png\n1\n178 58 1e300 117\n", "beyond"),
        ("FDDB ellipse of radius 1e300", "FDDB-fold-01-ellipseList.txt", "photo\n1\n1e300 50 0 200 100 1\n",
         "ellipseList.txt:3"),
        ("CSV box of 1e300", "boxes.csv", "image,x,y,w,h\nphoto.png,1,2,1e300,4\n", "boxes.csv:2: box value"),
        ("JSON box of 1e300", "boxes.json", #"{"photo.png": [[1e300, 2, 3, 4]]}"#, "box value"),
        ("CSV with an unterminated quote", "boxes.csv", "image,x,y,w,h\n\"photo.png,1,2,3,4\n", "boxes.csv:2: a quoted field is never closed"),
        ("CSV with a stray quote", "boxes.csv", "image,x,y,w,h\nph\"oto.png,1,2,3,4\n", "boxes.csv:2"),
        ("ground truth of random bytes", "wider_face_gt.txt",
         "\u{1B}[2J\r\u{0B}\u{0C}garbage\u{85}\u{7F}\r\n\u{07}\u{1B}]0;title\u{07}\n\u{00}\u{01}\n", "wider_face_gt.txt:"),
    ]

    static let tune: [BadInput] =
        [
            BadInput("tune", "missing dataset folder") { ws in
                let folder = ws.path("nowhere")
                return Call(arguments: tuneCall(["--dataset", folder]), mentions: [folder, "no such file"])
            },
            BadInput("tune", "dataset that is a file") { ws in
                let file = try ws.photo()
                return Call(arguments: tuneCall(["--dataset", file]), mentions: [file, "not a folder"])
            },
            BadInput("tune", "dataset with a bad difficulty file") { ws in
                let folder = try dataset(ws)
                let difficulty = try ws.write("ds/difficulty.tsv", text: "photo.png\tvery hard\t1\n")
                return Call(arguments: tuneCall(["--dataset", folder]), mentions: [difficulty, "unknown subset"])
            },
            BadInput("tune", "output path equal to the ground truth") { ws in
                let folder = try dataset(ws)
                let gt = folder + "/wider_face_gt.txt"
                return Call(arguments: tuneCall(["--dataset", folder, "-o", gt]), mentions: [gt, "ground truth"], status: 2)
            },
            BadInput("tune", "output into a missing folder") { ws in
                let out = ws.path("no/such/folder/best.json")
                return Call(arguments: tuneCall(["--dataset", try dataset(ws), "-o", out]), mentions: [out, "does not exist"])
            },
            BadInput("tune", "plot into a missing folder") { ws in
                let out = ws.path("no/such/folder/pr.png")
                return Call(arguments: tuneCall(["--dataset", try dataset(ws), "--plot", out]), mentions: [out, "does not exist"])
            },
            BadInput("tune", "--iou 0") { ws in
                Call(arguments: tuneCall(["--dataset", try dataset(ws), "--iou", "0"]), mentions: ["--iou"], status: 2)
            },
            BadInput("tune", "config with a wrong type") { ws in
                let config = try ws.write("config.json", text: #"{"detector": "haar", "scaleFactor": true}"#)
                return Call(arguments: ["tune", "--evaluate", "--config", config, "--dataset", try dataset(ws)],
                            mentions: [config, "scaleFactor"])
            },
        ]
        + groundTruths.map { what, name, content, mention in
            BadInput("tune", what) { ws in
                let folder = try dataset(ws, groundTruth: content, name: name)
                return Call(arguments: tuneCall(["--dataset", folder]), mentions: [folder + "/" + name, mention])
            }
        }

    // MARK: selfie

    static func selfieCall(_ ws: Workspace, _ rest: [String]) throws -> [String] {
        ["selfie", "--sticker", try ws.opaqueSticker()] + haar + rest
    }

    static let selfie: [BadInput] =
        pictures.map { what, make in
            BadInput("selfie", "source: " + what) { ws in
                let (path, problem) = try make(ws)
                return Call(arguments: try selfieCall(ws, ["--source", path, "-o", ws.path("out.png")]),
                            mentions: [path, problem])
            }
        }.filter { !["source: folder named .png", "source: /dev/zero", "source: /dev/null"].contains($0.what) }
        + videos.filter { $0.0 != "missing file" }.map { what, make in
            BadInput("selfie", "source: " + what) { ws in
                let (path, _) = try make(ws)
                return Call(arguments: try selfieCall(ws, ["--source", path, "-o", ws.path("out.png")]), mentions: [path])
            }
        }
        + [
            BadInput("selfie", "output into a missing folder") { ws in
                let out = ws.path("no/such/folder/out.png")
                return Call(arguments: try selfieCall(ws, ["--source", try ws.photo(), "-o", out]),
                            mentions: [out, "does not exist"])
            },
            BadInput("selfie", "output path equal to the source path") { ws in
                let input = try ws.photo()
                return Call(arguments: try selfieCall(ws, ["--source", input, "-o", input]), mentions: [input, "source"], status: 2)
            },
            BadInput("selfie", "source folder holding a FIFO") { ws in
                _ = try ws.photo("album/a.png")
                let pipe = try ws.fifo("album/b.png")
                return Call(arguments: try selfieCall(ws, ["--source", ws.path("album"), "--burst", "3", "-o", ws.path("out.png")]),
                            mentions: [pipe, "FIFO"])
            },
            BadInput("selfie", "missing camera device") { ws in
                let device = ws.path("video9")
                return Call(arguments: try selfieCall(ws, ["--device", device, "-o", ws.path("out.png")]), mentions: [device])
            },
            BadInput("selfie", "--burst 0") { ws in
                Call(arguments: try selfieCall(ws, ["--source", try ws.photo(), "--burst", "0", "-o", ws.path("out.png")]),
                     mentions: ["--burst"], status: 2)
            },
        ]
}
