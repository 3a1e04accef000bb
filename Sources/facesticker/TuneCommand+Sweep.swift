import FaceSticker
import Foundation

// `tune`'s sweep: detector settings scored on a labelled dataset.
extension TuneCommand {
    /// The sweep's command line, parsed and checked: what the run reads.
    struct Sweep {
        let folder: String
        let configPath: String?
        let model: String?
        let baselines: [DetectorSettings]
        let grids: [DetectorKind: ParameterGrid]
        let objective: TuningObjective
        let subset: EvaluationSubset
        let iou: Double
        let jobs: Int
        let top: Int
        let output: String?
        let plot: String?
        let sheet: String?

        init(_ arguments: Arguments) throws {
            let evaluateOnly = arguments[evaluate]
            guard let folder = arguments[dataset] else {
                throw UsageError("tune: --dataset DIR is required (see --help)")
            }
            var kinds: [DetectorKind] = []
            for kind in arguments[detector] where !kinds.contains(kind) { kinds.append(kind) }
            let configPath = arguments[config]
            let config = try configPath.map { try DetectorConfig.load(path: $0) }
            if let config, !kinds.isEmpty, !kinds.contains(config.kind) {
                throw UsageError("--config is for \(config.kind.rawValue), which no --detector names")
            }
            if kinds.isEmpty { kinds = [config?.kind ?? ModelStore.defaultKind()] }
            let model = arguments[TuneCommand.model]
            if model != nil, kinds.count > 1 {
                throw UsageError("--model: give one --detector with it")
            }
            baselines = kinds.map { kind -> DetectorSettings in
                var settings = config.flatMap { $0.kind == kind ? $0 : nil } ?? .defaults(for: kind)
                if let model { settings.model = model }
                return settings
            }
            var grids: [DetectorKind: ParameterGrid] = [:]
            for kind in kinds { grids[kind] = evaluateOnly ? ParameterGrid() : .defaults(for: kind) }
            for text in arguments[grid] {
                if evaluateOnly { throw UsageError("--grid: not with --evaluate") }
                let (only, parameter, values) = try asUsage { try ParameterGrid.parse(text) }
                let targets = kinds.filter { (only == nil || $0 == only) && parameter.applies(to: $0) }
                guard !targets.isEmpty else {
                    throw UsageError(
                        "--grid \(text): \(parameter.rawValue) does not apply to "
                        + (only.map(\.rawValue) ?? kinds.map(\.rawValue).joined(separator: ", ")))
                }
                for kind in targets { grids[kind]?.set(parameter, values) }
            }
            (self.folder, self.configPath, self.model, self.grids) = (folder, configPath, model, grids)
            objective = arguments[TuneCommand.objective]
            subset = arguments[TuneCommand.subset]
            iou = arguments[TuneCommand.iou]
            jobs = arguments[TuneCommand.jobs] ?? ProcessInfo.processInfo.activeProcessorCount
            top = arguments[TuneCommand.top]
            output = arguments[TuneCommand.output]
            plot = arguments[TuneCommand.plot]
            sheet = arguments[TuneCommand.sheet]
            try arguments.noPositionals()
            try checkPictureName("--plot", plot)
            try checkPictureName("--sheet", sheet)
        }
    }

    static func runSweep(_ sweep: Sweep, _ arguments: Arguments) throws -> Int32 {
        let dataset = try FaceDataset.load(folder: sweep.folder)
        guard dataset.subsets.contains(sweep.subset) else {
            throw UsageError("--subset \(sweep.subset.rawValue): \(sweep.folder) has no difficulty.tsv")
        }
        var files = RunFiles()
        files.read("--config", sweep.configPath)
        files.read("--model", sweep.model)
        for kind in DetectorKind.allCases { files.read("the installed \(kind.rawValue) model", ModelStore.defaultModel(for: kind)) }
        for truth in dataset.groundTruthFiles { files.read("the ground truth", truth) }
        files.read("the difficulty file", dataset.hasDifficulty ? PathText.join(sweep.folder, "difficulty.tsv") : nil)
        for image in dataset.images { files.read("the dataset image", image.path) }
        files.write("-o", sweep.output)
        files.write("--plot", sweep.plot)
        files.write("--sheet", sweep.sheet)
        try files.check(arguments)
        // A run can take minutes: an output that cannot be written is refused before it.
        for path in [sweep.output, sweep.plot, sweep.sheet].compactMap({ $0 }) { try AtomicFile.checkFolder(of: path) }
        let tuner = DetectorTuner(baselines: sweep.baselines, grids: sweep.grids, objective: sweep.objective,
                                  subset: sweep.subset, iouThreshold: sweep.iou, jobs: sweep.jobs)
        for baseline in sweep.baselines { _ = try tuner.settings(for: baseline) } // bad grid values fail before any run
        noteFaces(dataset)
        // Jobs are the parallelism: OpenCV's own helper threads would only spin on busy cores.
        if sweep.jobs > 1 { try FaceFinder.setThreadsPerDetection(1) }
        let line = ProgressLine()
        let report = try tuner.run(on: dataset, log: { line.end(); Console.note($0) }, progress: line.show)

        try TuningTable.lines(report, limit: sweep.top).forEach { try Console.out($0) }
        try TuningTable.summary(report).forEach { try Console.out($0) }
        try write(report, of: sweep, dataset: dataset, line: line)
        Console.note(String(format: "tune: %d detector runs in %.1f s, evaluation %.1f s", report.detectorRuns,
                            report.detectionSeconds, report.evaluationSeconds))
        return ExitStatus.success
    }

    /// The sweep's files: the best setting (-o), the curves (--plot), the worst misses (--sheet).
    private static func write(_ report: TuningReport, of sweep: Sweep, dataset: FaceDataset, line: ProgressLine) throws {
        if let output = sweep.output {
            let data = DetectorConfig.encode(report.best.settings, notes: notes(report, dataset: sweep.folder))
            try AtomicFile.write(to: output) { temporary in
                do {
                    try data.write(to: URL(fileURLWithPath: temporary))
                } catch {
                    throw FaceStickerError.output(path: output, reason: SystemReason.of(error))
                }
            }
            Console.note("tune: wrote the best setting to \(output)")
        }
        if let plot = sweep.plot {
            try ImageFile.write(PRPlot.render(report.curves, title: "precision-recall, \(report.subset.rawValue) faces, "
                                              + "IoU \(JSONText.number(sweep.iou, digits: 3))"), to: plot)
            Console.note("tune: wrote precision-recall curves to \(plot)")
        }
        if let sheet = sweep.sheet {
            try ImageFile.write(ContactSheet.render(dataset: dataset, evaluation: report.bestEvaluation,
                                                    subset: sweep.subset, title: report.best.label, progress: line.show),
                                to: sheet)
            Console.note("tune: wrote the worst misses and false positives to \(sheet)")
        }
    }
}
