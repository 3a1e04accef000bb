import CV4L2
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore

/// The real `V4L2System`: libv4l2 (which converts MJPEG, YUYV and the other
/// camera formats to RGB24 for us) and poll(2). The one file that imports
/// CV4L2; everything here converts between the kernel's structs and Swift values.
package struct V4L2: V4L2System {
    /// Sends libv4l2's own log lines away from our stderr (see `cv4l2_quiet_log`), once per process.
    package init() { _ = Self.logIsQuiet }

    /// Whether libv4l2 logs somewhere other than stderr: set on the first `V4L2()`.
    package static let logIsQuiet = cv4l2_quiet_log() != 0

    package func open(_ path: String) throws(V4L2SystemError) -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw V4L2SystemError("open", errno) }
        // Only V4L2 devices go on to libv4l2, which is noisy about anything else.
        var cap = v4l2_capability()
        let asked = withUnsafeMutableBytes(of: &cap) { cv4l2_plain_ioctl(fd, CV4L2_VIDIOC_QUERYCAP, $0.baseAddress) }
        if asked == -1 {
            let code = errno
            _ = Glibc.close(fd)
            throw V4L2SystemError("VIDIOC_QUERYCAP", code)
        }
        guard v4l2_fd_open(fd, 0) >= 0 else {
            let code = errno
            _ = Glibc.close(fd)
            throw V4L2SystemError("open", code)
        }
        return fd
    }

    package func close(_ fd: Int32) {
        _ = v4l2_close(fd)
    }

    package func queryCapability(_ fd: Int32) throws(V4L2SystemError) -> V4L2Capability {
        var cap = v4l2_capability()
        try ioctl(fd, CV4L2_VIDIOC_QUERYCAP, &cap, "VIDIOC_QUERYCAP")
        let caps = cap.capabilities & CV4L2_CAP_DEVICE_CAPS != 0 ? cap.device_caps : cap.capabilities
        return V4L2Capability(driver: text(cap.driver), card: text(cap.card), busInfo: text(cap.bus_info),
                              capabilities: caps)
    }

    package func enumerateFormat(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2FormatDescription? {
        var desc = v4l2_fmtdesc()
        desc.index = UInt32(clamping: index)
        desc.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        guard try ioctlUnlessEnd(fd, CV4L2_VIDIOC_ENUM_FMT, &desc, "VIDIOC_ENUM_FMT") else { return nil }
        return V4L2FormatDescription(fourcc: FourCC(rawValue: desc.pixelformat), description: text(desc.description),
                                     compressed: desc.flags & UInt32(V4L2_FMT_FLAG_COMPRESSED) != 0,
                                     emulated: desc.flags & UInt32(V4L2_FMT_FLAG_EMULATED) != 0)
    }

    package func enumerateFrameSize(_ fd: Int32, format: FourCC, index: Int) throws(V4L2SystemError) -> V4L2FrameSize? {
        var size = v4l2_frmsizeenum()
        size.index = UInt32(clamping: index)
        size.pixel_format = format.rawValue
        guard try ioctlUnlessEnd(fd, CV4L2_VIDIOC_ENUM_FRAMESIZES, &size, "VIDIOC_ENUM_FRAMESIZES") else { return nil }
        if size.type == CV4L2_FRMSIZE_TYPE_DISCRETE {
            return .discrete(width: Int(size.discrete.width), height: Int(size.discrete.height))
        }
        let s = size.stepwise
        return .stepwise(minWidth: Int(s.min_width), maxWidth: Int(s.max_width), widthStep: Int(s.step_width),
                         minHeight: Int(s.min_height), maxHeight: Int(s.max_height), heightStep: Int(s.step_height))
    }

    package func getFormat(_ fd: Int32) throws(V4L2SystemError) -> V4L2PixelFormat {
        var format = v4l2_format()
        format.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        try ioctl(fd, CV4L2_VIDIOC_G_FMT, &format, "VIDIOC_G_FMT")
        return pixelFormat(format.fmt.pix)
    }

    package func setFormat(_ fd: Int32, _ wanted: V4L2PixelFormat) throws(V4L2SystemError) -> V4L2PixelFormat {
        var format = v4l2_format()
        format.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        format.fmt.pix.width = UInt32(clamping: wanted.width)
        format.fmt.pix.height = UInt32(clamping: wanted.height)
        format.fmt.pix.pixelformat = wanted.fourcc.rawValue
        format.fmt.pix.field = CV4L2_FIELD_ANY
        try ioctl(fd, CV4L2_VIDIOC_S_FMT, &format, "VIDIOC_S_FMT")
        return pixelFormat(format.fmt.pix)
    }

    package func frameInterval(_ fd: Int32) throws(V4L2SystemError) -> Double? {
        var parm = v4l2_streamparm()
        parm.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        guard try ioctlUnlessEnd(fd, CV4L2_VIDIOC_G_PARM, &parm, "VIDIOC_G_PARM") else { return nil }
        let capture = parm.parm.capture
        let t = capture.timeperframe
        guard capture.capability & CV4L2_CAP_TIMEPERFRAME != 0, t.numerator > 0, t.denominator > 0 else { return nil }
        return Double(t.numerator) / Double(t.denominator)
    }

    package func enumerateFrameInterval(_ fd: Int32, format: FourCC, width: Int, height: Int,
                                        index: Int) throws(V4L2SystemError) -> V4L2FrameInterval? {
        var interval = v4l2_frmivalenum()
        interval.index = UInt32(clamping: index)
        interval.pixel_format = format.rawValue
        interval.width = UInt32(clamping: width)
        interval.height = UInt32(clamping: height)
        guard try ioctlUnlessEnd(fd, CV4L2_VIDIOC_ENUM_FRAMEINTERVALS, &interval, "VIDIOC_ENUM_FRAMEINTERVALS") else {
            return nil
        }
        func fraction(_ f: v4l2_fract) -> V4L2Fraction { V4L2Fraction(numerator: Int(f.numerator), denominator: Int(f.denominator)) }
        if interval.type == CV4L2_FRMIVAL_TYPE_DISCRETE { return .discrete(fraction(interval.discrete)) }
        let s = interval.stepwise
        return .stepwise(min: fraction(s.min), max: fraction(s.max), step: fraction(s.step))
    }

    package func setFrameInterval(_ fd: Int32, _ interval: V4L2Fraction) throws(V4L2SystemError) {
        var parm = v4l2_streamparm()
        parm.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        // The driver's other capture parameters stay as they are.
        if (try? ioctl(fd, CV4L2_VIDIOC_G_PARM, &parm, "VIDIOC_G_PARM")) == nil {
            parm = v4l2_streamparm()
            parm.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        }
        parm.parm.capture.timeperframe = v4l2_fract(numerator: UInt32(clamping: interval.numerator),
                                                    denominator: UInt32(clamping: interval.denominator))
        try ioctl(fd, CV4L2_VIDIOC_S_PARM, &parm, "VIDIOC_S_PARM")
    }

    package func requestBuffers(_ fd: Int32, count: Int) throws(V4L2SystemError) -> Int {
        var request = v4l2_requestbuffers()
        request.count = UInt32(clamping: count)
        request.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        request.memory = CV4L2_MEMORY_MMAP
        try ioctl(fd, CV4L2_VIDIOC_REQBUFS, &request, "VIDIOC_REQBUFS")
        return Int(request.count)
    }

    package func queryBuffer(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2Buffer {
        var buffer = captureBuffer(index: index)
        try ioctl(fd, CV4L2_VIDIOC_QUERYBUF, &buffer, "VIDIOC_QUERYBUF")
        return V4L2Buffer(index: Int(buffer.index), offset: Int(buffer.m.offset), length: Int(buffer.length))
    }

    package func queueBuffer(_ fd: Int32, index: Int) throws(V4L2SystemError) {
        var buffer = captureBuffer(index: index)
        try ioctl(fd, CV4L2_VIDIOC_QBUF, &buffer, "VIDIOC_QBUF")
    }

    package func dequeueBuffer(_ fd: Int32) throws(V4L2SystemError) -> V4L2Buffer {
        var buffer = captureBuffer(index: 0)
        try ioctl(fd, CV4L2_VIDIOC_DQBUF, &buffer, "VIDIOC_DQBUF")
        return V4L2Buffer(index: Int(buffer.index), offset: Int(buffer.m.offset), length: Int(buffer.length),
                          bytesUsed: Int(buffer.bytesused), failed: buffer.flags & UInt32(V4L2_BUF_FLAG_ERROR) != 0)
    }

    package func streamOn(_ fd: Int32) throws(V4L2SystemError) {
        var type = Int32(bitPattern: CV4L2_BUF_TYPE_VIDEO_CAPTURE)
        try ioctl(fd, CV4L2_VIDIOC_STREAMON, &type, "VIDIOC_STREAMON")
    }

    package func streamOff(_ fd: Int32) throws(V4L2SystemError) {
        var type = Int32(bitPattern: CV4L2_BUF_TYPE_VIDEO_CAPTURE)
        try ioctl(fd, CV4L2_VIDIOC_STREAMOFF, &type, "VIDIOC_STREAMOFF")
    }

    package func nextControl(_ fd: Int32, after id: UInt32) throws(V4L2SystemError) -> V4L2Control? {
        var query = v4l2_queryctrl()
        query.id = id | CV4L2_CTRL_FLAG_NEXT_CTRL
        guard try ioctlUnlessEnd(fd, CV4L2_VIDIOC_QUERYCTRL, &query, "VIDIOC_QUERYCTRL") else { return nil }
        let flags = query.flags
        return V4L2Control(id: query.id, name: text(query.name), kind: kind(query.type),
                           minimum: Int(query.minimum), maximum: Int(query.maximum), step: Int(query.step),
                           defaultValue: Int(query.default_value),
                           disabled: flags & UInt32(V4L2_CTRL_FLAG_DISABLED) != 0,
                           readOnly: flags & UInt32(V4L2_CTRL_FLAG_READ_ONLY) != 0,
                           writeOnly: flags & UInt32(V4L2_CTRL_FLAG_WRITE_ONLY) != 0,
                           inactive: flags & UInt32(V4L2_CTRL_FLAG_INACTIVE) != 0)
    }

    package func menuItem(_ fd: Int32, control id: UInt32, index: Int,
                         integerMenu: Bool) throws(V4L2SystemError) -> String? {
        var item = v4l2_querymenu()
        item.id = id
        item.index = UInt32(clamping: index)
        guard try ioctlUnlessEnd(fd, CV4L2_VIDIOC_QUERYMENU, &item, "VIDIOC_QUERYMENU") else { return nil }
        return integerMenu ? String(item.value) : text(item.name)
    }

    package func getControl(_ fd: Int32, id: UInt32) throws(V4L2SystemError) -> Int32 {
        var control = v4l2_control(id: id, value: 0)
        try ioctl(fd, CV4L2_VIDIOC_G_CTRL, &control, "VIDIOC_G_CTRL")
        return control.value
    }

    package func setControl(_ fd: Int32, id: UInt32, value: Int32) throws(V4L2SystemError) {
        var control = v4l2_control(id: id, value: value)
        try ioctl(fd, CV4L2_VIDIOC_S_CTRL, &control, "VIDIOC_S_CTRL")
    }

    package func map(_ fd: Int32, length: Int, offset: Int) throws(V4L2SystemError) -> UnsafeMutableRawPointer {
        let address = v4l2_mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, Int64(offset))
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw V4L2SystemError("mmap", errno)
        }
        return address
    }

    package func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        _ = v4l2_munmap(address, length)
    }

    package func poll(_ fd: Int32, timeoutMs: Int) throws(V4L2SystemError) -> Bool {
        let deadline = Self.nowMs() + max(0, timeoutMs)
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        // Interrupted, it polls again for the time left.
        let ready = retryingOnInterrupt { Glibc.poll(&entry, 1, Int32(clamping: max(0, deadline - Self.nowMs()))) }
        if ready < 0 { throw V4L2SystemError("poll", errno) }
        if ready == 0 { return false }
        if entry.revents & Int16(POLLIN) != 0 { return true }
        // POLLHUP or POLLERR without data: unplugged, or streaming stopped under us.
        throw V4L2SystemError("poll", entry.revents & Int16(POLLHUP) != 0 ? ENODEV : EIO)
    }

    // MARK: - Helpers

    private static func nowMs() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }

    private func ioctl<T>(_ fd: Int32, _ request: UInt, _ argument: inout T,
                                           _ name: String) throws(V4L2SystemError) {
        let result = retryingOnInterrupt { withUnsafeMutableBytes(of: &argument) { cv4l2_ioctl(fd, request, $0.baseAddress) } }
        if result == -1 { throw V4L2SystemError(name, errno) }
    }

    /// An ENUM-style ioctl: EINVAL past the last entry means "no more", not failure.
    private func ioctlUnlessEnd<T>(_ fd: Int32, _ request: UInt, _ argument: inout T,
                                   _ name: String) throws(V4L2SystemError) -> Bool {
        do {
            try ioctl(fd, request, &argument, name)
            return true
        } catch where error.code == EINVAL {
            return false
        }
    }

    private func captureBuffer(index: Int) -> v4l2_buffer {
        var buffer = v4l2_buffer()
        buffer.index = UInt32(clamping: index)
        buffer.type = CV4L2_BUF_TYPE_VIDEO_CAPTURE
        buffer.memory = CV4L2_MEMORY_MMAP
        return buffer
    }

    private func pixelFormat(_ pix: v4l2_pix_format) -> V4L2PixelFormat {
        V4L2PixelFormat(width: Int(pix.width), height: Int(pix.height), fourcc: FourCC(rawValue: pix.pixelformat),
                        bytesPerLine: Int(pix.bytesperline), imageSize: Int(pix.sizeimage))
    }

    private func kind(_ type: UInt32) -> V4L2Control.Kind {
        switch type {
        case V4L2_CTRL_TYPE_INTEGER.rawValue: return .integer
        case V4L2_CTRL_TYPE_BOOLEAN.rawValue: return .boolean
        case V4L2_CTRL_TYPE_MENU.rawValue: return .menu
        case V4L2_CTRL_TYPE_INTEGER_MENU.rawValue: return .integerMenu
        case V4L2_CTRL_TYPE_BUTTON.rawValue: return .button
        case V4L2_CTRL_TYPE_INTEGER64.rawValue: return .integer64
        case V4L2_CTRL_TYPE_CTRL_CLASS.rawValue: return .controlClass
        case V4L2_CTRL_TYPE_STRING.rawValue: return .string
        case V4L2_CTRL_TYPE_BITMASK.rawValue: return .bitmask
        default: return .other(type)
        }
    }

    /// A fixed-size, NUL-padded C char array as a String.
    private func text<T>(_ field: T) -> String {
        withUnsafeBytes(of: field) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}

