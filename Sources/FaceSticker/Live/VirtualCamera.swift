#if canImport(Glibc)
import Glibc
#endif

/// A v4l2loopback device fed with the live loop's frames, so video calls and
/// OBS see a camera: open, VIDIOC_QUERYCAP (an output device), VIDIOC_S_FMT on
/// the output buffer type (YU12, the frames' own layout; YUYV when the
/// device will not take it), then one write(2) per frame. Talks only to a
/// `V4L2OutputSystem` (the real one, or the tests' scripted fake).
package final class VirtualCamera: LiveSink {
    package let path: String
    /// The format the device settled on.
    package let format: V4L2PixelFormat
    private let system: any V4L2OutputSystem
    private var fd: Int32?
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
            guard capability.capabilities & V4L2Capability.videoOutput != 0 else {
                throw FaceStickerError.unreadable(path: path, reason: "not a video output device (a v4l2loopback device "
                    + "is one: sudo modprobe v4l2loopback exclusive_caps=1 card_label=FaceSticker)")
            }
            format = try Self.negotiate(path, fd: fd, width: width, height: height, system: system)
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
            let wanted = V4L2PixelFormat(width: width, height: height, fourcc: fourcc,
                                         bytesPerLine: fourcc == .yuyv ? 2 * width : width,
                                         imageSize: expectedSize(fourcc, width: width, height: height))
            let got: V4L2PixelFormat
            do {
                got = try system.setOutputFormat(fd, wanted)
            } catch where error.code == EINVAL {
                answers.append("\(fourcc) refused")
                continue
            } catch where error.code == EBUSY {
                throw FaceStickerError.unreadable(path: path, reason: "the device is busy (another program is writing to it)")
            } catch {
                throw describe(path, error, doing: "set the format")
            }
            guard got.fourcc == fourcc else {
                answers.append("\(fourcc) answered with \(got.fourcc)")
                continue
            }
            guard got.width == width, got.height == height else {
                throw FaceStickerError.unreadable(path: path, reason: "the device took \(got.width)x\(got.height) "
                    + "instead of \(width)x\(height) (reload v4l2loopback, or use --size)")
            }
            let size = expectedSize(fourcc, width: width, height: height)
            guard got.imageSize == 0 || got.imageSize == size else {
                throw FaceStickerError.unreadable(path: path, reason: "the device wants \(got.imageSize)-byte frames, "
                    + "not \(size) (\(fourcc) \(width)x\(height))")
            }
            return got
        }
        throw FaceStickerError.unreadable(path: path, reason: "the device refused the format \(width)x\(height) "
            + "(\(answers.joined(separator: ", ")))")
    }

    static func expectedSize(_ fourcc: FourCC, width: Int, height: Int) -> Int {
        fourcc == .yuyv ? 2 * width * height : YUVFrame.byteCount(width: width, height: height)
    }

    static func describe(_ path: String, _ error: V4L2SystemError, doing: String) -> FaceStickerError {
        let reason: String
        switch error.code {
        case ENOENT: reason = "no such device (load v4l2loopback: sudo modprobe v4l2loopback exclusive_caps=1 card_label=FaceSticker)"
        case ENODEV, ENXIO: reason = doing == "open" ? "no such device" : "the device disappeared"
        case EACCES, EPERM: reason = "permission denied (is your user in the video group?)"
        case EBUSY: reason = "the device is busy (another program is writing to it)"
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
    static func pack(_ frame: YUVFrame, into out: inout [UInt8]) {
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
        system.close(fd)
        self.fd = nil
    }
}
