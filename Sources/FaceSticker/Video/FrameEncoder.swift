import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Encodes YUV 4:2:0 frames with an ffmpeg child process (libx264), which also
/// copies the input's audio and metadata into the output. Used from one thread.
final class FrameEncoder: @unchecked Sendable {
    let output: String
    private let child: ChildProcess
    private let descriptor: Int32
    private(set) var framesWritten = 0

    /// Starts ffmpeg writing `output` (a temporary path: the caller renames it).
    init(_ info: VideoInfo, output: String, settings: EncoderSettings, audioCodec: String?) throws {
        self.output = output
        // A dead encoder must be an error on write, not a signal that ends us.
        signal(SIGPIPE, SIG_IGN)
        child = try ChildProcess("ffmpeg", FFmpegArguments.encoder(info, output: output, settings: settings,
                                                                      audioCodec: audioCodec),
                                 input: true, output: false)
        guard let input = child.input else { throw FaceStickerError.internal("ffmpeg: no input pipe") }
        descriptor = input.fileDescriptor
    }

    /// Sends one frame; throws with ffmpeg's own message when it has stopped.
    func write(_ frame: YUVFrame) throws {
        let ok = frame.data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            var sent = 0
            while sent < buffer.count {
                let n = Glibc.write(descriptor, base + sent, buffer.count - sent)
                if n > 0 {
                    sent += n
                } else if n < 0, errno == EINTR {
                    continue
                } else {
                    return false
                }
            }
            return true
        }
        guard ok else {
            child.kill()
            child.wait()
            throw FaceStickerError.output(path: output, reason: "encoder stopped: \(FFmpegArguments.reason(from: child.firstError))")
        }
        framesWritten += 1
    }

    /// Ends the stream and waits for the file to be complete.
    func finish() throws {
        child.closeInput()
        let status = child.wait()
        guard status == 0 else {
            throw FaceStickerError.output(path: output, reason: "encoder failed: \(FFmpegArguments.reason(from: child.firstError))")
        }
    }

    /// Stops encoding at once (the caller removes the file).
    func cancel() { child.kill() }
}
