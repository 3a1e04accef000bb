#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative
import FaceStickerMedia

/// A v4l2loopback device fed with the live loop's frames, so video calls and
/// OBS see a camera: open, VIDIOC_QUERYCAP (an output device), VIDIOC_S_FMT on
/// the output buffer type (YU12, the frames' own layout; YUYV when the
/// device will not take it), VIDIOC_STREAMON on the output type, then one
/// write(2) per frame, and VIDIOC_STREAMOFF before close. Talks only to a
/// `V4L2OutputSystem` (the real one, or the tests' scripted fake).
package final class VirtualCamera: FrameSink {
    package let path: String
    /// The format the device settled on (its `imageSize` may be rounded up past one frame).
    package let format: V4L2PixelFormat
    private let system: any V4L2OutputSystem
    private var fd: Int32?
    /// VIDIOC_STREAMON succeeded, so VIDIOC_STREAMOFF is due before close.
    private var streaming = false
    private var packed: [UInt8] = []
    package private(set) var framesWritten = 0

    /// The formats tried, in order.
    package static let formats = [FourCC("YU12"), FourCC.yuyv]

    /// Opens `path` and negotiates frames of `width` x `height`.
    package init(path: String, width: Int, height: Int, system: any V4L2OutputSystem = V4L2()) throws {
        self.path = path
        self.system = system
        let fd: Int32
        do {
            fd = try system.openOutput(path)
        } catch {
            throw Self.describe(path, error, doing: "open")
        }
        do {
            let capability = try system.queryCapability(fd)
            if let problem = capability.outputProblem {
                throw FaceStickerError.unreadable(path: path, reason: problem)
            }
            format = try Self.negotiate(path, fd: fd, width: width, height: height, system: system)
            streaming = try Self.startStreaming(path, fd: fd, system: system)
        } catch let error as V4L2SystemError {
            system.close(fd)
            throw Self.describe(path, error, doing: "query")
        } catch {
            system.close(fd)
            throw error
        }
        self.fd = fd
    }

    deinit { abandon() }

    private static func negotiate(_ path: String, fd: Int32, width: Int, height: Int,
                                  system: any V4L2OutputSystem) throws -> V4L2PixelFormat {
        var answers: [String] = []
        for fourcc in formats {
            let size = expectedSize(fourcc, width: width, height: height)
            let wanted = V4L2PixelFormat(width: width, height: height, fourcc: fourcc,
                                         bytesPerLine: fourcc == .yuyv ? 2 * width : width, imageSize: size)
            let got: V4L2PixelFormat
            do {
                got = try system.setOutputFormat(fd, wanted)
            } catch where error.code == EINVAL {
                answers.append("\(fourcc) refused")
                continue
            } catch {
                throw describe(path, error, doing: "set the format")
            }
            guard got.fourcc == fourcc else {
                answers.append("\(fourcc) answered with \(got.fourcc)")
                continue
            }
            guard got.width == width, got.height == height else {
                throw FaceStickerError.unreadable(path: path, reason: "the device took \(got.width)x\(got.height) "
                    + "instead of \(width)x\(height) (reload v4l2loopback, or use \(setting: .size))")
            }
            // v4l2loopback rounds sizeimage up to a whole page (460800 -> 462848 at 640x480 YU12):
            // a larger buffer still takes one frame per write(2). A smaller one cannot hold a frame.
            guard got.imageSize == 0 || got.imageSize >= size else {
                answers.append("\(fourcc) answered with a \(got.imageSize)-byte buffer for a \(size)-byte frame")
                continue
            }
            return got
        }
        throw FaceStickerError.unreadable(path: path, reason: "the device refused the format \(width)x\(height) "
            + "(\(answers.joined(separator: ", ")))")
    }

    /// VIDIOC_STREAMON on the output type; whether it was started. v4l2loopback 0.12.7 with
    /// `exclusive_caps=1` counts only a streaming fd as its writer: after a writer that only
    /// write(2)s closes, the device has neither output nor capture capability until the module
    /// is reloaded. A driver that does not stream output this way (EINVAL, ENOTTY: older
    /// v4l2loopback, other drivers) still takes write(2), so the frames are written all the same.
    private static func startStreaming(_ path: String, fd: Int32, system: any V4L2OutputSystem) throws -> Bool {
        do {
            try system.streamOnOutput(fd)
            return true
        } catch where error.code == EINVAL || error.code == ENOTTY {
            return false
        } catch {
            throw describe(path, error, doing: "start streaming")
        }
    }

    package static func expectedSize(_ fourcc: FourCC, width: Int, height: Int) -> Int {
        fourcc == .yuyv ? 2 * width * height : YUVFrame.byteCount(width: width, height: height)
    }

    package static func describe(_ path: String, _ error: V4L2SystemError, doing: String) -> FaceStickerError {
        let reason: String
        switch error.code {
        case ENOENT: reason = "no such device (load v4l2loopback: \(V4L2Capability.loadLoopback))"
        case ENODEV, ENXIO: reason = doing == "open" ? "no such device" : "the device disappeared"
        case EACCES, EPERM: reason = "permission denied (is your user in the video group?)"
        case EBUSY: reason = V4L2Capability.loopbackBusy
        case ENOTTY where doing == "query", EINVAL where doing == "query": reason = "not a V4L2 video device"
        case EISDIR: reason = "is a folder, not a video device"
        default: reason = "cannot \(doing): \(error.reason)"
        }
        return .unreadable(path: path, reason: reason)
    }

    package func write(_ frame: YUVFrame) throws {
        guard let fd else { throw FaceStickerError.unreadable(path: path, reason: "the virtual camera is closed") }
        guard frame.width == format.width, frame.height == format.height else {
            throw FaceStickerError.internal("virtual camera: a \(frame.width)x\(frame.height) frame for \(format.width)x\(format.height)")
        }
        let written: Int
        do {
            if format.fourcc == .yuyv {
                Self.pack(frame, into: &packed)
                written = try packed.withUnsafeBytes { bytes throws(V4L2SystemError) in try system.write(fd, bytes) }
            } else {
                written = try frame.data.withUnsafeBytes { bytes throws(V4L2SystemError) in try system.write(fd, bytes) }
            }
        } catch let error as V4L2SystemError {
            close()
            throw Self.describe(path, error, doing: "write a frame")
        }
        let size = Self.expectedSize(format.fourcc, width: format.width, height: format.height)
        guard written == size else {
            close()
            throw FaceStickerError.unreadable(path: path, reason: "the device took \(written) of a frame's \(size) bytes")
        }
        framesWritten += 1
    }

    /// YUV 4:2:0 to YUYV 4:2:2: each chroma row serves the two luma rows it covers.
    package static func pack(_ frame: YUVFrame, into out: inout [UInt8]) {
        let w = frame.width, h = frame.height, cw = frame.chromaWidth, uo = frame.uOffset, vo = frame.vOffset
        let size = 2 * w * h
        if out.count != size { out = [UInt8](repeating: 0, count: size) }
        frame.data.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for y in 0..<h {
                    let row = y * w, crow = (y / 2) * cw, d = 2 * row
                    var x = 0
                    while x < w {
                        let c = crow + x / 2
                        dst[d + 2 * x] = src[row + x]
                        dst[d + 2 * x + 1] = src[uo + c]
                        if x + 1 < w {
                            dst[d + 2 * x + 2] = src[row + x + 1]
                            dst[d + 2 * x + 3] = src[vo + c]
                        }
                        x += 2
                    }
                }
            }
        }
    }

    package func finish() throws { close() }

    package func abandon() { close() }

    private func close() {
        guard let fd else { return }
        // Errors are ignored: the device is closed next, which stops it in any case.
        if streaming { try? system.streamOffOutput(fd) }
        streaming = false
        system.close(fd)
        self.fd = nil
    }
}
