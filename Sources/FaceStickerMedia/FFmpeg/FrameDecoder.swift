import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative

/// Decodes a video into upright YUV 4:2:0 frames through an ffmpeg child
/// process writing raw frames to a pipe (no colour conversion at all for most
/// inputs): the video pipeline's `FrameSource`, and the one `VideoFileSource`
/// reads (and starts again to loop). Frames are numbered from 0 and read on
/// one thread; `cancel` may come from any.
package final class FrameDecoder: FrameSource, Sendable {
    package let info: VideoInfo
    package let matrix: YUVMatrix
    /// Frames read so far: the next one's index.
    private let count = Atomic<Int>(0)
    private let child: ChildProcess
    private let descriptor: Int32
    /// Bytes left over at the end that did not make a whole frame.
    private let partial = Atomic<Int>(0)
    private var partialBytes: Int { partial.load(ordering: .relaxed) }
    /// Where YUV frame buffers come from when the pipeline hands them back.
    private let pool: BufferPool?

    /// `arguments`: ffmpeg's command line when the caller builds its own (the live loop's
    /// scaled decoder); `info` then gives the size of the frames it writes.
    package init(_ info: VideoInfo, pool: BufferPool? = nil, arguments: [String]? = nil) throws {
        self.info = info
        matrix = YUVMatrix(info)
        self.pool = pool
        child = try ChildProcess("ffmpeg", arguments ?? FFmpegArguments.decoder(info))
        guard let output = child.output else { throw FaceStickerError.internal("ffmpeg: no output pipe") }
        descriptor = output.fileDescriptor
    }

    package var name: String { info.path }
    package var frameRate: FrameRate { info.frameRate }
    package var size: (width: Int, height: Int) { (info.width, info.height) }

    /// The next frame, in the video's matrix and numbered, or nil when the stream ended.
    package func next() throws -> Frame? {
        guard let image = nextYUV() else { return nil }
        return Frame(image, matrix: matrix, index: count.add(1, ordering: .relaxed).oldValue)
    }

    /// The next frame's pixels, from a pooled buffer when one is free.
    private func nextYUV() -> YUVFrame? {
        let size = info.frameBytes
        if var reused = pool?.take(count: size) {
            let complete = reused.withUnsafeMutableBufferPointer { fill($0) == size }
            guard complete else { return nil }
            return YUVFrame(width: info.width, height: info.height, data: reused)
        }
        guard let bytes = read(size) else { return nil }
        return YUVFrame(width: info.width, height: info.height, data: bytes)
    }

    /// A pipe is read once: `VideoFileSource` starts a new decoder instead.
    package func rewind() throws -> Bool { false }

    /// Stops ffmpeg and waits for it (`stop`).
    package func close() { stop() }

    /// Exactly `size` bytes from the pipe, or nil at its end (a torn last frame is counted and dropped).
    private func read(_ size: Int) -> [UInt8]? {
        var got = 0
        // Filled from the pipe straight away: no zeroing first.
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            got = fill(buffer)
            // Bytes past a short read stay unused: the frame is dropped below.
            count = got
        }
        guard got == size else { return nil }
        return bytes
    }

    /// Fills `buffer` from the pipe; returns the bytes read (fewer only at the
    /// end of the stream, which a torn last frame records).
    private func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        var got = 0
        while got < buffer.count {
            let n = retryingOnInterrupt { Glibc.read(descriptor, base + got, buffer.count - got) }
            guard n > 0 else { break }
            got += n
        }
        if got < buffer.count { partial.store(got, ordering: .relaxed) }
        return got
    }

    /// Waits for ffmpeg to end. Returns nil for a clean decode, or a one-line
    /// description of the damage (errors logged, a failed exit, a torn last frame).
    package func finish() -> String? {
        try? child.output?.close()
        let status = child.wait()
        let errors = child.errorLines
        if status == 0, errors.isEmpty, partialBytes == 0 { return nil }
        if let first = errors.first { return FFmpegArguments.reason(from: first) }
        if partialBytes > 0 { return "the last frame is incomplete" }
        return "ffmpeg stopped with status \(status)"
    }

    /// Stops decoding at once.
    package func cancel() { child.kill() }

    /// For a source that read the stream to its end: waits for ffmpeg, and when not
    /// one frame came, fails naming the file and what ffmpeg said.
    package func finishAtEnd(framesRead: Int) throws {
        let damage = finish()
        if framesRead == 0 {
            throw FaceStickerError.unreadable(path: info.path, reason: "no frame could be decoded (\(damage ?? "empty video"))")
        }
    }

    /// Stops ffmpeg and waits for it (a source closed before its end).
    package func stop() {
        cancel()
        _ = finish()
    }
}
