import FaceSticker
import Foundation

/// Times our three detectors on the dev set and on video frames, runs OpenCV's
/// own detectors through python3-opencv on the same images in the same run,
/// and prints both with the ratio, so the wrapper's overhead shows.
enum DetectBench {
    struct Figures {
        var milliseconds: Double
        var faces: Int
        var easyRecall: Double?
    }

    static func run(dataset folder: String, frames: [String], python: String, script: String) throws {
        let dataset = try FaceDataset.load(folder: folder)
        let widerImages = try dataset.images.map { try ImageFile.read(path: $0.path) }
        let frameImages = try frames.map { try ImageFile.read(path: $0) }
        let models = try modelFolder()
        print("Detectors at their default settings; ours vs OpenCV called directly from python3-opencv")
        print("(same settings, same downscaling; decoding excluded; easy recall at IoU 0.5).")
        print(pad("detector", 11) + pad("images", 22) + pad("ms/img", 9) + pad("opencv", 9) + pad("ratio", 7)
            + pad("faces", 7) + pad("opencv", 8) + pad("easy rec", 10) + "opencv")
        var yunetRecall: Double?
        for kind in [DetectorKind.yunet, .centerface, .haar] {
            // The baseline runs right before ours, so both see the same machine load.
            let baseline = try Baseline.run(python: python, script: script, models: models, detector: kind,
                                            images: dataset.images.map(\.path) + frames)
            let detector = try FaceFinder(settings: rawSettings(kind))
            _ = try detector.detect(in: widerImages[0]) // loads lazily built networks
            let ours = try time(detector, on: widerImages)
            let oursEval = try DatasetEvaluation(dataset: dataset, detections: ours.faces)
            let theirs = try baseline.results(kind.rawValue, paths: dataset.images.map(\.path))
            let theirsEval = try DatasetEvaluation(dataset: dataset, detections: theirs.faces)
            let recall = oursEval.metrics(.easy).recall
            if kind == .yunet { yunetRecall = recall }
            row(kind, "wider-dev (\(widerImages.count))", ours.figures(easy: recall),
                theirs.figures(easy: theirsEval.metrics(.easy).recall))
            if !frames.isEmpty {
                _ = try detector.detect(in: frameImages[0])
                let oursFrames = try time(detector, on: frameImages)
                let theirsFrames = try baseline.results(kind.rawValue, paths: frames)
                row(kind, "720p frames (\(frames.count))", oursFrames.figures(easy: nil),
                    theirsFrames.figures(easy: nil))
            }
        }
        if let yunetRecall {
            print(String(format: "YuNet alone, easy recall on wider-dev: %.3f", yunetRecall))
        }
        try pipelines(dataset: dataset, images: widerImages)
    }

    /// The product's default face finding against each model alone, on the same
    /// photos in the same run: ms per photo (decoding excluded), the ratio to
    /// YuNet alone, recall per subset and precision (any labelled face).
    static func pipelines(dataset: FaceDataset, images: [RGBAImage]) throws {
        print("")
        print("Face finding on wider-dev photos: the precision-first default against each model alone")
        print(pad("pipeline", 34) + pad("ms/img", 9) + pad("vs yunet", 10) + pad("easy", 7) + pad("medium", 8)
            + pad("all", 7) + "precision")
        let rows: [(String, DetectorSettings)] = [
            ("yunet alone", rawSettings(.yunet)), ("centerface alone", rawSettings(.centerface)),
            ("default (photo)", .defaults(for: ModelStore.defaultKind(for: .photo))),
            ("  without the mesh's rescue", withoutRescue(.defaults(for: ModelStore.defaultKind(for: .photo)))),
            ("default (video) on photos", .defaults(for: ModelStore.defaultKind(for: .video), use: .video)),
        ]
        var yunetMilliseconds: Double?
        for (label, settings) in rows {
            let finder = try FaceFinder(settings: settings)
            _ = try finder.detect(in: images[0]) // loads lazily built networks
            let timed = try time(finder, on: images)
            let ms = timed.figures(easy: nil).milliseconds
            if yunetMilliseconds == nil { yunetMilliseconds = ms }
            let evaluation = try DatasetEvaluation(dataset: dataset, detections: timed.faces)
            func f(_ v: Double) -> String { String(format: "%.3f", v) }
            print(pad(label, 34) + pad(String(format: "%.1f", ms), 9)
                + pad(String(format: "%.2f", ms / max(yunetMilliseconds ?? ms, 1e-9)), 10)
                + pad(f(evaluation.metrics(.easy).recall), 7) + pad(f(evaluation.metrics(.medium).recall), 8)
                + pad(f(evaluation.metrics(.all).recall), 7) + f(evaluation.metrics(.all).anyFacePrecision))
        }
    }

