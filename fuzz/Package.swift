// swift-tools-version:6.0
// libFuzzer harnesses for FaceSticker's parsers. A separate package, so the
// main Package.swift stays as it is; build and run them with scripts/fuzz.sh
// (`make fuzz`), which passes --sanitize=fuzzer --sanitize=address.
import PackageDescription

// The harnesses define LLVMFuzzerTestOneInput and no main: libFuzzer's runtime
// brings main, which fuzzes or, given files, replays them once each.
let harness: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
    name: "FaceStickerFuzz",
    dependencies: [.package(name: "FaceSticker", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "FaceSticker", package: "FaceSticker")]),
        .executableTarget(name: "fuzz-png", dependencies: ["FuzzSupport"], swiftSettings: harness),
        .executableTarget(name: "fuzz-manifest", dependencies: ["FuzzSupport"], swiftSettings: harness),
        .executableTarget(name: "fuzz-config", dependencies: ["FuzzSupport"], swiftSettings: harness),
        .executableTarget(name: "fuzz-groundtruth", dependencies: ["FuzzSupport"], swiftSettings: harness),
        .executableTarget(name: "fuzz-sequence", dependencies: ["FuzzSupport"], swiftSettings: harness),
        .executableTarget(name: "fuzz-tracks", dependencies: ["FuzzSupport"], swiftSettings: harness),
    ]
)
