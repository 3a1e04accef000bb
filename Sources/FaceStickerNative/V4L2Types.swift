import Foundation
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore

// The values that cross the V4L2 seam (`V4L2System`, below): pixel formats, capabilities,
// buffers, controls and the errno failures. `V4L2` (V4L2.swift) implements the seam over libv4l2;
// tests implement it with a scripted fake.

// MARK: - Formats

/// A V4L2 pixel format code: four ASCII characters packed little-endian,
/// as `v4l2_fourcc` builds them ("YUYV", "MJPG", "RGB3").
package struct FourCC: Hashable, Sendable, CustomStringConvertible {
    package var rawValue: UInt32

    package init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Packs the first four bytes of `code` (padded with spaces).
    package init(_ code: String) {
        let bytes = Array(code.utf8.prefix(4)) + Array(repeating: UInt8(ascii: " "), count: max(0, 4 - code.utf8.count))
        rawValue = bytes.enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
    }

    /// Packed 8-bit R, G, B: what libv4l2 converts every camera format to.
    package static let rgb24 = FourCC("RGB3")
    /// Packed 4:2:2 YUV, two pixels in four bytes: what most webcams send uncompressed.
    package static let yuyv = FourCC("YUYV")
    package static let mjpeg = FourCC("MJPG")

    /// The four characters, unprintable bytes as '?'.
    package var description: String {
        String((0..<4).map { shift -> Character in
            let byte = UInt8(truncatingIfNeeded: rawValue >> (8 * UInt32(shift)))
            return (32...126).contains(byte) ? Character(UnicodeScalar(byte)) : "?"
        })
    }
}

/// A negotiated picture format (VIDIOC_G_FMT / VIDIOC_S_FMT, single-planar capture).
package struct V4L2PixelFormat: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var fourcc: FourCC
    /// Bytes per row as the driver lays them out (0 when asking: the driver chooses).
    package var bytesPerLine: Int
    /// Bytes in one frame (0 when asking).
    package var imageSize: Int

    package init(width: Int, height: Int, fourcc: FourCC, bytesPerLine: Int = 0, imageSize: Int = 0) {
        self.width = width
        self.height = height
        self.fourcc = fourcc
        self.bytesPerLine = bytesPerLine
        self.imageSize = imageSize
    }
}

/// One pixel format a device offers (VIDIOC_ENUM_FMT).
package struct V4L2FormatDescription: Equatable, Sendable {
    package var fourcc: FourCC
    package var description: String
    /// Compressed formats (MJPEG, H.264): libv4l2 decodes them for us.
    package var compressed: Bool
    /// Offered by libv4l2's conversion, not by the driver.
    package var emulated: Bool

    package init(fourcc: FourCC, description: String, compressed: Bool = false, emulated: Bool = false) {
        self.fourcc = fourcc
        self.description = description
        self.compressed = compressed
        self.emulated = emulated
    }
}

/// One frame size a device offers for a format (VIDIOC_ENUM_FRAMESIZES).
package enum V4L2FrameSize: Equatable, Sendable, CustomStringConvertible {
    case discrete(width: Int, height: Int)
    /// Any size in the ranges, in steps (continuous when the steps are 1).
    case stepwise(minWidth: Int, maxWidth: Int, widthStep: Int, minHeight: Int, maxHeight: Int, heightStep: Int)

    /// A range: the driver's last answer (VIDIOC_ENUM_FRAMESIZES lists nothing after it).
    package var isStepwise: Bool { if case .stepwise = self { true } else { false } }

    package var description: String {
        switch self {
        case .discrete(let w, let h):
            return "\(w)x\(h)"
        case .stepwise(let minW, let maxW, let stepW, let minH, let maxH, let stepH):
            return "\(minW)x\(minH) to \(maxW)x\(maxH) in steps of \(stepW)x\(stepH)"
        }
    }
}

