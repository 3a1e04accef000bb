import FaceSticker
import Foundation

// facesticker-bench: the benchmarks `make bench` runs (see scripts/bench.sh).
//   facesticker-bench detect DATASET_DIR PYTHON BASELINE_SCRIPT [FRAME.png...]
//   facesticker-bench false-faces     (faces found on seeded noise, textures, flat frames)
//   facesticker-bench mesh PHOTO      (the face mesh's cost, and head pose on faces of known pose)
//   facesticker-bench strength PHOTO... [--specs SPEC,...]   (faces found again after each effect)
//   facesticker-bench video-left ORIGINAL MASKED [--width PX] [--score T]   (faces a video's masks left)

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "detect" where arguments.count >= 4:
        try DetectBench.run(dataset: arguments[1], frames: Array(arguments.dropFirst(4)), python: arguments[2],
                            script: arguments[3])
    case "false-faces" where arguments.count == 1:
        try FalseFaceBench.run()
    case "mesh" where arguments.count == 2:
        try MeshBench.run(photo: arguments[1])
    case "strength" where arguments.count >= 2:
        try StrengthBench.run(Array(arguments.dropFirst()))
    case "video-left" where arguments.count >= 3:
        try VideoLeftBench.run(Array(arguments.dropFirst()))
    default:
        FileHandle.standardError.write(Data(("usage: facesticker-bench detect DATASET PYTHON SCRIPT [FRAME...]\n"
            + "       facesticker-bench false-faces\n       facesticker-bench mesh PHOTO\n"
            + "       facesticker-bench strength PHOTO... [--specs SPEC,...]\n"
            + "       facesticker-bench video-left ORIGINAL MASKED [--width PX] [--score T]\n").utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("facesticker-bench: \(error)\n".utf8))
    exit(1)
}
