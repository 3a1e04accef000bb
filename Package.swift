// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "FaceSticker",
    products: [
        .executable(name: "facesticker", targets: ["facesticker"]),
        .library(name: "FaceSticker", targets: ["FaceSticker"]),
    ],
    targets: [
        // System libraries, found through pkg-config (Debian -dev packages).
        .systemLibrary(name: "COpenCV", pkgConfig: "opencv4",
                       providers: [.apt(["libopencv-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2",
                       providers: [.apt(["libv4l-dev"])]),
        // OpenCV behind a plain C API: the only place that sees cv:: types.
        .target(name: "CFaceDetect", dependencies: ["COpenCV"],
                cxxSettings: [.unsafeFlags(["-O2"])],
                linkerSettings: [.linkedLibrary("stdc++"), .linkedLibrary("m")]),
        .target(name: "FaceSticker", dependencies: ["CFaceDetect", "CPNG", "CV4L2"]),
        .executableTarget(name: "facesticker", dependencies: ["FaceSticker"]),
        .executableTarget(name: "facesticker-bench", dependencies: ["FaceSticker"]),
        .testTarget(name: "FaceStickerTests", dependencies: ["FaceSticker", "CFaceDetect"]),
    ],
    cxxLanguageStandard: .cxx17
)
