import FaceSticker
import Foundation

// facesticker-bench: the benchmarks `make bench` runs (see scripts/bench.sh).
//   facesticker-bench detect DATASET_DIR PYTHON BASELINE_SCRIPT [FRAME.png...]

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "detect" where arguments.count >= 4:
        try DetectBench.run(dataset: arguments[1], frames: Array(arguments.dropFirst(4)), python: arguments[2],
                            script: arguments[3])
    default:
        FileHandle.standardError.write(Data("usage: facesticker-bench detect DATASET PYTHON SCRIPT [FRAME...]\n".utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("facesticker-bench: \(error)\n".utf8))
    exit(1)
}