/// A time as V4L2 gives it (`struct v4l2_fract`): `numerator` / `denominator` seconds.
package struct V4L2Fraction: Equatable, Sendable, CustomStringConvertible {
    package var numerator: Int
    package var denominator: Int

    package init(numerator: Int, denominator: Int) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// `seconds` as 1000 over the frames in 1000 seconds (1/30 s is 1000/30000), the way
    /// S_PARM is asked for a rate the driver does not list; nil unless positive and in range.
    package init?(seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return nil }
        let denominator = (1000 / seconds).rounded()
        guard denominator >= 1, denominator <= Double(UInt32.max) else { return nil }
        self.init(numerator: 1000, denominator: Int(denominator))
    }

    /// The time in seconds; nil unless both parts are positive.
    package var seconds: Double? {
        guard numerator > 0, denominator > 0 else { return nil }
        return Double(numerator) / Double(denominator)
    }

    package var description: String { "\(numerator)/\(denominator)" }
}

/// The frame intervals a device offers for one format and size (VIDIOC_ENUM_FRAMEINTERVALS).
package enum V4L2FrameInterval: Equatable, Sendable {
    case discrete(V4L2Fraction)
    /// Any interval from `min` to `max` in steps of `step` (continuous when the driver says so).
    case stepwise(min: V4L2Fraction, max: V4L2Fraction, step: V4L2Fraction)

    /// A range: the driver's last answer (VIDIOC_ENUM_FRAMEINTERVALS lists nothing after it).
    package var isStepwise: Bool { if case .stepwise = self { true } else { false } }
}

// MARK: - Devices and buffers

/// What VIDIOC_QUERYCAP says about a device node.
package struct V4L2Capability: Equatable, Sendable {
    package var driver: String
    package var card: String
    package var busInfo: String
    /// The kernel's V4L2_CAP_* bits for this node (`device_caps` when the driver gives them).
    package var capabilities: UInt32

    package init(driver: String, card: String, busInfo: String, capabilities: UInt32) {
        self.driver = driver
        self.card = card
        self.busInfo = busInfo
        self.capabilities = capabilities
    }

    // Kernel ABI values from linux/videodev2.h; they never change.
    package static let videoCapture: UInt32 = 0x0000_0001
    package static let videoOutput: UInt32 = 0x0000_0002
    package static let videoCaptureMultiplanar: UInt32 = 0x0000_1000
    package static let metadataCapture: UInt32 = 0x0080_0000
    package static let streaming: UInt32 = 0x0400_0000

    package var canCapture: Bool { capabilities & Self.videoCapture != 0 }
    package var canOutput: Bool { capabilities & Self.videoOutput != 0 }
    package var canStream: Bool { capabilities & Self.streaming != 0 }

    /// The driver name v4l2loopback puts in VIDIOC_QUERYCAP (0.12 and later).
    package static let loopbackDriver = "v4l2 loopback"
    /// What a v4l2loopback device another program writes to says to a second writer.
    package static let loopbackBusy = "the device is busy (another program is writing to it)"
    /// How a user makes a virtual camera, said wherever one is missing.
    package static let loadLoopback = "sudo modprobe v4l2loopback exclusive_caps=1 card_label=FaceSticker"

    /// A v4l2loopback node. With `exclusive_caps=1` it shows only the output capability until a
    /// writer feeds it, then only the capture one; v4l2loopback 0.12 shows neither once a writer
    /// that only write(2)s has closed (until the module is reloaded).
    package var isLoopback: Bool { driver == Self.loopbackDriver }

    /// Why this node cannot be a camera, in words, or nil when it can.
    package var captureProblem: String? {
        if canCapture {
            return canStream ? nil : "the capture device does not support streaming I/O"
        }
        if isLoopback {
            return "nothing is writing to this v4l2loopback device yet (start the program that feeds it first)"
        }
        if capabilities & Self.metadataCapture != 0 {
            return "not a video capture device (a metadata node; the camera's picture is on another /dev/video node)"
        }
        if capabilities & Self.videoCaptureMultiplanar != 0 {
            return "not a single-planar video capture device (multi-planar devices are not supported)"
        }
        if canOutput { return "not a video capture device (an output device)" }
        return "not a video capture device"
    }

    /// Why frames cannot be written to this node as a virtual camera, in words, or nil when they can.
    package var outputProblem: String? {
        if canOutput { return nil }
        if isLoopback {
            return canCapture
                ? Self.loopbackBusy
                : "this v4l2loopback device lost its output side when its last writer closed (v4l2loopback 0.12 "
                    + "after a writer that only write(2)s); reload it: sudo modprobe -r v4l2loopback; " + Self.loadLoopback
        }
        if canCapture {
            return "a video capture device (a camera), not a v4l2loopback output (make one: \(Self.loadLoopback))"
        }
        return "not a video output device (a v4l2loopback device is one: \(Self.loadLoopback))"
    }
}

