import FaceStickerCore
/// One picture on its way from a `FrameSource` through a pipeline to its
/// `FrameSink`s: the pixels in the form the source has them, and where the
/// frame stands in its run. A camera's or a video's frame is YUV 4:2:0 with
/// its colour matrix; a still's or a folder's picture is its exact RGBA. Each
/// consumer takes the one form it needs, converted on demand, once a frame:
/// `yuv` for the video pipeline and the live loop (their outputs are YUV),
/// `rgba` for a selfie (detection and the file written). A picture read as
/// RGBA is never round-tripped through YUV. The pipelines note what they find
/// on the way (a cut, the shot, the clock) in the frame itself, so one value
/// goes from source to sink.
package struct Frame: Sendable {
    /// The pixels as the source gave them.
    package enum Pixels: Sendable {
        case yuv(YUVFrame, YUVMatrix)
        case rgba(RGBAImage)
    }

    package private(set) var pixels: Pixels
    /// The frame's number in its run, from 0: a decoder counts its frames, the live loop the
    /// frames it takes (on over a looped file); 0 from the other sources.
    package var index: Int
    /// Whether a new shot starts here (a hard cut: no face track carries across), as the
    /// pipeline's `SceneCutDetector` found.
    package var cut = false
    /// Which shot of the video it is in (the cuts before it, this one included).
    package var shot = 0
    /// Whether stickers go on it (false: outside a `--keep-rest` range, passed on as it is).
    package var inRange = true
    /// The live loop's clock: the frame's place in frames of the source's rate since the run
    /// began, what its tracker counts in, so a face is held (and its motion carried) for the
    /// same time whether frames come paced or `--fast` (0 elsewhere: the video's clock is `index`).
    package var tick = 0
    /// When the source delivered it to the live loop (`DispatchTime` nanoseconds; 0 elsewhere).
    package var arrival: UInt64 = 0

    /// A frame decoded or captured as YUV, in `matrix`'s colours.
    package init(_ frame: YUVFrame, matrix: YUVMatrix, index: Int = 0) {
        pixels = .yuv(frame, matrix)
        self.index = index
    }

    /// A picture read as RGBA.
    package init(_ image: RGBAImage, index: Int = 0) {
        pixels = .rgba(image)
        self.index = index
    }

    package var width: Int {
        switch pixels {
        case .yuv(let frame, _): return frame.width
        case .rgba(let image): return image.width
        }
    }

    package var height: Int {
        switch pixels {
        case .yuv(let frame, _): return frame.height
        case .rgba(let image): return image.height
        }
    }

    /// As RGBA: a picture's own pixels; a YUV frame converted with its matrix.
    package var rgba: RGBAImage {
        switch pixels {
        case .yuv(let frame, let matrix): return YUVConversion.rgba(frame, matrix: matrix)
        case .rgba(let image): return image
        }
    }

    /// As YUV 4:2:0: a YUV frame as it is; a picture converted with `YUVMatrix.bt601`
    /// (the matrix a `FrameSource` says its pictures have).
    package var yuv: YUVFrame {
        switch pixels {
        case .yuv(let frame, _): return frame
        case .rgba(let image): return YUVConversion.frame(image, matrix: .bt601)
        }
    }

    /// Changes the pixels in place as YUV 4:2:0 (a picture is converted first, as `yuv`
    /// does): while `body` runs the frame holds a stand-in, so a buffer this frame alone
    /// holds is drawn on as it is, not copied.
    package mutating func editYUV<Result>(_ body: (inout YUVFrame) throws -> Result) rethrows -> Result {
        var image = yuv
        let matrix: YUVMatrix
        if case .yuv(_, let own) = pixels { matrix = own } else { matrix = .bt601 }
        pixels = .yuv(Self.standIn, matrix)
        defer { pixels = .yuv(image, matrix) }
        return try body(&image)
    }

    /// What a frame holds while `editYUV` has its pixels out: one grey pixel.
    private static let standIn = YUVFrame(width: 1, height: 1, y: 128)
}

/// Where pictures come from: a camera, a video file, a still image or a
/// folder of images, all behind one interface, so the selfie session and the
/// live loop take any of them and run and are tested without a camera.
/// The video pipeline pulls from one too: its `FrameDecoder`.
/// Used from one thread at a time.
package protocol FrameSource: AnyObject {
    /// Names the source in messages (a device path or a file).
    var name: String { get }
    /// A live camera: it paces itself, its picture is mirrored by default, and it needs warm-up frames.
    var isLive: Bool { get }
    /// Frames dropped before capturing unless `--skip` says otherwise: about a
    /// second of a camera's frames so exposure and white balance settle; none for files.
    var defaultWarmUp: Int { get }
    /// The rate the source delivers at: a camera's interval, a file's own rate, or
    /// the rate asked for pictures (a still, a folder), which have none of their own.
    var frameRate: FrameRate { get }
    /// The colour matrix of the source's YUV frames (`Frame.yuv`): a video's own; BT.601 otherwise.
    var matrix: YUVMatrix { get }
    /// The size of the next frame (a folder's pictures may differ in size, and so
    /// may another camera's after a switch); a folder reads its next picture to know.
    var size: (width: Int, height: Int) { get throws }
    /// The source gives the same picture again and again (a still): a selfie burst
    /// takes it as often as it likes, the live loop shows it once unless it loops.
    var repeats: Bool { get }
    /// The next frame, or nil when the source has no more (never nil for a camera or a still).
    func next() throws -> Frame?
    /// Starts again from the first frame (`--loop`); false when it cannot (a camera).
    func rewind() throws -> Bool
    /// Releases the device or file; safe to call more than once.
    func close()
}

extension FrameSource {
    package var isLive: Bool { false }
    package var defaultWarmUp: Int { 0 }
    package var matrix: YUVMatrix { .bt601 }
    package var repeats: Bool { false }
}

extension FrameRate {
    /// The pace of pictures and cameras that do not say theirs: 30 frames a second.
    package static let thirty = FrameRate(whole: 30)
}
