// The public API is one import: `import FaceSticker` brings the public types of every
// layer below (`Face`, `RGBAImage`, `ImageFile`, `Cancellation`, ...), as swift-nio's `NIO`
// re-exports `NIOCore`. The layers themselves are internal structure: docs/development.md.
// FaceStickerNative has no public declarations: it is re-exported for the package's own
// clients (the CLI, the tests), which see `package` declarations through this one import.
@_exported import FaceStickerCore
@_exported import FaceStickerNative
@_exported import FaceStickerMedia
@_exported import FaceStickerVision
@_exported import FaceStickerRender
@_exported import FaceStickerPipelines
@_exported import FaceStickerTuning
