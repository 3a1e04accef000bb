import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import FaceStickerCore
import FaceStickerNative

/// Encodes YUV 4:2:0 frames with an ffmpeg child process (libx264), which also
/// copies the input's audio and metadata into the output: the video pipeline's
/// `FrameSink`. Used from one thread; `abandon` may come from any.
package final class FrameEncoder: FrameSink, Sendable {
    package let output: String
    private let child: ChildProcess
    private let descriptor: Int32
    private let written = Atomic<Int>(0)
    /// Frames sent so far.
    package var framesWritten: Int { written.load(ordering: .relaxed) }

    /// Starts ffmpeg writing `output` (a temporary path: the caller renames it);
    /// `cut`: the audio is that range of the input's.
    package init(_ info: VideoInfo, output: String, settings: EncoderSettings, audioCodec: String?, cut: TimeRange? = nil) throws {
        self.output = output
        child = try ChildProcess("ffmpeg", FFmpegArguments.encoder(info, output: output, settings: settings,
                                                                      audioCodec: audioCodec, cut: cut),
                                 input: true, output: false)
        guard let input = child.input else { throw FaceStickerError.internal("ffmpeg: no input pipe") }
        descriptor = input.fileDescriptor
    }

    /// Sends one frame; throws with ffmpeg's own message when it has stopped.
    package func write(_ frame: YUVFrame) throws {
        // SIGPIPE is blocked for this write only: a dead encoder is an error, not a signal that ends us.
        let sent = frame.data.withUnsafeBytes { bytes in
            Result { () throws(Errno) in try ProcessCalls.writeAll(descriptor, bytes) }
        }
        guard case .success = sent else {
            child.kill()
            child.wait()
            throw FaceStickerError.output(path: output, reason: "encoder stopped: \(FFmpegArguments.reason(from: child.firstError))")
        }
        written.add(1, ordering: .relaxed)
    }

    /// Ends the stream and waits for the file to be complete.
    package func finish() throws {
        child.closeInput()
        let status = child.wait()
        guard status == 0 else {
            throw FaceStickerError.output(path: output, reason: "encoder failed: \(FFmpegArguments.reason(from: child.firstError))")
        }
    }

    /// Stops encoding at once (the output is the caller's temporary path, which it removes).
    package func abandon() { child.kill() }
}
