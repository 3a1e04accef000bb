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