/// A driver buffer as VIDIOC_QUERYBUF and VIDIOC_DQBUF describe it (mmap memory).
package struct V4L2Buffer: Equatable, Sendable {
    package var index: Int
    /// Where to mmap it (QUERYBUF).
    package var offset: Int
    /// Its mapped length in bytes.
    package var length: Int
    /// Bytes of picture in it (DQBUF).
    package var bytesUsed: Int
    /// The driver flagged the frame as damaged (V4L2_BUF_FLAG_ERROR).
    package var failed: Bool

    package init(index: Int, offset: Int = 0, length: Int = 0, bytesUsed: Int = 0, failed: Bool = false) {
        self.index = index
        self.offset = offset
        self.length = length
        self.bytesUsed = bytesUsed
        self.failed = failed
    }
}

// MARK: - Controls

/// A camera control as VIDIOC_QUERYCTRL describes it (brightness, exposure, zoom, focus...).
package struct V4L2Control: Equatable, Sendable {
    /// The control types V4L2 defines; values are read and set as 32-bit integers
    /// for integer, boolean, menu and integer-menu controls only.
    package enum Kind: Equatable, Sendable {
        case integer, boolean, menu, integerMenu, button, integer64, controlClass, string, bitmask
        case other(UInt32)

        /// Whether VIDIOC_G_CTRL / VIDIOC_S_CTRL can carry its value.
        package var hasValue: Bool { [.integer, .boolean, .menu, .integerMenu].contains(self) }

        /// The type as `devices` prints it in text, v4l2-ctl's short names ("int", "bool", "intmenu").
        package var name: String {
            switch self {
            case .integer: return "int"
            case .boolean: return "bool"
            case .menu: return "menu"
            case .integerMenu: return "intmenu"
            case .button: return "button"
            case .integer64: return "int64"
            case .controlClass: return "class"
            case .string: return "string"
            case .bitmask: return "bitmask"
            case .other(let code): return "type \(code)"
            }
        }

        /// The type as `devices --json` spells it (the README's schema): whole words, kebab-case values.
        package var jsonName: String {
            switch self {
            case .integer: return "integer"
            case .boolean: return "boolean"
            case .menu: return "menu"
            case .integerMenu: return "integer-menu"
            case .button: return "button"
            case .integer64: return "integer64"
            case .controlClass: return "control-class"
            case .string: return "string"
            case .bitmask: return "bitmask"
            case .other: return "unknown"
            }
        }
    }

    /// One entry of a menu control.
    package struct MenuItem: Equatable, Sendable {
        package var value: Int
        package var label: String

        package init(value: Int, label: String) {
            self.value = value
            self.label = label
        }
    }

    package var id: UInt32
    /// As the driver spells it ("Exposure Time, Absolute").
    package var name: String
    package var kind: Kind
    package var minimum: Int
    package var maximum: Int
    package var step: Int
    package var defaultValue: Int
    package var disabled: Bool
    package var readOnly: Bool
    package var writeOnly: Bool
    /// Another control (an automatic mode) governs it for now: setting it may change nothing.
    package var inactive: Bool
    package var menu: [MenuItem]

    package init(id: UInt32, name: String, kind: Kind, minimum: Int = 0, maximum: Int = 0, step: Int = 1,
                defaultValue: Int = 0, disabled: Bool = false, readOnly: Bool = false, writeOnly: Bool = false,
                inactive: Bool = false, menu: [MenuItem] = []) {
        self.id = id
        self.name = name
        self.kind = kind
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.defaultValue = defaultValue
        self.disabled = disabled
        self.readOnly = readOnly
        self.writeOnly = writeOnly
        self.inactive = inactive
        self.menu = menu
    }

    /// The name `--set` takes: lower case, every run of other characters one underscore
    /// ("Exposure Time, Absolute" is `exposure_time_absolute`), as v4l2-ctl spells it.
    package var key: String { Self.key(for: name) }

    /// `name` in the `key` spelling.
    package static func key(for name: String) -> String {
        var out = ""
        var pendingUnderscore = false
        for scalar in name.lowercased().unicodeScalars {
            if (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") {
                if pendingUnderscore, !out.isEmpty { out += "_" }
                pendingUnderscore = false
                out.unicodeScalars.append(scalar)
            } else {
                pendingUnderscore = true
            }
        }
        return out
    }
}