extension V4L2: V4L2OutputSystem {
    package func openOutput(_ path: String) throws(V4L2SystemError) -> Int32 {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { throw V4L2SystemError("open", errno) }
        return fd
    }

    package func setOutputFormat(_ fd: Int32, _ wanted: V4L2PixelFormat) throws(V4L2SystemError) -> V4L2PixelFormat {
        var format = v4l2_format()
        format.type = CV4L2_BUF_TYPE_VIDEO_OUTPUT
        format.fmt.pix.width = UInt32(clamping: wanted.width)
        format.fmt.pix.height = UInt32(clamping: wanted.height)
        format.fmt.pix.pixelformat = wanted.fourcc.rawValue
        format.fmt.pix.field = CV4L2_FIELD_NONE
        format.fmt.pix.bytesperline = UInt32(clamping: wanted.bytesPerLine)
        format.fmt.pix.sizeimage = UInt32(clamping: wanted.imageSize)
        format.fmt.pix.colorspace = CV4L2_COLORSPACE_SMPTE170M
        try plainIoctl(fd, CV4L2_VIDIOC_S_FMT, &format, "VIDIOC_S_FMT")
        return pixelFormat(format.fmt.pix)
    }

    package func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(V4L2SystemError) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let n = retryingOnInterrupt { Glibc.write(fd, base, bytes.count) }
        if n < 0 { throw V4L2SystemError("write", errno) }
        return n
    }

    package func streamOnOutput(_ fd: Int32) throws(V4L2SystemError) {
        var type = Int32(bitPattern: CV4L2_BUF_TYPE_VIDEO_OUTPUT)
        try plainIoctl(fd, CV4L2_VIDIOC_STREAMON, &type, "VIDIOC_STREAMON")
    }

    package func streamOffOutput(_ fd: Int32) throws(V4L2SystemError) {
        var type = Int32(bitPattern: CV4L2_BUF_TYPE_VIDEO_OUTPUT)
        try plainIoctl(fd, CV4L2_VIDIOC_STREAMOFF, &type, "VIDIOC_STREAMOFF")
    }

    package func enumerateOutputFormat(_ fd: Int32, index: Int) throws(V4L2SystemError) -> V4L2FormatDescription? {
        var desc = v4l2_fmtdesc()
        desc.index = UInt32(clamping: index)
        desc.type = CV4L2_BUF_TYPE_VIDEO_OUTPUT
        do {
            try plainIoctl(fd, CV4L2_VIDIOC_ENUM_FMT, &desc, "VIDIOC_ENUM_FMT")
        } catch where error.code == EINVAL {
            return nil
        }
        return V4L2FormatDescription(fourcc: FourCC(rawValue: desc.pixelformat), description: text(desc.description),
                                     compressed: desc.flags & UInt32(V4L2_FMT_FLAG_COMPRESSED) != 0)
    }

    /// An ioctl past libv4l2, which only converts captures.
    private func plainIoctl<T>(_ fd: Int32, _ request: UInt, _ argument: inout T,
                               _ name: String) throws(V4L2SystemError) {
        let result = retryingOnInterrupt { withUnsafeMutableBytes(of: &argument) { cv4l2_plain_ioctl(fd, request, $0.baseAddress) } }
        if result == -1 { throw V4L2SystemError(name, errno) }
    }
}