    /// The photo default as it was before the face mesh judged faces (issue #20):
    /// score 0.4, the verifier at 0.5, no rescue.
    static func withoutRescue(_ defaults: DetectorSettings) -> DetectorSettings {
        var settings = defaults
        settings.scoreThreshold = 0.4
        settings.verifierScore = 0.5
        settings.rescuePresence = 1
        return settings
    }

    private struct Timed {
        var seconds: [Double]
        var faces: [[Face]]
        func figures(easy: Double?) -> Figures {
            Figures(milliseconds: seconds.reduce(0, +) / Double(max(1, seconds.count)) * 1000,
                    faces: faces.reduce(0) { $0 + $1.count }, easyRecall: easy)
        }
    }

    /// A detector's defaults with nothing of FaceFinder's own on top (no verifier, upright only,
    /// no enlarging, no face mesh, score 0.5):
    /// what OpenCV's sample code does, so the two can be compared.
    static func rawSettings(_ kind: DetectorKind) -> DetectorSettings {
        var settings = DetectorSettings.defaults(for: kind)
        settings.verifier = .none
        settings.rotations = .none
        settings.maxUpscale = 1
        settings.faceMesh = .off
        if kind != .haar { settings.scoreThreshold = 0.5 } // as scripts/bench_opencv.py runs them
        return settings
    }

    private static func time(_ detector: any FaceDetector, on images: [RGBAImage]) throws -> Timed {
        var timed = Timed(seconds: [], faces: [])
        for image in images {
            let start = DispatchTime.now().uptimeNanoseconds
            let faces = try detector.detect(in: image)
            timed.seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            timed.faces.append(faces)
        }
        return timed
    }

    private static func row(_ kind: DetectorKind, _ set: String, _ ours: Figures, _ theirs: Figures) {
        func f(_ v: Double, _ digits: Int = 1) -> String { String(format: "%.\(digits)f", v) }
        let recall = ours.easyRecall.map { f($0, 3) } ?? "-"
        let theirRecall = theirs.easyRecall.map { f($0, 3) } ?? "-"
        print(pad(kind.rawValue, 11) + pad(set, 22) + pad(f(ours.milliseconds), 9) + pad(f(theirs.milliseconds), 9)
            + pad(f(ours.milliseconds / max(theirs.milliseconds, 1e-9), 2), 7) + pad("\(ours.faces)", 7)
            + pad("\(theirs.faces)", 8) + pad(recall, 10) + theirRecall)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }

    private static func modelFolder() throws -> String {
        guard let yunet = ModelStore.defaultModel(for: .yunet) else {
            throw FaceStickerError.model(path: "yunet", reason: "model not installed (run `make models`)")
        }
        return URL(fileURLWithPath: yunet).deletingLastPathComponent().path
    }

    /// The python3-opencv run's output: per detector, per image, seconds and faces.
    private struct Baseline {
        let byDetector: [String: [String: (seconds: Double, faces: [Face])]]

        static func run(python: String, script: String, models: String, detector: DetectorKind,
                        images: [String]) throws -> Baseline {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(getpid()).json").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: python)
            process.arguments = [script, "--models", models, "--detectors", detector.rawValue, "--out", out] + images
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0, let data = FileManager.default.contents(atPath: out),
                  case .object(let json) = try JSONReader.parse(data, path: out)
            else { throw FaceStickerError.internal("\(script): the python3-opencv baseline failed") }
            var byDetector: [String: [String: (seconds: Double, faces: [Face])]] = [:]
            for (name, entries) in json {
                for entry in entries.arrayValue ?? [] {
                    guard let path = entry["path"]?.stringValue, let seconds = entry["seconds"]?.numberValue,
                          let faces = entry["faces"]?.arrayValue else { continue }
                    byDetector[name, default: [:]][path] = (seconds, faces.compactMap(face))
                }
            }
            return Baseline(byDetector: byDetector)
        }

        private static func face(_ object: JSONValue) -> Face? {
            guard let b = object["box"]?.arrayValue?.compactMap(\.numberValue), b.count == 4,
                  let score = object["score"]?.numberValue else { return nil }
            return Face(box: Rect(x: b[0], y: b[1], width: b[2], height: b[3]), score: score)
        }

        func results(_ name: String, paths: [String]) throws -> Timed {
            guard let entries = byDetector[name] else { throw FaceStickerError.internal("baseline has no \(name)") }
            var timed = Timed(seconds: [], faces: [])
            for path in paths {
                guard let entry = entries[path] else { throw FaceStickerError.internal("baseline lacks \(path)") }
                timed.seconds.append(entry.seconds)
                timed.faces.append(entry.faces)
            }
            return timed
        }
    }
}
