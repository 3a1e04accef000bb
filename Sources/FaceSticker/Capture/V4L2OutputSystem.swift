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
