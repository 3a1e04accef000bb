@testable import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `live --preview` for real: a real window under Xvfb, keys sent with
/// xdotool, screenshots compared with the source picture. The source is the
/// astronaut photo played as a camera (a still, looped at 10 fps), so every
/// screenshot can be compared with a known picture. Screenshots go to
/// $FACESTICKER_SCREENSHOTS when set (to look at them).
@Suite(.serialized, Fixtures.needsYuNet, .enabled("skipped: Xvfb, xdotool or xwd is missing (the reason is printed above)") { Xvfb.canStart() })
struct LivePreviewTests {
    /// Mean absolute difference of the RGB channels of `a` at (ax, ay) and `b` at (bx, by) over a w x h area;
    /// `flip` reads `b` right to left.
    static func difference(_ a: RGBAImage, _ ax: Int, _ ay: Int, _ b: RGBAImage, _ bx: Int, _ by: Int,
                           _ w: Int, _ h: Int, flip: Bool = false) -> Double {
        var total = 0, count = 0
        for y in 0..<h {
            for x in 0..<w {
                let p = a[ax + x, ay + y], q = b[flip ? bx + w - 1 - x : bx + x, by + y]
                total += abs(Int(p.0) - Int(q.0)) + abs(Int(p.1) - Int(q.1)) + abs(Int(p.2) - Int(q.2))
                count += 3
            }
        }
        return Double(total) / Double(max(1, count))
    }

    static func shotPath(_ name: String) -> String? {
        guard let folder = ProcessInfo.processInfo.environment["FACESTICKER_SCREENSHOTS"], !folder.isEmpty else { return nil }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (folder as NSString).appendingPathComponent(name)
    }