// MARK: - Failures

/// A failed call at the V4L2 seam: which call, and the errno it set.
package struct V4L2SystemError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The call or ioctl, e.g. "open", "VIDIOC_S_FMT", "poll".
    package var call: String
    package var code: Int32

    package init(_ call: String, _ code: Int32) {
        self.call = call
        self.code = code
    }

    /// The C library's text for the errno.
    package var reason: String { Errno(code).description }

    package var description: String { "\(call): \(reason)" }
}

// MARK: - The seam

/// The lowest level of camera access: one method per system call or V4L2
/// ioctl, carrying Swift values instead of the kernel's C structs.
///
/// `V4L2` (FaceStickerNative/V4L2.swift) implements it over libv4l2; tests implement it
/// with a scripted fake, so everything above this seam (`V4L2Camera`,
/// frame sources, the selfie pipeline) runs without a camera. Every method
/// that can fail throws the errno it got; "end of list" answers (EINVAL from
/// an ENUM ioctl) are nil, not errors.
package protocol V4L2System {
    /// Opens the node read-write, non-blocking.
    func open(_ path: String) throws(V4L2SystemError) -> Int32
    func close(_ fd: Int32)
    /// VIDIOC_QUERYCAP.
    func queryCapability(_ fd: Int32) throws(V4L2SystemError) -> V4L2Capability
    /// VIDIOC_ENUM_FMT for video capture; nil past the last format.
    func enumerateFormat(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2FormatDescription?
    /// VIDIOC_ENUM_FRAMESIZES; nil past the last size.
    func enumerateFrameSize(_ fd: Int32, format: FourCC, index: Int) throws(V4L2SystemError) -> V4L2FrameSize?
    /// VIDIOC_G_FMT.
    func getFormat(_ fd: Int32) throws(V4L2SystemError) -> V4L2PixelFormat
    /// VIDIOC_S_FMT; returns the format the driver settled on (it may adjust size and code).
    func setFormat(_ fd: Int32, _ format: V4L2PixelFormat) throws(V4L2SystemError) -> V4L2PixelFormat
    /// VIDIOC_G_PARM: seconds per frame, nil when the driver does not say.
    func frameInterval(_ fd: Int32) throws(V4L2SystemError) -> Double?
    /// VIDIOC_ENUM_FRAMEINTERVALS for `format` at `width` x `height`; nil past the last interval.
    func enumerateFrameInterval(_ fd: Int32, format: FourCC, width: Int, height: Int,
                                index: Int) throws(V4L2SystemError) -> V4L2FrameInterval?
    /// VIDIOC_S_PARM: asks for `interval` seconds per frame (the driver grants the nearest it can;
    /// `frameInterval` reads what it granted).
    func setFrameInterval(_ fd: Int32, _ interval: V4L2Fraction) throws(V4L2SystemError)
    /// VIDIOC_REQBUFS with mmap memory; returns how many buffers the driver granted (0 frees them).
    func requestBuffers(_ fd: Int32, count: Int) throws(V4L2SystemError) -> Int
    /// VIDIOC_QUERYBUF.
    func queryBuffer(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2Buffer
    /// VIDIOC_QBUF.
    func queueBuffer(_ fd: Int32, index: Int) throws(V4L2SystemError)
    /// VIDIOC_DQBUF (EAGAIN when no frame is ready: the node is non-blocking).
    func dequeueBuffer(_ fd: Int32) throws(V4L2SystemError) -> V4L2Buffer
    /// VIDIOC_STREAMON.
    func streamOn(_ fd: Int32) throws(V4L2SystemError)
    /// VIDIOC_STREAMOFF (also dequeues every buffer).
    func streamOff(_ fd: Int32) throws(V4L2SystemError)
    /// VIDIOC_QUERYCTRL with V4L2_CTRL_FLAG_NEXT_CTRL: the control after `id` (0: the first); nil after the last.
    func nextControl(_ fd: Int32, after id: UInt32) throws(V4L2SystemError) -> V4L2Control?
    /// VIDIOC_QUERYMENU: a menu entry's label (an integer menu's number as text), nil when the driver skips that index.
    func menuItem(_ fd: Int32, control id: UInt32, index: Int, integerMenu: Bool) throws(V4L2SystemError) -> String?
    /// VIDIOC_G_CTRL.
    func getControl(_ fd: Int32, id: UInt32) throws(V4L2SystemError) -> Int32
    /// VIDIOC_S_CTRL.
    func setControl(_ fd: Int32, id: UInt32, value: Int32) throws(V4L2SystemError)
    /// mmap of a driver buffer, shared and read-write.
    func map(_ fd: Int32, length: Int, offset: Int) throws(V4L2SystemError) -> UnsafeMutableRawPointer
    func unmap(_ address: UnsafeMutableRawPointer, length: Int)
    /// Waits at most `timeoutMs` for a frame: true when one is ready, false on time-out.
    /// Throws when the device reports an error (POLLERR: unplugged, not streaming).
    func poll(_ fd: Int32, timeoutMs: Int) throws(V4L2SystemError) -> Bool
}

/// The output side of the V4L2 seam, for virtual cameras (v4l2loopback):
/// the same system calls as capture (`open`, `VIDIOC_QUERYCAP`, `close`) plus
/// `VIDIOC_S_FMT`, `VIDIOC_STREAMON`/`OFF` and `VIDIOC_ENUM_FMT` on the output
/// buffer type, and `write(2)` per frame. `V4L2`
/// implements it for real; the tests' scripted fake implements it too.
package protocol V4L2OutputSystem: V4L2System {
    /// Opens an output node read-write with blocking writes (no libv4l2: it only converts captures).
    func openOutput(_ path: String) throws(V4L2SystemError) -> Int32
    /// VIDIOC_S_FMT with V4L2_BUF_TYPE_VIDEO_OUTPUT; returns the format the driver settled on.
    func setOutputFormat(_ fd: Int32, _ format: V4L2PixelFormat) throws(V4L2SystemError) -> V4L2PixelFormat
    /// write(2) of one frame's bytes; returns how many were taken.
    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(V4L2SystemError) -> Int
    /// VIDIOC_STREAMON on V4L2_BUF_TYPE_VIDEO_OUTPUT: marks this fd as the device's writer
    /// (v4l2loopback restores its output capability when a writer marked so closes).
    func streamOnOutput(_ fd: Int32) throws(V4L2SystemError)
    /// VIDIOC_STREAMOFF on V4L2_BUF_TYPE_VIDEO_OUTPUT.
    func streamOffOutput(_ fd: Int32) throws(V4L2SystemError)
    /// VIDIOC_ENUM_FMT for video output; nil past the last format.
    func enumerateOutputFormat(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2FormatDescription?
}
