@testable import FaceSticker
#if canImport(Glibc)
import Glibc
#endif

/// A scripted camera at the V4L2 seam: it plays back a scenario (frames,
/// time-outs, damaged buffers, errno failures on any call), logs every call,
/// and enforces the driver's rules (no DQBUF before STREAMON, no QBUF of a
/// queued buffer, no REQBUFS while mapped...), answering EINVAL as a driver
/// would, so a state machine that breaks them fails its test.
final class ScriptedV4L2: V4L2OutputSystem {
    /// The calls that can be made to fail with an errno.
    enum Operation: Hashable {
        case open, queryCapability, enumerateFormat, setFormat, frameInterval, requestBuffers, queryBuffer, map
        case queueBuffer, dequeueBuffer, streamOn, streamOff, nextControl, getControl, setControl
        case enumerateFrameInterval, setFrameInterval
    }

    /// What the next poll/dequeue sees.
    enum Step {
        case frame(RGBAImage)
        /// poll times out.
        case timeout
        /// poll wakes, DQBUF answers EAGAIN.
        case again
        /// A buffer flagged V4L2_BUF_FLAG_ERROR.
        case damaged
        /// poll fails with this errno (POLLERR/POLLHUP).
        case pollError(Int32)
        /// DQBUF fails with this errno.
        case dequeueError(Int32)
    }

    // MARK: Scenario
    var devices: Set<String> = ["/dev/video0"]
    var capability = V4L2Capability(driver: "scripted", card: "Scripted Camera", busInfo: "test:1",
                                    capabilities: V4L2Capability.videoCapture | V4L2Capability.streaming)
    var formats = [V4L2FormatDescription(fourcc: .mjpeg, description: "Motion-JPEG", compressed: true),
                   V4L2FormatDescription(fourcc: .yuyv, description: "YUYV 4:2:2")]
    var sizes: [FourCC: [V4L2FrameSize]] = [.mjpeg: [.discrete(width: 1280, height: 720), .discrete(width: 640, height: 480)],
                                            .yuyv: [.discrete(width: 640, height: 480)]]
    /// The pixel code S_FMT answers with, whatever was asked; nil: the code asked
    /// (YUYV where `formats` lists it, RGB3 as libv4l2 converts to).
    var delivers: FourCC?
    /// The largest size S_FMT grants.
    var maxSize = (width: 1280, height: 720)
    /// Bytes added to every row (drivers align rows).
    var rowPadding = 0
    /// What G_PARM answers: seconds per frame (S_PARM changes it).
    var interval: Double? = 1.0 / 30
    /// The frame intervals ENUM_FRAMEINTERVALS lists, by `intervalKey` ("YUYV 640x480").
    var intervals: [String: [V4L2FrameInterval]] = [
        intervalKey(.yuyv, 640, 480): [.discrete(V4L2Fraction(numerator: 1, denominator: 30)),
                                       .discrete(V4L2Fraction(numerator: 1, denominator: 15))],
        intervalKey(.mjpeg, 1280, 720): [.discrete(V4L2Fraction(numerator: 1, denominator: 30))],
        intervalKey(.mjpeg, 640, 480): [.discrete(V4L2Fraction(numerator: 1, denominator: 30))],
    ]
    /// The format libv4l2 converts RGB3 from, whose intervals it lists for RGB3 where `intervals`
    /// has none (it ranks by conversion cost and USB bandwidth; MJPEG at large sizes).
    var converts = FourCC.mjpeg
    /// What S_PARM grants, whatever is asked (a driver with rates of its own); nil: what is asked.
    var grants: V4L2Fraction?
    /// What the last S_PARM asked for.
    private(set) var askedInterval: V4L2Fraction?
    var grantedBuffers = 4
    var steps: [Step] = []
    /// Played when `steps` runs out.
    var endless: Step = .timeout
    var failures: [Operation: Int32] = [:]
    /// Failures of one call as the log names it ("mmap 2"), for faults part-way through a sequence.
    var failingCalls: [String: Int32] = [:]
    var controls: [V4L2Control] = []
    var menus: [UInt32: [Int: String]] = [:]
    var values: [UInt32: Int32] = [:]
    /// Controls the driver accepts and then quietly ignores.
    var ignored: Set<UInt32> = []
    /// Output side (a v4l2loopback device): the pixel codes S_FMT on the output type accepts
    /// (others: EINVAL), and what it answers for a code (as a driver substituting its own).
    var outputFormats: Set<FourCC> = [FourCC("YU12"), .yuyv]
    var outputSubstitutes: [FourCC: FourCC] = [:]
    /// The sizeimage S_FMT on the output type answers for a code; by default the frame's size
    /// rounded up to a whole 4096-byte page, as v4l2loopback does (a too-small answer is scripted here).
    var outputImageSizes: [FourCC: Int] = [:]
    /// Plays v4l2loopback 0.12.7 loaded with exclusive_caps=1 (`Loopback`); nil: `capability` as set.
    var loopback: Loopback?
    /// After this many frames written, write(2) fails with this errno (the device went away).
    var failWritesAfter: (frames: Int, code: Int32)?
    /// The frames written, as the bytes each write(2) got.
    private(set) var written: [[UInt8]] = []
    private(set) var outputFormat: V4L2PixelFormat?

