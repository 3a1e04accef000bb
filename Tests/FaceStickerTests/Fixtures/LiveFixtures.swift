@testable import FaceSticker
import Foundation
import Synchronization

/// What the live tests share: a real clip (../shared's, or set-up's copy), the real detector, real stickers.
enum LiveFixtures {
    static let carphone = Fixtures.carphone
    static let sunglassesArt = Fixtures.sunglasses

    static func sunglasses() throws -> Sticker {
        try StickerLibrary.installed().sticker(named: sunglassesArt)
    }

    static func detector(width: Int, height: Int) -> DetectorSettings {
        var settings = DetectorSettings.defaults(for: .yunet, use: .video)
        if ModelStore.defaultModel(for: .yunet) == nil { settings.model = Fixtures.yunetModel }
        return VideoOptions(detector: settings).detectorSettings(width: width, height: height)
    }

    /// Runs the loop over `source` into `sinks` with the sunglasses.
    static func run(_ source: FrameSource, sinks: [FrameSink], options: LiveLoop.Options,
                    cancellation: Cancellation = Cancellation()) throws -> LiveSummary {
        let painter = TrackPainter(stickers: [try sunglasses()])
        let size = try source.size
        let loop = try LiveLoop(source: source, detector: detector(width: size.width, height: size.height),
                            painter: painter, sinks: sinks, options: options)
        return try loop.run(cancellation: cancellation)
    }

    static func options(paced: Bool = true, loop: Bool = false, maxFrames: Int? = nil) -> LiveLoop.Options {
        var options = LiveLoop.Options()
        options.paced = paced
        options.loop = loop
        options.maxFrames = maxFrames
        return options
    }
}

/// Keeps every frame it gets (small clips only); `delay` makes it a slow output; `onWrite`
/// is told the count of frames written so far after each (to act on the run at a frame, not a time).
final class CollectingSink: FrameSink {
    var frames: [YUVFrame] = []
    var written = 0
    var finished = false
    var abandoned = false
    let delay: Double
    let keep: Bool
    let onWrite: (Int) -> Void

    init(delay: Double = 0, keep: Bool = true, onWrite: @escaping (Int) -> Void = { _ in }) {
        self.delay = delay
        self.keep = keep
        self.onWrite = onWrite
    }

    func write(_ frame: YUVFrame) throws {
        if keep { frames.append(frame) }
        written += 1
        onWrite(written)
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
    }

    func finish() throws { finished = true }
    func abandon() { abandoned = true }
}

/// A parsed YUV4MPEG2 stream.
struct Y4MStream {
    var header: [String: String] = [:]
    var width = 0
    var height = 0
    var frames: [[UInt8]] = []

    init?(_ bytes: [UInt8]) {
        guard let newline = bytes.firstIndex(of: 10) else { return nil }
        let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ").map(String.init)
        guard fields.first == "YUV4MPEG2" else { return nil }
        for field in fields.dropFirst() { header[String(field.prefix(1))] = String(field.dropFirst()) }
        guard let w = header["W"].flatMap(Int.init), let h = header["H"].flatMap(Int.init) else { return nil }
        width = w
        height = h
        let size = YUVFrame.byteCount(width: w, height: h)
        var offset = newline + 1
        while offset < bytes.count {
            guard let end = bytes[offset...].firstIndex(of: 10), bytes[offset..<end].starts(with: Array("FRAME".utf8)),
                  end + 1 + size <= bytes.count else { return nil }
            frames.append(Array(bytes[(end + 1)..<(end + 1 + size)]))
            offset = end + 1 + size
        }
    }
}

extension StickerLibrary {
    func sticker(named name: String) throws -> Sticker {
        guard let sticker = try stickers(named: [name]).first else { throw Workspace.Missing(what: "sticker \(name)") }
        return sticker
    }
}
