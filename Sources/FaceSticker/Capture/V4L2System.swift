/// The lowest level of camera access: one method per system call or V4L2
/// ioctl, carrying Swift values instead of the kernel's C structs.
///
/// `V4L2` (Native/V4L2.swift) implements it over libv4l2; tests implement it
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
/// `VIDIOC_S_FMT` on an output buffer type and `write(2)` per frame. `V4L2`
/// implements it for real; the tests' scripted fake implements it too.
package protocol V4L2OutputSystem: V4L2System {
    /// Opens an output node read-write with blocking writes (no libv4l2: it only converts captures).
    func openOutput(_ path: String) throws(V4L2SystemError) -> Int32
    /// VIDIOC_S_FMT with V4L2_BUF_TYPE_VIDEO_OUTPUT; returns the format the driver settled on.
    func setOutputFormat(_ fd: Int32, _ format: V4L2PixelFormat) throws(V4L2SystemError) -> V4L2PixelFormat
    /// write(2) of one frame's bytes; returns how many were taken.
    func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(V4L2SystemError) -> Int
}