    // MARK: Observed state
    private(set) var log: [String] = []
    private(set) var openFds: Set<Int32> = []
    private(set) var streaming = false
    private(set) var buffersGranted = 0
    private(set) var queued: [Int] = []
    private(set) var mapped: [Int: (UnsafeMutableRawPointer, Int)] = [:]
    private(set) var format = V4L2PixelFormat(width: 640, height: 480, fourcc: .rgb24, bytesPerLine: 1920,
                                              imageSize: 921_600)
    /// What the last S_FMT asked for.
    private(set) var asked: V4L2PixelFormat?
    private var nextFd: Int32 = 10
    private var pending: Step?

    deinit {
        for (address, _) in mapped.values { address.deallocate() }
    }

    /// True when nothing is left open, mapped, queued or streaming.
    var isClean: Bool { openFds.isEmpty && mapped.isEmpty && !streaming && buffersGranted == 0 }

    private func check(_ operation: Operation, _ name: String) throws(V4L2SystemError) {
        log.append(name)
        if let code = failures[operation] ?? failingCalls[name] { throw V4L2SystemError(name, code) }
    }

    private func checkFd(_ fd: Int32, _ name: String) throws(V4L2SystemError) {
        guard openFds.contains(fd) else { throw V4L2SystemError(name, EBADF) }
    }

    // MARK: V4L2System

    func open(_ path: String) throws(V4L2SystemError) -> Int32 {
        try check(.open, "open")
        guard devices.contains(path) else { throw V4L2SystemError("open", ENOENT) }
        nextFd += 1
        openFds.insert(nextFd)
        return nextFd
    }

    func close(_ fd: Int32) {
        log.append("close")
        // Closing a streaming fd frees everything, as the kernel does; but the
        // camera must have stopped first, which isClean checks through the log.
        openFds.remove(fd)
        loopbackClosed(fd)
    }

    func queryCapability(_ fd: Int32) throws(V4L2SystemError) -> V4L2Capability {
        try check(.queryCapability, "QUERYCAP")
        try checkFd(fd, "QUERYCAP")
        return currentCapability
    }

