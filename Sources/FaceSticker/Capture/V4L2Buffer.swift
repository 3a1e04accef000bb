/// A driver buffer as VIDIOC_QUERYBUF and VIDIOC_DQBUF describe it (mmap memory).
public struct V4L2Buffer: Equatable, Sendable {
    public var index: Int
    /// Where to mmap it (QUERYBUF).
    public var offset: Int
    /// Its mapped length in bytes.
    public var length: Int
    /// Bytes of picture in it (DQBUF).
    public var bytesUsed: Int
    /// The driver flagged the frame as damaged (V4L2_BUF_FLAG_ERROR).
    public var failed: Bool

    public init(index: Int, offset: Int = 0, length: Int = 0, bytesUsed: Int = 0, failed: Bool = false) {
        self.index = index
        self.offset = offset
        self.length = length
        self.bytesUsed = bytesUsed
        self.failed = failed
    }
}