    @Test func theWindowFitsTheScreenShowsTheStickerAndTheKeysWork() throws {
        let x = try Xvfb(width: 1280, height: 800)
        defer { x.stop() }
        let dir = try TemporaryDirectory()
        let run = try CLIRun.Running(["live", "--source", Fixtures.astronaut, "--fps", "10", "--loop", "--preview",
                                      "--sticker", LiveFixtures.sunglassesArt, "-o", dir.url.path],
                                     environment: ["DISPLAY": x.display, "QT_QPA_PLATFORM": "xcb"])
        // Under the parallel suite on 2 cores the window once took over 60 s to appear (a fresh
        // clone's `make test`, issue #44); a hang still fails. Not found: what live said tells why.
        let window: String
        do { window = try x.window(named: "facesticker live", seconds: 3 * Xvfb.startLimit) } catch {
            Issue.record("\(error); live said: \(run.stderr)")
            return
        }
        // 512x512 on a 1280x800 screen: enlarged to 640 wide (within 85% of 800 high).
        #expect(run.waitFor("live: preview 640x640 on a 1280x800 screen, picture 512x512"), "\(run.stderr)")
        let g = try x.geometry(of: window)
        #expect(g.width > 0 && g.width <= 1280 && g.height > 0 && g.height <= 800, "fits the screen: \(g)")
        #expect(abs(g.width - 640) <= 2 && abs(g.height - 640) <= 2, "the fitted size, aspect kept: \(g)")

        // The reference: the photo at the window's size, no sticker.
        let photo = try ImageFile.read(path: Fixtures.astronaut)
        let reference = try OpenCVTestResize.resize(photo, width: g.width, height: g.height)
        // Tolerance 12 (of 255) for colour conversion and the window's scaling, in an area away from the face.
        func background(_ shot: RGBAImage) -> Double { Self.difference(shot, g.x + 420, g.y + 40, reference, 420, 40, 180, 200) }
        // The sunglasses cover the eyes: the face's eye band (face at 178,58 94x117 in the photo, x1.25 here).
        func eyes(_ shot: RGBAImage) -> Double { Self.difference(shot, g.x + 235, g.y + 115, reference, 235, 115, 90, 35) }
        // The hint bar along the bottom fades after 4+1 s: gone when the bottom band is the photo's.
        func hintBand(_ shot: RGBAImage) -> Double {
            Self.difference(shot, g.x + 20, g.y + g.height - 30, reference, 20, g.height - 30, g.width - 40, 24)
        }
        // Two detections confirm the face (about 0.2 s at 10 fps) and the hint bar fades: on a busy
        // machine later, so the screenshot is the first on which all three happened (no fixed wait).
        let plain = try x.screenshot(png: Self.shotPath("live-1-plain.png")) {
            background($0) < 12 && eyes($0) > 40 && hintBand($0) < 12
        }
        #expect(background(plain) < 12, "the picture outside the face is the photo: \(background(plain))")
        #expect(eyes(plain) > 40, "the sticker is on the eyes: \(eyes(plain))")

        // m mirrors the picture: the screenshot is the one before, right to left (tolerance 14 for the sticker's smoothing).
        try x.key("m", window: window)
        #expect(run.waitFor("live: mirror: on"))
        func flipped(_ shot: RGBAImage) -> Double {
            Self.difference(shot, g.x, g.y + 80, plain, g.x, g.y + 80, g.width, g.height - 160, flip: true)
        }
        func unflipped(_ shot: RGBAImage) -> Double { Self.difference(shot, g.x, g.y + 80, plain, g.x, g.y + 80, g.width, g.height - 160) }
        // The sticker follows the mirrored face over a few frames (smoothing): the first screenshot on which it settled.
        let mirrored = try x.screenshot(png: Self.shotPath("live-2-mirrored.png")) { flipped($0) < 14 && unflipped($0) > flipped($0) + 10 }
        #expect(flipped(mirrored) < 14, "mirrored: \(flipped(mirrored))")
        #expect(unflipped(mirrored) > flipped(mirrored) + 10, "and not the same way round: \(unflipped(mirrored))")

        // f: the first filter, sepia: every pixel of the background has r >= g >= b (tolerance 3).
        try x.key("f", window: window)
        #expect(run.waitFor("live: filter: sepia"))
        func warmShare(_ shot: RGBAImage) -> (warm: Int, total: Int) {
            var warm = 0, total = 0
            for yy in stride(from: g.y + 100, to: g.y + g.height - 100, by: 4) {
                for xx in stride(from: g.x, to: g.x + g.width, by: 4) {
                    let p = shot[xx, yy]
                    total += 1
                    if Int(p.0) + 3 >= Int(p.1) && Int(p.1) + 3 >= Int(p.2) { warm += 1 }
                }
            }
            return (warm, total)
        }
        // The first screenshot after the next frame went out with the filter.
        let sepia = try x.screenshot(png: Self.shotPath("live-3-sepia.png")) {
            let share = warmShare($0)
            return Double(share.warm) / Double(share.total) > 0.97
        }
        let (warm, total) = warmShare(sepia)
        #expect(Double(warm) / Double(total) > 0.97, "sepia: \(warm) of \(total) pixels warm")

        // space takes a picture: written, its path on stdout, with the sticker.
        try x.key("space", window: window)
        #expect(run.waitFor("live: shot: ", seconds: Xvfb.startLimit), "\(run.stderr)")
        _ = try x.screenshot(png: Self.shotPath("live-4-shot.png"))
        let written = run.stdout.split(separator: "\n").map(String.init)
        #expect(written.count == 1, "\(run.stdout)")
        if let path = written.first {
            let picture = try ImageFile.read(path: path)
            #expect(picture.width == 512 && picture.height == 512)
        }

        // q quits: exit status 0.
        try x.key("q", window: window)
        #expect(run.wait(seconds: Xvfb.startLimit) == 0, "\(run.stderr)")
    }
}

/// The photo at another size, as the window scales it (OpenCV's area/linear resize).
enum OpenCVTestResize {
    static func resize(_ image: RGBAImage, width: Int, height: Int) throws -> RGBAImage {
        try OpenCV.resize(image, width: width, height: height)
    }
}
