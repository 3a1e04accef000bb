import FaceSticker
import Foundation

// `tune --mask` and `--mask-outputs`: how well faces are hidden, scored on a labelled dataset.
extension TuneCommand {
    /// `--mask` and `--mask-outputs`: anonymise (or take another tool's pictures) and score them.
    static func runMask(_ arguments: Arguments) throws -> Int32 {
        guard let folder = arguments[dataset] else {
            throw UsageError("tune: --dataset DIR is required (see --help)")
        }
        let spec = arguments[mask], outputs = arguments[maskOutputs]
        if spec != nil, outputs != nil { throw UsageError("--mask and --mask-outputs: choose one") }
        let mode = spec != nil ? "--mask" : "--mask-outputs"
        for option in sweepOnly where arguments.has(option) { throw UsageError("\(option.id): not with \(mode)") }
        if outputs != nil {
            for option in [detector.erased, model.erased, config.erased] + maskOnly where arguments.has(option) {
                throw UsageError("\(option.id): not with --mask-outputs (it runs no detector)")
            }
        }
        if Set(arguments[detector]).count > 1 { throw UsageError("--detector: give one with --mask") }
        let tolerance = arguments[maskTolerance]
        let jobs = arguments[Self.jobs] ?? ProcessInfo.processInfo.activeProcessorCount
        let sheet = arguments[Self.sheet]
        try arguments.noPositionals()
        try checkPictureName("--sheet", sheet)
        // As photo takes them: tune's --config, --model and --profile share their ids (and types) with
        // DetectorOptions' (values are kept by id), its --detector is its own (repeatable: the one given is passed),
        // --mask-scale and --mask-shape are FaceOptions'.
        let settings = try spec.map { _ in
            try DetectorOptions.parse(arguments, use: .photo, profile: .recall, kind: .some(arguments[detector].first)).settings
        }
        let faceOptions = FaceOptions.parse(arguments)

        let dataset = try FaceDataset.load(folder: folder)
        var files = RunFiles()
        for truth in dataset.groundTruthFiles { files.read("the ground truth", truth) }
        for image in dataset.images {
            files.read("the dataset image", image.path)
            files.read("an output scored", outputs.map { MaskCoverage.outputPath(for: image, in: $0) })
        }
        files.write("--sheet", sheet)
        try files.check(arguments)
        if let sheet { try AtomicFile.checkFolder(of: sheet) }

        let started = Date()
        let line = ProgressLine()
        let scores: [MaskCoverage.ImageScore]
        let anonymised: (Int) throws -> RGBAImage
        if let spec, let settings {
            noteFaces(dataset)
            let renderer = StickerRenderer(stickers: faceOptions.masked(try StickerLibrary.installed().stickers(named: [spec])))
            let profile = DetectorOptions.profile(arguments, fallback: .recall)
            Console.note("tune: hiding faces with \(spec), detector \(settings.kind.rawValue) (profile "
                         + "\(profile.rawValue)), \(jobs) image(s) at a time")
            scores = try MaskCoverage.run(dataset: dataset, settings: settings, renderer: renderer, tolerance: tolerance,
                                          jobs: jobs, progress: line.show)
            // The sheet's few pictures are drawn again, as the run drew them.
            let detector = try FaceFinder(settings: settings)
            anonymised = { i in
                var picture = try ImageFile.read(path: dataset.images[i].path)
                renderer.render(&picture, faces: try detector.detect(in: picture))
                return picture
            }
        } else {
            let outputs = outputs ?? ""
            // Scoring takes seconds: a missing or bad output is the only line said.
            scores = try MaskCoverage.score(dataset: dataset, outputs: outputs, tolerance: tolerance, jobs: jobs,
                                            progress: line.show)
            noteFaces(dataset)
            anonymised = { i in try ImageFile.read(path: MaskCoverage.outputPath(for: dataset.images[i], in: outputs)) }
        }
        let summary = try MaskCoverage.Summary(dataset: dataset, scores: scores)
        try summary.table.forEach { try Console.out($0) }
        if let sheet {
            let title = "faces left unhidden, " + (spec.map { "--mask \($0)" } ?? "pictures in \(outputs ?? "")")
            try ImageFile.write(ContactSheet.unhidden(dataset: dataset, scores: scores, title: title,
                                                      progress: line.show, picture: anonymised), to: sheet)
            Console.note("tune: wrote the largest faces left unhidden to \(sheet)")
        }
        Console.note(String(format: "tune: %d images scored in %.1f s", dataset.images.count,
                            Date().timeIntervalSince(started))
                     + "; \(summary.regions) covered regions, \(summary.regionsOffFaces) touching no labelled face")
        return ExitStatus.success
    }

}
