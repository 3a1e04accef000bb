@testable import FaceSticker
import Testing

/// The ffmpeg command lines: what each promise of the output rests on.
@Suite struct FFmpegArgumentsTests {
    static let info = VideoInfo(path: "/in/clip:1.mp4", width: 1280, height: 720, sarNumerator: 5400, sarDenominator: 5401,
                                frameRate: FrameRate(numerator: 30000, denominator: 1001)!, audioCodecs: ["aac"],
                                colorMatrix: "bt709")

    @Test func theDecoderPassesEveryFrameAsLimitedRangeYUV() {
        let a = FFmpegArguments.decoder(Self.info)
        #expect(a.contains("file:/in/clip:1.mp4"), "a colon in a name is not a protocol")
        #expect(a.joined(separator: " ").contains("-fps_mode passthrough -enc_time_base:v -1 -vf format=yuv420p -f rawvideo "
                                                  + "-pix_fmt yuv420p pipe:1"), "frames keep the input's time base (issue #41)")
        var full = Self.info
        full.fullRange = true
        #expect(FFmpegArguments.decoder(full).contains("scale=out_range=tv,format=yuv420p"))
    }

    @Test func theEncoderKeepsRateAspectAudioAndMetadata() {
        let a = FFmpegArguments.encoder(Self.info, output: "/out/.x.part.mp4",
                                        settings: EncoderSettings(crf: 20, preset: "fast"), audioCodec: "copy")
        let line = a.joined(separator: " ")
        #expect(line.contains("-pix_fmt yuv420p -s 1280x720 -framerate 30000/1001 -i pipe:0"))
        #expect(line.contains("setsar=sar=5400/5401:max=1000000"))
        #expect(line.contains("-map 1:a? -map_metadata 1"))
        #expect(line.contains("-c:v libx264 -preset fast -crf 20"))
        #expect(line.contains("-c:a copy"))
        #expect(line.contains("-colorspace bt709"))
        #expect(!line.contains("pad="))
        #expect(a.last == "file:/out/.x.part.mp4")
    }

    @Test func oddSizesArePaddedAndNoAudioMapsNone() {
        var odd = Self.info
        odd.width = 175
        let line = FFmpegArguments.encoder(odd, output: "o.mp4", settings: EncoderSettings(), audioCodec: nil)
            .joined(separator: " ")
        #expect(line.contains("pad=ceil(iw/2)*2:ceil(ih/2)*2"))
        #expect(!line.contains("1:a"))
        #expect(!line.contains("-c:a"))
    }

    @Test(arguments: [
        ("file:/a/b.mp4: Invalid data found when processing input", "Invalid data found when processing input"),
        ("[mpeg4 @ 0x5633e79b0d00] illegal dc vlc", "illegal dc vlc"),
        ("Conversion failed!", "Conversion failed!"),
    ])
    func errorLinesLoseTheirPrefixes(line: String, reason: String) {
        #expect(FFmpegArguments.reason(from: line) == reason)
    }

    /// The join's frame count comes from ffmpeg's `-progress`: the last count, only once it ended.
    @Test(arguments: [
        ("frame=10\nprogress=continue\nframe=271\nprogress=end\n", 271 as Int?),
        ("frame=10\nprogress=continue\n", nil),
        ("", nil),
    ])
    func theJoinCountsWhatFfmpegWrote(progress: String, frames: Int?) {
        #expect(FFmpegArguments.progressFrames(progress) == frames)
    }

    /// A concat list names any path, a quote in it included, as the demuxer reads it back.
    @Test func aConcatLineQuotesThePath() {
        #expect(FFmpegArguments.concatLine("/v/it's.mp4") == #"file '/v/it'\''s.mp4'"#)
    }
}
