@testable import FaceSticker
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A virtual X display (Debian's `xvfb`) for the preview tests: started by
/// the test, screenshots with `xwd` (x11-apps) read through ffmpeg, keys sent
/// with `xdotool`, stopped by its PID.
final class Xvfb {
    let display: String
    let width: Int, height: Int
    /// Started through the product's own spawn (`ChildProcess`), which gives the child an
    /// empty signal mask: a thread of the test runner may block signals, and an X server
    /// started with them blocked never finishes starting nor stops on SIGTERM.
    private let server: ChildProcess
    private var stopped = false

    /// Whether a virtual display can start here: the tools are installed. When not, says why
    /// on stderr (a visible skip). Nothing is started here: the condition runs where
    /// launching processes is not safe; the test itself starts Xvfb.
    static func canStart() -> Bool {
        for tool in ["Xvfb", "xdotool", "xwd", "ffmpeg"] where which(tool) == nil {
            FileHandle.standardError.write(Data("LivePreviewTests skipped: \(tool) is not installed (scripts/setup.sh installs xvfb, xdotool and x11-apps)\n".utf8))
            return false
        }
        return true
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if access(path, X_OK) == 0 { return path }
        }
        return nil
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    /// How long the server may take to answer, and a window or a picture to appear: limits
    /// for a hang, far above what a machine running 3-5 times slower than usual needs.
    static let startLimit = 60.0

    init(width: Int = 1280, height: Int = 800) throws {
        self.width = width
        self.height = height
        guard Self.which("Xvfb") != nil else { throw Failure(description: "no Xvfb") }
        // A display number nobody uses: its lock file and socket are absent.
        var number = 70 + Int(getpid() % 200)
        while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
            || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") { number += 1 }
        display = ":\(number)"
        // `-noreset`: by default the server resets when its last client leaves (each xdotool
        // call, live's display probe), and a client connecting during the reset is refused:
        // live's Qt then aborts on "could not connect to display" and no window appears (twice
        // in a fresh clone's `make test` under the parallel suite; openscad#3037, mantid#31570).
        server = try ChildProcess("Xvfb", [display, "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp", "-noreset"],
                                  output: false)
        // Ready once its socket answers; the limit is generous (a busy machine starts it slowly)
        // and only tells a server that never starts from a slow one.
        let deadline = Date().addingTimeInterval(Self.startLimit)
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)"),
               (try? run(["xdotool", "getdisplaygeometry"]))?.status == 0 { return }
            if kill(server.pid, 0) != 0 { throw Failure(description: "Xvfb \(display) exited at start") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        stop()
        throw Failure(description: "Xvfb \(display) did not answer within \(Int(Self.startLimit)) s")
    }

    deinit { stop() }

    /// Stops the server by its PID and waits for it.
    func stop() {
        guard !stopped else { return }
        stopped = true
        kill(server.pid, SIGTERM)
        server.wait()
    }

    /// Runs a tool on this display; returns its status and stdout.
    @discardableResult
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let run = try CLIRun(program: "/usr/bin/env", arguments, environment: ["DISPLAY": display])
        return (run.status, run.stdout)
    }

    /// The whole screen as RGBA, and a PNG copy at `png` when given.
    func screenshot(png: String? = nil) throws -> RGBAImage {
        // Through a file: ffmpeg's xwd_pipe demuxer does not read xwd's stream from a pipe.
        let folder = try TemporaryDirectory()
        let file = folder.path("screen.xwd")
        let script = "xwd -root -silent -out \(file) && ffmpeg -v error -i \(file) -f rawvideo -pix_fmt rgba -"
        let data = try CLIRun(program: "/bin/sh", ["-c", script], environment: ["DISPLAY": display]).stdoutData
        guard let image = RGBAImage(width: width, height: height, pixels: [UInt8](data)) else {
            throw Failure(description: "screenshot: \(data.count) bytes for \(width)x\(height)")
        }
        if let png { try ImageFile.write(image, to: png) }
        return image
    }

    /// The first screenshot on which `condition` holds, taken every half second; the last one
    /// taken when it did not hold within `seconds` (the test's expectations then say what is
    /// wrong with it). A wait for the picture to settle, never the check itself: the preview
    /// runs in real time, so how soon a change shows depends on how busy the machine is.
    func screenshot(png: String? = nil, seconds: Double = startLimit, until condition: (RGBAImage) -> Bool) throws -> RGBAImage {
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let image = try screenshot()
            if condition(image) || Date() >= deadline {
                if let png { try ImageFile.write(image, to: png) }
                return image
            }
            Thread.sleep(forTimeInterval: 0.5)
        }
    }

    /// The first window whose name contains `name`, waiting up to `seconds`.
    func window(named name: String, seconds: Double = startLimit) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let found = try run(["xdotool", "search", "--name", name])
            if found.status == 0, let id = found.output.split(separator: "\n").first { return String(id) }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw Failure(description: "no window named \(name) within \(seconds) s")
    }

    /// The window's geometry as xdotool reports it.
    func geometry(of window: String) throws -> (x: Int, y: Int, width: Int, height: Int) {
        let shell = try run(["xdotool", "getwindowgeometry", "--shell", window]).output
        var values: [String: Int] = [:]
        for line in shell.split(separator: "\n") {
            let parts = line.split(separator: "=")
            if parts.count == 2 { values[String(parts[0])] = Int(parts[1]) }
        }
        return (values["X"] ?? -1, values["Y"] ?? -1, values["WIDTH"] ?? -1, values["HEIGHT"] ?? -1)
    }

    func key(_ key: String, window: String) throws {
        try run(["xdotool", "key", "--window", window, key])
    }
}
