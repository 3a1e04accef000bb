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
        .systemLibrary(name: "CPNG", pkgConfig: "libpng",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CV4L2", pkgConfig: "libv4l2",
                       providers: [.apt(["libv4l-dev"])]),
        // Child processes and pipes (fork, exec, wait) in plain C over POSIX, with errno results.
        .target(name: "CProcess"),
        // OpenCV 4.6 (Debian libopencv-dev) behind a plain C API: the only place that
        // sees cv:: types. Its modules are named one by one rather than through
        // `pkg-config opencv4`, which names all 56: loading them took 0.2 s of every run.
        // Its headers come through `opencv4`, a link to Debian's /usr/include/opencv4 (a header
        // search path must lie inside the package, and unsafe flags would keep other packages
        // from depending on this one by version).
        .target(name: "CFaceDetect",
                dependencies: ["CProcess"],
                exclude: ["opencv4"],
                cxxSettings: [.headerSearchPath("opencv4")],
                // libjpeg (Debian libjpeg62-turbo-dev, the one OpenCV links) decodes JPEG directly,
                // so its warnings are collected instead of printed (jpeg.cpp).
                // imgcodecs and highgui are loaded when first used (lazy.cpp), not linked.
                linkerSettings: ["opencv_core", "opencv_imgproc", "opencv_objdetect", "opencv_dnn",
                                 "opencv_video", "jpeg", "stdc++", "m"].map { .linkedLibrary($0) }),
        // The library in layers, each depending only on those below it, so the compiler keeps
        // the direction (docs/development.md draws them; LayerTests checks this list against it).
        // Plain values at the bottom: geometry, pixel buffers, errors, paths, JSON, concurrency.
        .target(name: "FaceStickerCore"),
        // The only importer of the C modules; plain values in and out.
        .target(name: "FaceStickerNative",
                dependencies: ["FaceStickerCore", "CFaceDetect", "CProcess", "CPNG", "CV4L2"]),
        // Frames in and out: image files and sequences, ffmpeg (probe, decode, encode), cameras.
        .target(name: "FaceStickerMedia", dependencies: ["FaceStickerCore", "FaceStickerNative"]),
        // Faces: the detectors, the face mesh and head pose, the video detection policy.
        .target(name: "FaceStickerVision", dependencies: ["FaceStickerCore", "FaceStickerNative"]),
        // Pictures: stickers, compositing, effects, filters, tracking and the painter.
        .target(name: "FaceStickerRender",
                dependencies: ["FaceStickerCore", "FaceStickerNative", "FaceStickerMedia", "FaceStickerVision"]),
        // Jobs over many frames: video, live, selfie.
        .target(name: "FaceStickerPipelines",
                dependencies: ["FaceStickerCore", "FaceStickerNative", "FaceStickerMedia", "FaceStickerVision",
                               "FaceStickerRender"]),
        // Measuring and tuning the detector on labelled photos.
        .target(name: "FaceStickerTuning",
                dependencies: ["FaceStickerCore", "FaceStickerNative", "FaceStickerMedia", "FaceStickerVision",
                               "FaceStickerRender"]),
        // The public API: StickerEngine, and the layers re-exported (their public types for
        // embedders; their package ones for the CLI and the tests).
        .target(name: "FaceSticker",
                dependencies: ["FaceStickerCore", "FaceStickerNative", "FaceStickerMedia", "FaceStickerVision",
                               "FaceStickerRender", "FaceStickerPipelines", "FaceStickerTuning"]),
        .executableTarget(name: "facesticker", dependencies: ["FaceSticker"]),
        .executableTarget(name: "facesticker-bench", dependencies: ["FaceSticker", "NoFaceImages", "PoseImages"]),
        // Seeded pictures with no face in them, shared by the tests and the benchmark.
        .target(name: "NoFaceImages", dependencies: ["FaceSticker"]),
        // Faces turned to known head poses, shared by the tests and the benchmark.
        .target(name: "PoseImages", dependencies: ["FaceSticker"]),
        .testTarget(name: "FaceStickerTests", dependencies: ["FaceSticker", "CFaceDetect", "NoFaceImages", "PoseImages"]),
    ],
    cxxLanguageStandard: .cxx17
)
