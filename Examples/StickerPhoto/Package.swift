// swift-tools-version:6.0
// A program that uses FaceSticker as a package dependency, by version, as any
// other package would. `make check-package` builds and runs it against a
// tagged clone (FACESTICKER_URL names it); on its own it uses the public repository.
import PackageDescription

let url = Context.environment["FACESTICKER_URL"] ?? "https://github.com/facesticker/facesticker.git"

let package = Package(
    name: "StickerPhoto",
    dependencies: [.package(url: url, from: "0.1.0")],
    targets: [
        .executableTarget(name: "StickerPhoto", dependencies: [.product(name: "FaceSticker", package: "facesticker")]),
    ]
)