    func enumerateFormat(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2FormatDescription? {
        try check(.enumerateFormat, "ENUM_FMT")
        return index < formats.count ? formats[index] : nil
    }

    func enumerateFrameSize(_ fd: Int32, format: FourCC, index: Int) throws(V4L2SystemError) -> V4L2FrameSize? {
        log.append("ENUM_FRAMESIZES")
        let list = sizes[format] ?? []
        return index < list.count ? list[index] : nil
    }

    func getFormat(_ fd: Int32) throws(V4L2SystemError) -> V4L2PixelFormat {
        log.append("G_FMT")
        return format
    }

    func setFormat(_ fd: Int32, _ wanted: V4L2PixelFormat) throws(V4L2SystemError) -> V4L2PixelFormat {
        try check(.setFormat, "S_FMT")
        try checkFd(fd, "S_FMT")
        guard buffersGranted == 0 else { throw V4L2SystemError("S_FMT", EBUSY) }
        asked = wanted
        let width = min(wanted.width, maxSize.width), height = min(wanted.height, maxSize.height)
        let fourcc = delivers ?? wanted.fourcc
        let rowBytes = (fourcc == .yuyv ? (width + 1) / 2 * 4 : width * 3) + rowPadding
        format = V4L2PixelFormat(width: width, height: height, fourcc: fourcc, bytesPerLine: rowBytes,
                                 imageSize: rowBytes * height)
        return format
    }

    func frameInterval(_ fd: Int32) throws(V4L2SystemError) -> Double? {
        try check(.frameInterval, "G_PARM")
        return interval
    }

    static func intervalKey(_ fourcc: FourCC, _ width: Int, _ height: Int) -> String { "\(fourcc) \(width)x\(height)" }

    func enumerateFrameInterval(_ fd: Int32, format: FourCC, width: Int, height: Int,
                                index: Int) throws(V4L2SystemError) -> V4L2FrameInterval? {
        try check(.enumerateFrameInterval, "ENUM_FRAMEINTERVALS")
        let list = intervals[Self.intervalKey(format, width, height)]
            ?? (format == .rgb24 ? intervals[Self.intervalKey(converts, width, height)] : nil) ?? []
        return index < list.count ? list[index] : nil
    }

    func setFrameInterval(_ fd: Int32, _ wanted: V4L2Fraction) throws(V4L2SystemError) {
        try check(.setFrameInterval, "S_PARM \(wanted)")
        guard !streaming else { throw V4L2SystemError("S_PARM", EBUSY) }
        askedInterval = wanted
        interval = (grants ?? wanted).seconds
    }

    func requestBuffers(_ fd: Int32, count: Int) throws(V4L2SystemError) -> Int {
        try check(.requestBuffers, "REQBUFS \(count)")
        try checkFd(fd, "REQBUFS")
        // The kernel refuses to free buffers that are still mapped or streaming.
        guard !streaming, mapped.isEmpty else { throw V4L2SystemError("REQBUFS", EBUSY) }
        buffersGranted = count == 0 ? 0 : min(count, grantedBuffers)
        queued.removeAll()
        return buffersGranted
    }

    func queryBuffer(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2Buffer {
        try check(.queryBuffer, "QUERYBUF \(index)")
        guard index < buffersGranted else { throw V4L2SystemError("QUERYBUF", EINVAL) }
        return V4L2Buffer(index: index, offset: index * 1_000_000, length: format.imageSize)
    }

    func map(_ fd: Int32, length: Int, offset: Int) throws(V4L2SystemError) -> UnsafeMutableRawPointer {
        let index = offset / 1_000_000
        try check(.map, "mmap \(index)")
        guard index < buffersGranted, mapped[index] == nil else { throw V4L2SystemError("mmap", EINVAL) }
        let address = UnsafeMutableRawPointer.allocate(byteCount: max(1, length), alignment: 16)
        mapped[index] = (address, length)
        return address
    }

    func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        guard let (index, _) = mapped.first(where: { $0.value.0 == address }) else {
            log.append("munmap of an unknown address")
            return
        }
        log.append("munmap \(index)")
        mapped[index] = nil
        address.deallocate()
    }

    func queueBuffer(_ fd: Int32, index: Int) throws(V4L2SystemError) {
        try check(.queueBuffer, "QBUF \(index)")
        guard index < buffersGranted, mapped[index] != nil, !queued.contains(index) else {
            throw V4L2SystemError("QBUF", EINVAL)
        }
        queued.append(index)
    }

    func streamOn(_ fd: Int32) throws(V4L2SystemError) {
        try check(.streamOn, "STREAMON")
        guard buffersGranted > 0 else { throw V4L2SystemError("STREAMON", EINVAL) }
        streaming = true
    }

    func streamOff(_ fd: Int32) throws(V4L2SystemError) {
        try check(.streamOff, "STREAMOFF")
        streaming = false
        queued.removeAll()
    }

    func poll(_ fd: Int32, timeoutMs: Int) throws(V4L2SystemError) -> Bool {
        log.append("poll")
        guard streaming else { throw V4L2SystemError("poll", EIO) }
        let step = pending ?? (steps.isEmpty ? endless : steps.removeFirst())
        pending = nil
        switch step {
        case .timeout:
            return false
        case .pollError(let code):
            throw V4L2SystemError("poll", code)
        case .frame, .damaged:
            // A driver with no queued buffer has nowhere to put a frame.
            guard !queued.isEmpty else { return false }
            pending = step
            return true
        case .again, .dequeueError:
            pending = step
            return true
        }
    }

    func dequeueBuffer(_ fd: Int32) throws(V4L2SystemError) -> V4L2Buffer {
        try check(.dequeueBuffer, "DQBUF")
        guard streaming, let step = pending else { throw V4L2SystemError("DQBUF", EAGAIN) }
        pending = nil
        switch step {
        case .dequeueError(let code):
            throw V4L2SystemError("DQBUF", code)
        case .frame(let image):
            let index = queued.removeFirst()
            let bytes = encode(image)
            guard let (address, length) = mapped[index] else { throw V4L2SystemError("DQBUF", EINVAL) }
            let used = min(bytes.count, length)
            bytes.withUnsafeBytes { address.copyMemory(from: $0.baseAddress!, byteCount: used) }
            return V4L2Buffer(index: index, length: length, bytesUsed: used)
        case .damaged:
            let index = queued.removeFirst()
            return V4L2Buffer(index: index, bytesUsed: 0, failed: true)
        default:
            throw V4L2SystemError("DQBUF", EAGAIN)
        }
    }

    func nextControl(_ fd: Int32, after id: UInt32) throws(V4L2SystemError) -> V4L2Control? {
        try check(.nextControl, "QUERYCTRL")
        return controls.sorted { $0.id < $1.id }.first { $0.id > id }
    }

    func menuItem(_ fd: Int32, control id: UInt32, index: Int, integerMenu: Bool) throws(V4L2SystemError) -> String? {
        menus[id]?[index]
    }

    func getControl(_ fd: Int32, id: UInt32) throws(V4L2SystemError) -> Int32 {
        try check(.getControl, "G_CTRL")
        guard let control = controls.first(where: { $0.id == id }) else { throw V4L2SystemError("G_CTRL", EINVAL) }
        return values[id] ?? Int32(control.defaultValue)
    }

    func setControl(_ fd: Int32, id: UInt32, value: Int32) throws(V4L2SystemError) {
        try check(.setControl, "S_CTRL \(id)=\(value)")
        guard let control = controls.first(where: { $0.id == id }) else { throw V4L2SystemError("S_CTRL", EINVAL) }
        guard !control.readOnly else { throw V4L2SystemError("S_CTRL", EACCES) }
        guard Int(value) >= control.minimum, Int(value) <= control.maximum else {
            throw V4L2SystemError("S_CTRL", ERANGE)
        }
        if !ignored.contains(id) { values[id] = value }
    }

    // MARK: V4L2OutputSystem

    func openOutput(_ path: String) throws(V4L2SystemError) -> Int32 {
        try check(.open, "open")
        guard devices.contains(path) else { throw V4L2SystemError("open", ENOENT) }
        nextFd += 1
        openFds.insert(nextFd)
        return nextFd
    }

    func setOutputFormat(_ fd: Int32, _ wanted: V4L2PixelFormat) throws(V4L2SystemError) -> V4L2PixelFormat {
        try check(.setFormat, "S_FMT output \(wanted.fourcc) \(wanted.width)x\(wanted.height)")
        try checkFd(fd, "S_FMT")
        // The kernel refuses an output format on a node whose device caps lack output.
        guard currentCapability.capabilities & V4L2Capability.videoOutput != 0 else { throw V4L2SystemError("S_FMT", EINVAL) }
        let fourcc = outputSubstitutes[wanted.fourcc] ?? wanted.fourcc
        guard outputFormats.contains(fourcc) else { throw V4L2SystemError("S_FMT", EINVAL) }
        let width = min(wanted.width, maxSize.width), height = min(wanted.height, maxSize.height)
        let size = fourcc == .yuyv ? 2 * width * height : YUVFrame.byteCount(width: width, height: height)
        let format = V4L2PixelFormat(width: width, height: height, fourcc: fourcc,
                                     bytesPerLine: fourcc == .yuyv ? 2 * width : width,
                                     imageSize: outputImageSizes[fourcc] ?? (size + 4095) / 4096 * 4096)
        outputFormat = format
        return format
    }

    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(V4L2SystemError) -> Int {
        log.append("write \(bytes.count)")
        try checkFd(fd, "write")
        guard let outputFormat else { throw V4L2SystemError("write", EINVAL) }
        if let fail = failWritesAfter, written.count >= fail.frames { throw V4L2SystemError("write", fail.code) }
        // As v4l2loopback: a write longer than the buffer is cut to it.
        let taken = min(bytes.count, outputFormat.imageSize)
        written.append(Array(bytes.prefix(taken)))
        loopback?.fed()
        return taken
    }

    func streamOnOutput(_ fd: Int32) throws(V4L2SystemError) {
        try checkCall("STREAMON output")
        try checkFd(fd, "STREAMON")
        guard outputFormat != nil else { throw V4L2SystemError("STREAMON", EINVAL) }
        loopback?.writers.insert(fd)
        loopback?.fed()
    }

    func streamOffOutput(_ fd: Int32) throws(V4L2SystemError) {
        try checkCall("STREAMOFF output")
        try checkFd(fd, "STREAMOFF")
    }

    func enumerateOutputFormat(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2FormatDescription? {
        try checkCall("ENUM_FMT output")
        let listed = outputFormats.sorted { $0.rawValue < $1.rawValue }
        return index < listed.count ? V4L2FormatDescription(fourcc: listed[index], description: "\(listed[index])") : nil
    }

    /// v4l2loopback 0.12.7 with exclusive_caps=1, as its QUERYCAP answers: output only while no
    /// writer feeds the device, capture only once one does. A write(2) or STREAMON feeds it; only
    /// an fd that called STREAMON counts as the writer, whose close gives the output side back.
    /// When the last fd closes the frames are freed and capture goes too: after a writer that only
    /// wrote, neither is left, until the module is reloaded (`reload()`).
    struct Loopback {
        var readyForCapture = false
        var readyForOutput = true
        var writers: Set<Int32> = []

        mutating func fed() {
            readyForOutput = false
            readyForCapture = true
        }

        mutating func reload() { self = Loopback() }
    }

    private var currentCapability: V4L2Capability {
        guard let loopback else { return capability }
        var current = capability
        current.capabilities &= ~(V4L2Capability.videoCapture | V4L2Capability.videoOutput)
        if loopback.readyForCapture { current.capabilities |= V4L2Capability.videoCapture }
        if loopback.readyForOutput { current.capabilities |= V4L2Capability.videoOutput }
        return current
    }

    private func loopbackClosed(_ fd: Int32) {
        guard loopback != nil else { return }
        if loopback?.writers.remove(fd) != nil { loopback?.readyForOutput = true }
        if openFds.isEmpty {
            loopback?.readyForCapture = false
            outputFormat = nil
        }
    }

    /// Logs a call and fails it when `failingCalls` names it.
    private func checkCall(_ name: String) throws(V4L2SystemError) {
        log.append(name)
        if let code = failingCalls[name] { throw V4L2SystemError(name, code) }
    }
}
